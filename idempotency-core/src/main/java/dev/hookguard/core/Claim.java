package dev.hookguard.core;

import java.util.Objects;

/**
 * What an acquired claim holds, as one value: the event, the fencing token the claim returned and the policy it
 * was made under. {@link IdempotencyStore#complete(Claim, Completion)}, {@link IdempotencyStore#fail(Claim,
 * Failure)} and {@link IdempotencyStore#renew(Claim)} take it, so a caller does not carry the three by hand. Get it
 * from {@link ClaimOutcome.Acquired#claim(EventKey, IdempotencyPolicy)} with the key and policy given to {@code
 * claim}.
 *
 * @param key the event claimed
 * @param token the claim's fencing token; every write with it is refused as {@link WriteOutcome.Stale} once another
 *     claim took the event over
 * @param policy the policy of the claim: its lease for renewals, its retention and attempts for the verdict
 */
public record Claim(EventKey key, long token, IdempotencyPolicy policy) {

    /** Checks that key and policy are present. */
    public Claim {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(policy, "policy");
    }
}
