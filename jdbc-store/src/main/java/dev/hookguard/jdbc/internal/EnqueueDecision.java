package dev.hookguard.jdbc.internal;

import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.jdbc.internal.sql.StoredRow;
import java.time.Instant;
import java.util.Optional;

/**
 * What an enqueue reports for a row it found (DESIGN.md §3, async intake), judged at the database's {@code now} read
 * by the same statement: empty when the row is past its retention and starts over as QUEUED.
 */
public final class EnqueueDecision {

    private EnqueueDecision() {}

    static Optional<EnqueueOutcome> of(StoredRow row, Fingerprint fingerprint, Instant now) {
        if (row.expired(now)) {
            return Optional.empty();
        }
        EventRecord r = row.record();
        if (!r.fingerprint().equals(fingerprint)) {
            return Optional.of(new EnqueueOutcome.Mismatch());
        }
        return Optional.of(
                switch (r.status()) {
                    case QUEUED, PROCESSING, FAILED -> new EnqueueOutcome.Pending(r.status());
                    case SUCCEEDED, REJECTED -> new EnqueueOutcome.Duplicate(r.status(), r.response());
                    case DEAD -> new EnqueueOutcome.Dead();
                });
    }
}
