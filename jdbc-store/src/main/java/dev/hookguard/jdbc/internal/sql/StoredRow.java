package dev.hookguard.jdbc.internal.sql;

import dev.hookguard.core.EventRecord;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One row as read from the table: the record and when it expires (past which it behaves as absent).
 *
 * @param record the record
 * @param expiresAt the end of its retention, by the database's clock
 * @param nextAttemptAt its due time while in the due queue, which keeps it alive past {@code expiresAt}
 */
public record StoredRow(
        EventRecord record, Instant expiresAt, @Nullable Instant nextAttemptAt) {

    /** Past its retention and not in the due queue: it behaves as absent (see {@link ClaimQueries#expired()}). */
    public boolean expired(Instant now) {
        return nextAttemptAt == null && !now.isBefore(expiresAt);
    }
}
