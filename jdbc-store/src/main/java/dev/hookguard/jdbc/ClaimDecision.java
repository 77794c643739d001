package dev.hookguard.jdbc;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Fingerprint;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What a claim finds in a row it read (DESIGN.md §3), judged at the database's {@code now} read by the same
 * statement. The single place that maps a stored row to a claim outcome, so the guarded upsert's fallback read and
 * the locking claim cannot disagree.
 */
sealed interface ClaimDecision {

    /** No row: the claim inserts one. */
    record Missing() implements ClaimDecision {}

    /**
     * The claim may take the row over.
     *
     * @param acquired the token and attempt the takeover writes
     * @param fresh true when the row was past its retention and starts over (attempt 1, new fingerprint)
     */
    record TakeOver(ClaimOutcome.Acquired acquired, boolean fresh) implements ClaimDecision {}

    /**
     * The row is held or finished; the claim reports it and writes nothing.
     *
     * @param outcome Duplicate, InProgress, Mismatch or Dead
     */
    record Report(ClaimOutcome outcome) implements ClaimDecision {}

    /** The decision for {@code row} (null when there is none) and a delivery with {@code fingerprint}. */
    static ClaimDecision of(@Nullable StoredRow row, Fingerprint fingerprint, Instant now) {
        if (row == null) {
            return new Missing();
        }
        EventRecord r = row.record();
        if (!now.isBefore(row.expiresAt())) {
            return new TakeOver(new ClaimOutcome.Acquired(r.token() + 1, 1), true);
        }
        if (!r.fingerprint().equals(fingerprint)) {
            return new Report(new ClaimOutcome.Mismatch());
        }
        return switch (r.status()) {
            case PROCESSING ->
                r.leaseUntil() != null && now.isBefore(r.leaseUntil())
                        ? new Report(new ClaimOutcome.InProgress(Duration.between(now, r.leaseUntil())))
                        : reclaim(r);
            case FAILED, QUEUED -> reclaim(r);
            case SUCCEEDED, REJECTED -> new Report(new ClaimOutcome.Duplicate(r.status(), r.response()));
            case DEAD -> new Report(new ClaimOutcome.Dead());
        };
    }

    private static ClaimDecision reclaim(EventRecord r) {
        return new TakeOver(new ClaimOutcome.Acquired(r.token() + 1, r.attempts() + 1), false);
    }
}
