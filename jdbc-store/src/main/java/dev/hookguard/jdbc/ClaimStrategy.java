package dev.hookguard.jdbc;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import java.time.Duration;

/** How one dialect performs the atomic claim of DESIGN.md §3. */
interface ClaimStrategy {

    /**
     * How often a claim starts over when the row changed between its attempt and its read (a completion, failure,
     * lease expiry or purge in between). Each round means another worker made progress, so a few suffice.
     */
    int MAX_ROUNDS = 8;

    /** Reported when {@link #MAX_ROUNDS} were not enough: the event is contended, try again shortly. */
    ClaimOutcome CONTENDED = new ClaimOutcome.InProgress(Duration.ofSeconds(1));

    ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy);
}
