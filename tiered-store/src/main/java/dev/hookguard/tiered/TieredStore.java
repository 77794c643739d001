package dev.hookguard.tiered;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.ForwardingRecoveryStore;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.tiered.internal.CacheConnections;
import dev.hookguard.tiered.internal.CacheGuard;
import dev.hookguard.tiered.internal.CachedVerdict;
import dev.hookguard.tiered.internal.ClaimedFingerprints;
import dev.hookguard.tiered.internal.VerdictCache;
import io.lettuce.core.AbstractRedisClient;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link RecoveryStore} whose records live in another store, the <em>authority</em> (the JDBC store), and whose
 * duplicates of settled events are answered by a Redis cache of their verdicts. Everything is the authority's but
 * one read: a claim asks the cache first, and a cached SUCCEEDED or REJECTED verdict answers it ({@code Duplicate}
 * with the same fingerprint, {@code Mismatch} with another) without a database round trip; anything else is the
 * authority's claim, unchanged. A verdict is cached only after the authority recorded it, without waiting, for the
 * retention left; every operator action leaves a tombstone in the cache before it changes the record, so the cache
 * never answers for a record the database no longer holds as that verdict.
 *
 * <p>Redis down, slow or failed over costs speed, never availability: each cache command waits at most {@link
 * TieredStoreConfig#commandTimeout()}, and a circuit breaker takes the cache out of the path while it fails and
 * puts it back once Redis answers. Only operator actions need the cache: one that cannot leave its tombstone is
 * refused with {@link dev.hookguard.core.StoreUnavailableException}, the record unchanged.
 */
public class TieredStore extends ForwardingRecoveryStore implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(TieredStore.class);
    /** The shortest life of a tombstone, whatever the action's retention. */
    private static final Duration MIN_TOMBSTONE = Duration.ofMinutes(1);

    private final CacheGuard cache;
    private final ClaimedFingerprints claimed = new ClaimedFingerprints();

    private TieredStore(RecoveryStore authority, CacheGuard cache) {
        super(authority);
        this.cache = cache;
    }

    /**
     * A tiered store over {@code authority} with a cache on its own connection to the Redis at {@code redisUri}: one
     * server ({@code redis://}, {@code rediss://}), Sentinel ({@code redis-sentinel://…#master}) or a cluster's
     * comma-separated seed nodes. {@link #close()} closes that connection, not the authority.
     *
     * @throws dev.hookguard.core.StoreUnavailableException when Redis cannot be reached at start-up
     */
    public static TieredStore of(RecoveryStore authority, String redisUri, TieredStoreConfig config) {
        return new TieredStore(authority, guard(CacheConnections.open(redisUri, config), config));
    }

    /**
     * A tiered store whose cache opens a connection of its own from the application's {@code RedisClient} or {@code
     * RedisClusterClient}, with the client's options; {@link #close()} closes that connection, the client stays the
     * application's.
     */
    public static TieredStore of(RecoveryStore authority, AbstractRedisClient client, TieredStoreConfig config) {
        return new TieredStore(authority, guard(CacheConnections.open(client, config), config));
    }

    private static CacheGuard guard(VerdictCache cache, TieredStoreConfig config) {
        return new CacheGuard(cache, config.commandTimeout(), config.openFor());
    }

    @Override
    public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
        return claim(key, fingerprint, null, policy);
    }

    @Override
    public ClaimOutcome claim(
            EventKey key, Fingerprint fingerprint, @Nullable Payload payload, IdempotencyPolicy policy) {
        Optional<CachedVerdict> cached = cache.read(key);
        if (cached.isPresent()) {
            return cached.get().answer(fingerprint);
        }
        ClaimOutcome outcome = super.claim(key, fingerprint, payload, policy);
        if (outcome instanceof ClaimOutcome.Acquired acquired) {
            claimed.put(key, acquired.token(), fingerprint);
        }
        return outcome;
    }

    @Override
    public WriteOutcome complete(EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
        long started = System.nanoTime();
        WriteOutcome outcome = super.complete(key, token, completion, policy);
        Fingerprint fingerprint = claimed.remove(key, token);
        if (fingerprint != null && outcome instanceof WriteOutcome.Recorded recorded) {
            // the record expires at the authority's now + retention, and its now came after `started`
            long ttl = policy.retention().toMillis() - (System.nanoTime() - started) / 1_000_000;
            if (ttl > 0 && CachedVerdict.cacheable(recorded.status())) {
                cache.fill(key, new CachedVerdict(recorded.status(), fingerprint, completion.response()), ttl);
            }
        }
        return outcome;
    }

    @Override
    public WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
        claimed.remove(key, token);
        return super.fail(key, token, failure, policy);
    }

    @Override
    public void warmUp() {
        super.warmUp();
        if (!cache.probe(EventKey.of("hookguard-warm-up", "tiered-cache"))) {
            log.warn("the tiered store's cache did not answer at start-up; the database answers alone until it does");
        }
    }

    @Override
    public AdminOutcome replay(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        evict(key, policy);
        return super.replay(key, action, policy);
    }

    @Override
    public AdminOutcome requeue(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        evict(key, policy);
        return super.requeue(key, action, policy);
    }

    @Override
    public AdminOutcome resolve(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        evict(key, policy);
        return super.resolve(key, action, policy);
    }

    @Override
    public AdminOutcome skip(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        evict(key, policy);
        return super.skip(key, action, policy);
    }

    /** Leaves a tombstone, as an operator's action does, before the authority deletes the archived dead letter. */
    @Override
    public AdminOutcome purge(EventKey key, Instant updatedAt) {
        cache.evict(key, MIN_TOMBSTONE);
        return super.purge(key, updatedAt);
    }

    /** The store that holds the records: what the purge, the schema check and the transactional mode work on. */
    public RecoveryStore authority() {
        return delegate();
    }

    /** What the cache did since the store was built, and whether the breaker keeps it out of the path now. */
    public CacheStats cacheStats() {
        return cache.counts();
    }

    /** Closes the cache's connection (one the store opened); the authority stays open. */
    @Override
    public void close() {
        cache.close();
    }

    /**
     * Leaves a tombstone before the record changes: from then on no fill, however late, caches the old verdict, and
     * the new one is answered by the authority for as long as the record's retention.
     */
    private void evict(EventKey key, IdempotencyPolicy policy) {
        Duration retention = policy.retention();
        cache.evict(key, retention.compareTo(MIN_TOMBSTONE) > 0 ? retention : MIN_TOMBSTONE);
    }

    /**
     * What the cache did since the store was built.
     *
     * @param hits claims the cache answered
     * @param misses claims the cache had no verdict for (the database answered)
     * @param bypasses claims that skipped the cache because the breaker was open or Redis failed or was too slow
     * @param evictions tombstones written for operators' actions
     * @param fills verdicts written to the cache
     * @param fillsDropped verdicts not written (breaker open, too many in flight, Redis failed)
     * @param degraded true while the breaker keeps the cache out of the path (open or half-open)
     * @param breakerState the breaker's state: {@code CLOSED}, {@code OPEN}, {@code HALF_OPEN}, …
     */
    public record CacheStats(
            long hits,
            long misses,
            long bypasses,
            long evictions,
            long fills,
            long fillsDropped,
            boolean degraded,
            String breakerState) {}
}
