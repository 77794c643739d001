package dev.hookguard.redis;

import dev.hookguard.core.IdempotencyPolicy;
import java.time.Duration;

/** How long an endpoint's index outlives its newest entry: the longer of the retentions, plus a margin. */
final class IndexTtl {

    /** An index outlives its newest entry's record by this much. */
    static final Duration MARGIN = Duration.ofHours(1);

    private IndexTtl() {}

    static Duration of(IdempotencyPolicy policy) {
        Duration longest =
                policy.deadRetention().compareTo(policy.retention()) > 0 ? policy.deadRetention() : policy.retention();
        return longest.plus(MARGIN);
    }
}
