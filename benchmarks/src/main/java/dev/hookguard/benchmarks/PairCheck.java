package dev.hookguard.benchmarks;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.WriteOutcome;

/**
 * One claim + complete pair on a store, checked: a benchmark whose claims did not acquire, or whose completions
 * were stale, would measure something cheaper than the real work, so it fails instead.
 */
final class PairCheck {

    private PairCheck() {}

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
