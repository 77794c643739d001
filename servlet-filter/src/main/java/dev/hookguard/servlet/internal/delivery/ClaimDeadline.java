package dev.hookguard.servlet.internal.delivery;

import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.internal.executor.InFlight;
import dev.hookguard.core.internal.executor.Start;
import dev.hookguard.servlet.HookguardFilterConfig;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * Bounds a claim by {@link HookguardFilterConfig#storeTimeout()}, whatever the store's own timeouts: the claim
 * runs on a claim thread while the request thread waits at most that long, then answers 503. A claim that lands
 * after its deadline is given back ({@link InFlight#release}: FAILED, so that the sender's retry takes it over
 * at once); while every claim thread is stuck in a store that does not answer, further claims are refused
 * at once rather than queued.
 *
 * <p>A store that never waits on I/O (the {@link dev.hookguard.core.memory.InMemoryStore}) is called on the request
 * thread instead: no hand-off, no claim thread, nothing to bound.
 */
public final class ClaimDeadline implements AutoCloseable {

    /**
     * Claims that may wait on the store at the same time: far above a container's request threads, since a claim
     * past its deadline may hold its thread for the store's own timeout.
     */
    static final int MAX_CLAIMS = 1024;

    private final Duration timeout;
    private final boolean inline;
    private final ThreadPoolExecutor threads;

    /** A deadline of {@code timeout}; {@code inline} for a store that never waits on I/O (the request thread claims). */
    ClaimDeadline(Duration timeout, boolean inline) {
        this.timeout = timeout;
        this.inline = inline;
        this.threads = new ThreadPoolExecutor(
                0, MAX_CLAIMS, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), ClaimDeadline::claimThread);
    }

    /** The claim's start, or {@link StoreUnavailableException} once the deadline passed. */
    Start claim(Supplier<Start> claim) {
        if (inline) {
            return claim.get();
        }
        CompletableFuture<Start> result;
        try {
            result = CompletableFuture.supplyAsync(claim, threads);
        } catch (RejectedExecutionException e) {
            throw new StoreUnavailableException("every claim thread is waiting on the store", e);
        }
        try {
            return result.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            result.thenAccept(ClaimDeadline::abandon);
            throw new StoreUnavailableException("the claim took longer than " + timeout, e);
        } catch (ExecutionException e) {
            throw rethrown(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            result.thenAccept(ClaimDeadline::abandon);
            throw new StoreUnavailableException("interrupted while claiming", e);
        }
    }

    /**
     * Another single store operation (async intake's enqueue) within the same deadline; one that lands after it
     * stands (an enqueued event is dispatched whatever the sender was answered).
     */
    <T> T bounded(Supplier<T> work) {
        if (inline) {
            return work.get();
        }
        CompletableFuture<T> result;
        try {
            result = CompletableFuture.supplyAsync(work, threads);
        } catch (RejectedExecutionException e) {
            throw new StoreUnavailableException("every claim thread is waiting on the store", e);
        }
        try {
            return result.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new StoreUnavailableException("the store took longer than " + timeout, e);
        } catch (ExecutionException e) {
            throw rethrown(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreUnavailableException("interrupted while waiting on the store", e);
        }
    }

    private static void abandon(Start start) {
        if (start instanceof InFlight inFlight) {
            inFlight.release("the claim was answered after the filter's store timeout");
        }
    }

    private static RuntimeException rethrown(Throwable cause) {
        if (cause instanceof RuntimeException e) {
            return e;
        }
        if (cause instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(cause);
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }

    private static Thread claimThread(Runnable task) {
        Thread thread = new Thread(task, "hookguard-claim");
        thread.setDaemon(true);
        return thread;
    }
}
