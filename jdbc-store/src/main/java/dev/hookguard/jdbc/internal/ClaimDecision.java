package dev.hookguard.jdbc.internal;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.jdbc.internal.sql.ClaimRow;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * What a claim finds in a row it read (DESIGN.md §3), judged at the database's {@code now} read by the same
 * statement. The single place that maps a stored row to a claim outcome, so the guarded upsert's fallback read and
 * the locking claim cannot disagree.
 */
public sealed interface ClaimDecision {

    /** No row: the claim inserts one. */
    record Missing() implements ClaimDecision {}

    /**
     * The claim may take the row over.
     *
     * @param acquired the token and attempt the takeover writes
     * @param previousToken the row's token that the takeover replaces (its update is guarded by it)
     * @param fresh true when the row was past its retention and starts over (attempt 1, new fingerprint)
     */
    record TakeOver(ClaimOutcome.Acquired acquired, long previousToken, boolean fresh) implements ClaimDecision {}

    /**
     * The row is held or finished; the claim reports it and writes nothing.
     *
     * @param outcome Duplicate, InProgress, Mismatch or Dead
     */
    record Report(ClaimOutcome outcome) implements ClaimDecision {}

    /**
     * The decision for {@code row} (null when there is none) and a delivery with {@code fingerprint}, at the
     * database's {@code now} (also in microseconds, the floor of a new token).
     */
    static ClaimDecision of(@Nullable ClaimRow r, Fingerprint fingerprint, Instant now, long nowMicros) {
        if (r == null) {
            return new Missing();
        }
        if (r.expired(now)) {
            return new TakeOver(new ClaimOutcome.Acquired(nextToken(r, nowMicros), 1), r.token(), true);
        }
        if (!r.fingerprint().equals(fingerprint)) {
            return new Report(new ClaimOutcome.Mismatch());
        }
        return switch (r.status()) {
            case PROCESSING ->
                r.leaseUntil() != null && now.isBefore(r.leaseUntil())
                        ? new Report(new ClaimOutcome.InProgress(Duration.between(now, r.leaseUntil())))
                        : reclaim(r, nowMicros);
            case FAILED, QUEUED -> reclaim(r, nowMicros);
            case SUCCEEDED, REJECTED -> new Report(new ClaimOutcome.Duplicate(r.status(), r.response()));
            case DEAD -> new Report(new ClaimOutcome.Dead());
        };
    }

    private static ClaimDecision reclaim(ClaimRow r, long nowMicros) {
        return new TakeOver(new ClaimOutcome.Acquired(nextToken(r, nowMicros), r.attempts() + 1), r.token(), false);
    }

    /** {@code greatest(token + 1, now in µs)}: higher than every token the key had, also before a purge. */
    static long nextToken(ClaimRow r, long nowMicros) {
        return nextToken(r.token(), nowMicros);
    }

    /** {@code greatest(token + 1, now in µs)} of a row whose token is {@code token}. */
    static long nextToken(long token, long nowMicros) {
        return Math.max(token + 1, nowMicros);
    }
}
