package dev.hookguard.jdbc.internal;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/** How one dialect performs the atomic claim of DESIGN.md §3. */
public interface ClaimStrategy {

    /**
     * How often a claim starts over when the row changed between its attempt and its read (a completion, failure,
     * lease expiry or purge in between). Each round means another worker made progress, so a few suffice.
     */
    int MAX_ROUNDS = 8;

    /** Reported when {@link #MAX_ROUNDS} were not enough: the event is contended, try again shortly. */
    ClaimOutcome CONTENDED = new ClaimOutcome.InProgress(Duration.ofSeconds(1));

    /**
     * Runs each of the claim's statements once for {@code key} on {@code connection}, inside the caller's transaction,
     * which the caller rolls back: the store's warm-up, which must leave nothing behind.
     */
    void warm(Connection connection, EventKey key, IdempotencyPolicy policy) throws SQLException;

    /** The claim; with a {@code payload}, a fresh row or one taken over that keeps none keeps it, atomically. */
    ClaimOutcome claim(EventKey key, Fingerprint fingerprint, @Nullable Payload payload, IdempotencyPolicy policy);
}
