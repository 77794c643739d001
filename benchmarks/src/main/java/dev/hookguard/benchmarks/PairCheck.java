package dev.hookguard.benchmarks;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.WriteOutcome;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One claim + complete pair on a store, checked: a benchmark whose claims did not acquire, or whose completions
 * were stale, would measure something cheaper than the real work, so it fails instead.
 */
public final class PairCheck {

    private PairCheck() {}

    /** Seeds {@link Workload#SEEDED} completed events of {@code endpoint}, the duplicates of the duplicate workload. */
    public static void seed(IdempotencyStore store, String endpoint) {
        for (int n = 1; n <= Workload.SEEDED; n++) {
            EventKey key = EventKey.of(endpoint, Workload.seededId(n));
            if (store.claim(key, Workload.FINGERPRINT, Workload.POLICY) instanceof ClaimOutcome.Acquired acquired) {
                store.complete(key, acquired.token(), Workload.COMPLETION, Workload.POLICY);
            }
        }
    }

    /**
     * The duplicate workload: one operation in {@link Workload#NEW_EVERY} is a new event's claim + complete on {@code
     * endpoint}, the others (80 %) a claim of one of the {@link Workload#SEEDED} completed events of {@code
     * duplicates}, reported as a duplicate.
     */
    static Object mostlyDuplicates(IdempotencyStore store, EventIds ids, String endpoint, String duplicates) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        if (random.nextInt(Workload.NEW_EVERY) == 0) {
            return claimAndComplete(store, ids.nextKey(endpoint));
        }
        return duplicate(store, EventKey.of(duplicates, Workload.seededId(1 + random.nextInt(Workload.SEEDED))));
    }

    /** A duplicate of a seeded, completed event: the claim must report it with its stored response. */
    static ClaimOutcome duplicate(IdempotencyStore store, EventKey key) {
        ClaimOutcome claim = store.claim(key, Workload.FINGERPRINT, Workload.POLICY);
        if (!(claim instanceof ClaimOutcome.Duplicate)) {
            throw new IllegalStateException("a seeded event was not reported as a duplicate: " + claim);
        }
        return claim;
    }

    static WriteOutcome claimAndComplete(IdempotencyStore store, EventKey key) {
        ClaimOutcome claim = store.claim(key, Workload.FINGERPRINT, Workload.POLICY);
        if (!(claim instanceof ClaimOutcome.Acquired acquired)) {
            throw new IllegalStateException("a new event was not acquired: " + claim);
        }
        WriteOutcome written = store.complete(key, acquired.token(), Workload.COMPLETION, Workload.POLICY);
        if (!(written instanceof WriteOutcome.Recorded)) {
            throw new IllegalStateException("the completion was not recorded: " + written);
        }
        return written;
    }
}
