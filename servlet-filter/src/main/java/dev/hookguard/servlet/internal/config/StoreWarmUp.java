package dev.hookguard.servlet.internal.config;

import dev.hookguard.core.IdempotencyStore;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Warms the store when a filter starts ({@link IdempotencyStore#warmUp()}), so that the first deliveries after a cold
 * start are not refused 503 because the store's first connections and statements are slow. Bounded by {@link
 * #LIMIT}; a failure or a warm-up that takes longer is logged and the start goes on (the deliveries then meet the
 * store as it is, within their store timeout).
 */
public final class StoreWarmUp {

    /** The longest a start waits for the warm-up: 10 s. */
    public static final Duration LIMIT = Duration.ofSeconds(10);

    private static final Logger log = LoggerFactory.getLogger(StoreWarmUp.class);

    private StoreWarmUp() {}

    /** Runs the store's warm-up on a thread of its own and waits for it up to {@code limit}. */
    public static void run(IdempotencyStore store, Duration limit) {
        long started = System.nanoTime();
        CompletableFuture<Void> warming = new CompletableFuture<>();
        Thread thread = new Thread(
                () -> {
                    try {
                        store.warmUp();
                        warming.complete(null);
                    } catch (RuntimeException | Error e) {
                        warming.completeExceptionally(e);
                    }
                },
                "hookguard-store-warm-up");
        thread.setDaemon(true);
        thread.start();
        try {
            warming.get(limit.toMillis(), TimeUnit.MILLISECONDS);
            log.debug("Hookguard warmed its store in {} ms", (System.nanoTime() - started) / 1_000_000);
        } catch (TimeoutException e) {
            log.warn(
                    "Hookguard's store warm-up took longer than {} ms; starting anyway (it goes on in the background)",
                    limit.toMillis());
        } catch (ExecutionException e) {
            log.warn(
                    "Hookguard could not warm its store; starting anyway: {}",
                    e.getCause().toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
