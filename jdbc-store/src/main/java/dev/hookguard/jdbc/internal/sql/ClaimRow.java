package dev.hookguard.jdbc.internal.sql;

import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * The columns of a row that a claim decides by ({@link ClaimQueries#claimColumns()}): never the kept payload, the
 * last error or the operators' history, which a duplicate claim does not need and which can be large.
 *
 * @param status the row's status
 * @param fingerprint the fingerprint of its first delivery
 * @param token its fencing token
 * @param attempts its attempts so far
 * @param leaseUntil the end of its lease, while PROCESSING
 * @param expiresAt the end of its retention, by the database's clock
 * @param nextAttemptAt its due time while in the due queue, which keeps it alive past {@code expiresAt}
 * @param response the stored response of a SUCCEEDED or REJECTED row
 */
public record ClaimRow(
        RecordStatus status,
        Fingerprint fingerprint,
        long token,
        int attempts,
        @Nullable Instant leaseUntil,
        Instant expiresAt,
        @Nullable Instant nextAttemptAt,
        @Nullable StoredResponse response) {

    /** Past its retention and not in the due queue: it behaves as absent (see {@link ClaimQueries#expired()}). */
    public boolean expired(Instant now) {
        return nextAttemptAt == null && !now.isBefore(expiresAt);
    }
}
