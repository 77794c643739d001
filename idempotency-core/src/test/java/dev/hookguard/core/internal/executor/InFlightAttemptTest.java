package dev.hookguard.core.internal.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.Attempt;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.executor.ErrorClassifier;
import dev.hookguard.core.executor.Verdict;
import dev.hookguard.core.memory.InMemoryStore;
import java.net.ConnectException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An {@link InFlight} is the attempt: its number, whether it is the last, the error class of its verdict, and the
 * {@link Attempt} each verdict carries into the record's attempt log.
 */
class InFlightAttemptTest {

    private static final Payload PAYLOAD = Payload.of("{}".getBytes(StandardCharsets.UTF_8));
    private static final Fingerprint FP = Fingerprint.of(PAYLOAD.body());
    private static final IdempotencyPolicy TWO_ATTEMPTS =
            IdempotencyPolicy.custom().maxAttempts(2).build();

    private final InMemoryStore store = new InMemoryStore();
    private final Attempts attempts = new Attempts(store, ErrorClassifier.defaults());

    @AfterEach
    void close() {
        attempts.close();
    }

    @Test
    void shouldKnowItsNumberAndWhetherItIsTheLast() {
        InFlight first = begin("e");
        assertThat(first.attempt()).isEqualTo(1);
        assertThat(first.lastAttempt()).isFalse();
        assertThat(first.fail(new ConnectException("refused"))).isEqualTo(Verdict.FAILED);

        InFlight second = begin("e");
        assertThat(second.attempt()).isEqualTo(2);
        assertThat(second.lastAttempt()).isTrue();
        assertThat(second.fail(new ConnectException("refused"))).isEqualTo(Verdict.DEAD_LETTERED);
    }

    @Test
    void shouldGiveTheErrorClassItRecorded() {
        InFlight failed = begin("failed");
        assertThat(failed.errorClass()).isNull();
        failed.fail(new ConnectException("refused"));
        assertThat(failed.errorClass()).isEqualTo(ErrorClass.NETWORK).isEqualTo(recordedClass("failed"));

        InFlight retryable = begin("retryable");
        retryable.finish(StoredResponse.empty(503));
        assertThat(retryable.errorClass()).isEqualTo(ErrorClass.SERVER_ERROR).isEqualTo(recordedClass("retryable"));

        InFlight rejected = begin("rejected");
        rejected.finish(StoredResponse.empty(400));
        assertThat(rejected.errorClass()).isEqualTo(ErrorClass.CLIENT_ERROR).isEqualTo(recordedClass("rejected"));

        InFlight schema = begin("schema");
        schema.reject(StoredResponse.empty(400), ErrorClass.SCHEMA);
        assertThat(schema.errorClass()).isEqualTo(ErrorClass.SCHEMA).isEqualTo(recordedClass("schema"));

        InFlight succeeded = begin("succeeded");
        succeeded.finish(StoredResponse.empty(200));
        assertThat(succeeded.errorClass()).isNull();
    }

    private InFlight begin(String id) {
        return (InFlight) attempts.begin(key(id), FP, PAYLOAD, TWO_ATTEMPTS, false);
    }

    private ErrorClass recordedClass(String id) {
        return store.find(key(id)).orElseThrow().errorClass();
    }

    private static EventKey key(String id) {
        return EventKey.of("ep", id);
    }

    private static final IdempotencyPolicy FOUR_ATTEMPTS =
            IdempotencyPolicy.custom().maxAttempts(4).build();

    @Test
    void shouldLogEachAttemptWithItsSourceStatusAndException() {
        logged("e", Attempt.Source.DISPATCH).fail(new ConnectException("refused"), Duration.ofSeconds(30));
        logged("e", Attempt.Source.DISPATCH).finish(StoredResponse.empty(503));
        logged("e", Attempt.Source.SENDER).finish(StoredResponse.empty(200));

        List<Attempt> log = store.find(EventKey.of("ep", "e")).orElseThrow().attemptLog();
        assertThat(log)
                .extracting(Attempt::source)
                .containsExactly(Attempt.Source.DISPATCH, Attempt.Source.RECEIVER_RETRY, Attempt.Source.SENDER);
        assertThat(log.get(0).exceptionClass()).isEqualTo(ConnectException.class.getName());
        assertThat(log.get(0).message()).isEqualTo("refused");
        assertThat(log.get(0).stackTrace()).startsWith("java.net.ConnectException: refused\n\tat ");
        assertThat(log.get(0).errorClass()).isEqualTo(ErrorClass.NETWORK);
        assertThat(log.get(0).retryAfter()).isEqualTo(Duration.ofSeconds(30));
        assertThat(log.get(1).httpStatus()).isEqualTo(503);
        assertThat(log.get(1).errorClass()).isEqualTo(ErrorClass.SERVER_ERROR);
        assertThat(log.get(2).httpStatus()).isEqualTo(200);
        assertThat(log.get(2).errorClass()).isNull();
    }

    @Test
    void shouldLogNothingForAFirstAttemptThatSucceeds() {
        logged("ok", Attempt.Source.SENDER).finish(StoredResponse.empty(200));

        assertThat(store.find(EventKey.of("ep", "ok")).orElseThrow().attemptLog())
                .isEmpty();
    }

    @Test
    void shouldClassifyA401AsAuthAndKeepIt() {
        logged("auth", Attempt.Source.SENDER).finish(StoredResponse.empty(401));

        assertThat(store.find(EventKey.of("ep", "auth")).orElseThrow().errorClass())
                .isEqualTo(ErrorClass.AUTH);
        assertThat(store.find(EventKey.of("ep", "auth")).orElseThrow().attemptLog())
                .extracting(Attempt::errorClass)
                .containsExactly(ErrorClass.AUTH);
    }

    private InFlight logged(String id, Attempt.Source source) {
        return (InFlight) attempts.begin(EventKey.of("ep", id), FP, PAYLOAD, FOUR_ATTEMPTS, false, source);
    }
}
