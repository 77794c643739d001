package dev.hookguard.servlet.internal.archive;

import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilterConfig;
import java.time.Duration;

/**
 * Keeps dead letters in the store until they are archived, without a change to any store's expiry: with archiving on,
 * the store is given every endpoint's policy with its dead retention replaced by {@link #HOLD}, and a REJECTED record
 * is completed with the hold as its retention ({@link RejectedHold}); the endpoint's configured dead retention becomes
 * the age at which the archiver deletes an archived dead letter, DEAD or REJECTED.
 */
public final class ArchiveHold {

    /**
     * The dead retention the store is given: 100 years, "kept until archived". Every store takes it: Redis {@code
     * PEXPIRE} of about 3.2e12 ms, the JDBC {@code expires_at} of now plus that many milliseconds, the in-memory
     * store's {@code Instant} arithmetic.
     */
    public static final Duration HOLD = Duration.ofDays(36_525);

    private ArchiveHold() {}

    /**
     * {@code config} with every endpoint's dead retention held and its store completing REJECTED records with the hold
     * as their retention ({@link RejectedHold}), when archiving is on; else {@code config}.
     */
    public static HookguardFilterConfig held(HookguardFilterConfig config) {
        if (!config.archive().enabled()) {
            return config;
        }
        HookguardFilterConfig.Builder held = HookguardFilterConfig.from(config)
                .endpoints(config.endpoints().stream().map(ArchiveHold::held).toList());
        if (config.store() instanceof RecoveryStore store) {
            held.store(new RejectedHold(store));
        }
        return held.build();
    }

    private static EndpointConfig held(EndpointConfig endpoint) {
        IdempotencyPolicy policy =
                IdempotencyPolicy.from(endpoint.policy()).deadRetention(HOLD).build();
        return EndpointConfig.from(endpoint).policy(policy).build();
    }
}
