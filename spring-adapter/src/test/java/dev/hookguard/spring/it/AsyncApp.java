package dev.hookguard.spring.it;

import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.ForwardingRecoveryStore;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.spring.IdempotentWebhook;
import dev.hookguard.spring.WebhookEventId;
import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.async.DeferredResult;
import org.springframework.web.context.request.async.WebAsyncTask;

/**
 * An application whose webhook handlers answer asynchronously, one per Spring MVC return type that completes with a
 * dispatch: {@code Callable}, {@code WebAsyncTask}, {@code DeferredResult}, {@code
 * CompletableFuture}. The unsigned header {@code X-Behaviour:
 * fail} makes the asynchronous work fail. Its store is the in-memory one behind {@link FaultyStore}, which can refuse
 * or hold back the recording of chosen events' verdicts.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(AsyncApp.AsyncHandlers.class)
class AsyncApp {

    static final String BEHAVIOUR = "X-Behaviour";

    @Bean
    FaultyStore store() {
        return new FaultyStore();
    }

    /**
     * The in-memory store, except that recording the verdict of a chosen event fails as an unreachable store does, or
     * waits until the test lets it go on.
     */
    static final class FaultyStore extends ForwardingRecoveryStore {
        private final Set<String> unrecordable = ConcurrentHashMap.newKeySet();
        private final Map<String, Hold> holds = new ConcurrentHashMap<>();

        FaultyStore() {
            super(new InMemoryStore());
        }

        void refuseToComplete(String eventId) {
            unrecordable.add(eventId);
        }

        /** Makes the recording of this event's verdict (complete or fail) wait until {@link Hold#release()}. */
        Hold holdVerdict(String eventId) {
            return holds.computeIfAbsent(eventId, id -> new Hold());
        }

        @Override
        public WriteOutcome complete(EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
            if (unrecordable.contains(key.eventId())) {
                throw new StoreUnavailableException(
                        "the store is unreachable on purpose", new IOException("connection refused"));
            }
            Hold hold = holds.get(key.eventId());
            if (hold != null) {
                hold.await();
            }
            return super.complete(key, token, completion, policy);
        }

        @Override
        public WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
            Hold hold = holds.get(key.eventId());
            if (hold != null) {
                hold.await();
            }
            return super.fail(key, token, failure, policy);
        }
    }

    /** A recording that has begun and waits for the test. */
    static final class Hold {
        private final CountDownLatch reached = new CountDownLatch(1);
        private final CountDownLatch released = new CountDownLatch(1);

        boolean reached() throws InterruptedException {
            return reached.await(30, TimeUnit.SECONDS);
        }

        void release() {
            released.countDown();
        }

        private void await() {
            reached.countDown();
            try {
                if (!released.await(30, TimeUnit.SECONDS)) {
                    throw new StoreUnavailableException("the test never released the store", new IOException());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StoreUnavailableException("interrupted while held", new IOException(e));
            }
        }
    }

    @RestController
    static class AsyncHandlers implements DisposableBean {
        private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();
        private final ExecutorService work = Executors.newCachedThreadPool();

        int runs(String endpoint, String eventId) {
            AtomicInteger count = runs.get(endpoint + "/" + eventId);
            return count == null ? 0 : count.get();
        }

        @PostMapping(path = "/webhooks/callable", produces = "application/json")
        @IdempotentWebhook("callable")
        Callable<ResponseEntity<String>> callable(
                @WebhookEventId String eventId,
                @RequestHeader(name = BEHAVIOUR, defaultValue = "ok") String behaviour) {
            return () -> answer("callable", eventId, behaviour);
        }

        @PostMapping(path = "/webhooks/task", produces = "application/json")
        @IdempotentWebhook("task")
        WebAsyncTask<ResponseEntity<String>> task(
                @WebhookEventId String eventId,
                @RequestHeader(name = BEHAVIOUR, defaultValue = "ok") String behaviour) {
            return new WebAsyncTask<>(() -> answer("task", eventId, behaviour));
        }

        @PostMapping(path = "/webhooks/deferred", produces = "application/json")
        @IdempotentWebhook("deferred")
        DeferredResult<ResponseEntity<String>> deferred(
                @WebhookEventId String eventId,
                @RequestHeader(name = BEHAVIOUR, defaultValue = "ok") String behaviour) {
            DeferredResult<ResponseEntity<String>> result = new DeferredResult<>();
            work.execute(() -> {
                try {
                    result.setResult(answer("deferred", eventId, behaviour));
                } catch (IllegalStateException e) {
                    result.setErrorResult(e);
                }
            });
            return result;
        }

        @PostMapping(path = "/webhooks/future", produces = "application/json")
        @IdempotentWebhook("future")
        CompletableFuture<ResponseEntity<String>> future(
                @WebhookEventId String eventId,
                @RequestHeader(name = BEHAVIOUR, defaultValue = "ok") String behaviour) {
            CompletableFuture<ResponseEntity<String>> result = new CompletableFuture<>();
            work.execute(() -> {
                try {
                    result.complete(answer("future", eventId, behaviour));
                } catch (IllegalStateException e) {
                    result.completeExceptionally(e);
                }
            });
            return result;
        }

        private ResponseEntity<String> answer(String endpoint, String eventId, String behaviour) {
            int run = runs.computeIfAbsent(endpoint + "/" + eventId, key -> new AtomicInteger())
                    .incrementAndGet();
            if (behaviour.equals("fail")) {
                throw new IllegalStateException("the " + endpoint + " handler failed on purpose");
            }
            return ResponseEntity.ok("{\"eventId\":\"" + eventId + "\",\"run\":" + run + "}");
        }

        @Override
        public void destroy() {
            work.shutdownNow();
        }
    }
}
