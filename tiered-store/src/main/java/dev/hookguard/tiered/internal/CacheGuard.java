package dev.hookguard.tiered.internal;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.tiered.TieredStore;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.circuitbreaker.CircuitBreakerConfig;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts the {@link VerdictCache} behind a Resilience4j circuit breaker and a short wait, and counts what the cache
 * did. A read that is not permitted (breaker open), fails or times out is a bypass: the caller goes to the database.
 * Fills are sent without waiting, at most {@link #MAX_FILLS_IN_FLIGHT} at once (more are dropped: a dropped fill
 * costs a database round trip later, never a guarantee). Evictions are waited for and tried whatever the breaker
 * says, since an operator's action must not be reported done while the cache could still answer for the record.
 */
public final class CacheGuard {

    /** The most fills sent and not yet answered. */
    static final int MAX_FILLS_IN_FLIGHT = 1024;

    private static final Logger log = LoggerFactory.getLogger(CacheGuard.class);

    private final VerdictCache cache;
    private final CircuitBreaker breaker;
    private final long timeoutNanos;
    private final Semaphore fillsInFlight = new Semaphore(MAX_FILLS_IN_FLIGHT);
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();
    private final LongAdder bypasses = new LongAdder();
    private final LongAdder evictions = new LongAdder();
    private final LongAdder fills = new LongAdder();
    private final LongAdder fillsDropped = new LongAdder();

    /**
     * @param cache the cache to guard
     * @param commandTimeout how long one command may take; a slower one counts as a failure
     * @param openFor how long the breaker stays open before it tries Redis again
     */
    public CacheGuard(VerdictCache cache, Duration commandTimeout, Duration openFor) {
        this.cache = cache;
        this.timeoutNanos = commandTimeout.toNanos();
        this.breaker = CircuitBreaker.of(
                "hookguard-cache",
                CircuitBreakerConfig.custom()
                        .slidingWindowType(CircuitBreakerConfig.SlidingWindowType.COUNT_BASED)
                        .slidingWindowSize(20)
                        .minimumNumberOfCalls(10)
                        .failureRateThreshold(50)
                        .slowCallDurationThreshold(commandTimeout)
                        .slowCallRateThreshold(100)
                        .waitDurationInOpenState(openFor)
                        .permittedNumberOfCallsInHalfOpenState(3)
                        .recordExceptions(Throwable.class)
                        .build());
        breaker.getEventPublisher()
                .onStateTransition(event -> log.warn(
                        "verdict cache circuit breaker {}: {}",
                        event.getStateTransition(),
                        event.getStateTransition().getToState() == CircuitBreaker.State.CLOSED
                                ? "duplicates are answered from Redis again"
                                : "the database answers alone"));
    }

    /** The cached verdict, or empty on a miss or a bypass (both counted). */
    public Optional<CachedVerdict> read(EventKey key) {
        Optional<Optional<CachedVerdict>> read = call(() -> cache.read(key));
        if (read.isEmpty()) {
            bypasses.increment();
            return Optional.empty();
        }
        (read.get().isPresent() ? hits : misses).increment();
        return read.get();
    }

    /** Sends the fill and returns at once; dropped when the breaker is open or too many fills wait. */
    public void fill(EventKey key, CachedVerdict verdict, long ttlMillis) {
        if (!fillsInFlight.tryAcquire()) {
            fillsDropped.increment();
            return;
        }
        if (!breaker.tryAcquirePermission()) {
            fillsInFlight.release();
            fillsDropped.increment();
            return;
        }
        long start = System.nanoTime();
        try {
            cache.fill(key, verdict, ttlMillis).whenComplete((written, e) -> {
                fillsInFlight.release();
                record(start, e);
                (e == null ? fills : fillsDropped).increment();
            });
        } catch (RuntimeException e) {
            fillsInFlight.release();
            record(start, e);
            fillsDropped.increment();
        }
    }

    /**
     * Leaves a tombstone for the event, waiting for Redis to confirm it.
     *
     * @throws StoreUnavailableException when Redis does not confirm it in time: the caller must not go on
     */
    public void evict(EventKey key, Duration tombstone) {
        long start = System.nanoTime();
        try {
            cache.evict(key, Math.max(1, tombstone.toMillis()))
                    .toCompletableFuture()
                    .get(timeoutNanos, TimeUnit.NANOSECONDS);
            record(start, null);
            evictions.increment();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw unavailable(key, e);
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            record(start, e);
            throw unavailable(key, e);
        }
    }

    /** A probe that reads one key which never exists; true when Redis answered in time. */
    public boolean probe(EventKey key) {
        return call(() -> cache.read(key)).isPresent();
    }

    /** The counters and the breaker's state, now. */
    public TieredStore.CacheStats counts() {
        return new TieredStore.CacheStats(
                hits.sum(),
                misses.sum(),
                bypasses.sum(),
                evictions.sum(),
                fills.sum(),
                fillsDropped.sum(),
                breaker.getState() != CircuitBreaker.State.CLOSED,
                breaker.getState().name());
    }

    /** Closes the cache's connection (when it is the cache's own). */
    public void close() {
        cache.close();
    }

    private <T> Optional<T> call(Supplier<CompletionStage<T>> command) {
        if (!breaker.tryAcquirePermission()) {
            return Optional.empty();
        }
        long start = System.nanoTime();
        try {
            T value = command.get().toCompletableFuture().get(timeoutNanos, TimeUnit.NANOSECONDS);
            record(start, null);
            return Optional.of(value);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            breaker.releasePermission();
            return Optional.empty();
        } catch (ExecutionException | TimeoutException | RuntimeException e) {
            record(start, e);
            return Optional.empty();
        }
    }

    private void record(long start, Throwable e) {
        long took = System.nanoTime() - start;
        if (e == null) {
            breaker.onSuccess(took, TimeUnit.NANOSECONDS);
        } else {
            breaker.onError(took, TimeUnit.NANOSECONDS, e);
        }
    }

    private static StoreUnavailableException unavailable(EventKey key, Exception e) {
        return new StoreUnavailableException(
                "cannot evict the cached verdict of " + key + " from Redis, so the operator's action was not done: "
                        + e.getMessage(),
                e);
    }
}
