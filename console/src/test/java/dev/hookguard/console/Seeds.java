package dev.hookguard.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.Attempt;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.Payload;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.WriteOutcome;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/** Puts records into a real store the way deliveries would: claim, then fail or complete. */
final class Seeds {

    /** Dead after one failed attempt. */
    static final IdempotencyPolicy ONE_ATTEMPT =
            IdempotencyPolicy.custom().maxAttempts(1).build();
    /** FAILED after one failed attempt. */
    static final IdempotencyPolicy RETRIED =
            IdempotencyPolicy.custom().maxAttempts(5).build();

    private final IdempotencyStore store;

    Seeds(IdempotencyStore store) {
        this.store = store;
    }

    /** A JSON body with a signature, an API key and two harmless headers. */
    static Payload payload(String body) {
        return new Payload(
                body.getBytes(StandardCharsets.UTF_8),
                Map.of(
                        "Content-Type", List.of("application/json"),
                        "Stripe-Signature", List.of("t=1700000000,v1=0123456789abcdef"),
                        "X-Api-Key", List.of("live-key-do-not-show"),
                        "User-Agent", List.of("Stripe/1.0")));
    }

    void dead(EventKey key, ErrorClass errorClass, String error, Payload payload) {
        long token = claim(key, payload, ONE_ATTEMPT);
        assertThat(store.fail(key, token, new Failure(payload, error, errorClass), ONE_ATTEMPT))
                .isInstanceOf(WriteOutcome.Recorded.class);
        nextMillisecond();
    }

    /**
     * DEAD after one failed attempt per exception, each kept in the record's attempt log with its real stack trace
     * (first attempt from the sender, later ones as receiver retries); the last error is {@code error}.
     */
    void deadAfter(EventKey key, String error, Payload payload, Throwable... thrown) {
        IdempotencyPolicy policy =
                IdempotencyPolicy.custom().maxAttempts(thrown.length).build();
        for (int i = 0; i < thrown.length; i++) {
            long token = claim(key, payload, policy);
            Attempt attempt = Attempt.threw(
                    Instant.now(),
                    Duration.ofMillis(120L + 40L * i),
                    i == 0 ? Attempt.Source.SENDER : Attempt.Source.RECEIVER_RETRY,
                    thrown[i],
                    ErrorClass.EXCEPTION,
                    i + 1 < thrown.length ? Duration.ofSeconds(30L << i) : null);
            assertThat(store.fail(
                            key, token, new Failure(payload, error, ErrorClass.EXCEPTION).withAttempt(attempt), policy))
                    .isInstanceOf(WriteOutcome.Recorded.class);
        }
        nextMillisecond();
    }

    /** An exception thrown through a few frames and a cause, as a handler's would be. */
    static Exception thrown(Exception error, Exception cause) {
        try {
            try {
                throw cause;
            } catch (Exception e) {
                error.initCause(e);
                throw error;
            }
        } catch (Exception e) {
            return e;
        }
    }

    void dead(EventKey key, ErrorClass errorClass, String error) {
        dead(key, errorClass, error, payload("{\"id\":\"" + key.eventId() + "\"}"));
    }

    void rejected(EventKey key, ErrorClass errorClass, String error) {
        rejected(
                key,
                errorClass,
                StoredResponse.of(422, "text/plain", error.getBytes(StandardCharsets.UTF_8)),
                payload("{\"id\":\"" + key.eventId() + "\",\"error\":\"" + error + "\"}"));
    }

    /** Rejected with this stored answer. */
    void rejected(EventKey key, ErrorClass errorClass, StoredResponse response) {
        rejected(key, errorClass, response, payload("{\"id\":\"" + key.eventId() + "\"}"));
    }

    private void rejected(EventKey key, ErrorClass errorClass, StoredResponse response, Payload payload) {
        long token = claim(key, payload, RETRIED);
        assertThat(store.complete(key, token, Completion.rejected(response, payload, errorClass), RETRIED))
                .isInstanceOf(WriteOutcome.Recorded.class);
        nextMillisecond();
    }

    void failed(EventKey key, ErrorClass errorClass, String error) {
        Payload payload = payload("{\"id\":\"" + key.eventId() + "\"}");
        long token = claim(key, payload, RETRIED);
        assertThat(store.fail(key, token, new Failure(payload, error, errorClass), RETRIED))
                .isInstanceOf(WriteOutcome.Recorded.class);
        nextMillisecond();
    }

    /** PROCESSING with a lease of 1 ms and no payload: a claim whose node died, which nothing can redeliver. */
    void abandoned(EventKey key) {
        IdempotencyPolicy instant =
                IdempotencyPolicy.custom().lease(Duration.ofMillis(1)).build();
        assertThat(store.claim(key, Fingerprint.of(key.eventId().getBytes(StandardCharsets.UTF_8)), instant))
                .isInstanceOf(ClaimOutcome.Acquired.class);
        nextMillisecond();
    }

    /**
     * Waits until the clock is past the millisecond of the last write, so that the stores' millisecond timestamps
     * put the seeds in the order they were written ("oldest first" would otherwise fall back to the ids on a tie).
     */
    private static void nextMillisecond() {
        long last = System.currentTimeMillis();
        for (int i = 0; i < 1000 && System.currentTimeMillis() <= last + 1; i++) {
            LockSupport.parkNanos(200_000);
        }
    }

    private long claim(EventKey key, Payload payload, IdempotencyPolicy policy) {
        ClaimOutcome outcome = store.claim(key, Fingerprint.of(payload.body()), policy);
        assertThat(outcome).isInstanceOf(ClaimOutcome.Acquired.class);
        return ((ClaimOutcome.Acquired) outcome).token();
    }
}
