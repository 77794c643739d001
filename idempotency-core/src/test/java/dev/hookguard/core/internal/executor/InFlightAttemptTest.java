package dev.hookguard.core.internal.executor;

import static org.assertj.core.api.Assertions.assertThat;

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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** An {@link InFlight} is the attempt: its number, whether it is the last, and the error class of its verdict. */
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
}
