package dev.hookguard.core.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.internal.executor.InFlight;
import dev.hookguard.core.memory.InMemoryStore;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The executor records the error class of every failure and rejection it writes. */
class ExecutorErrorClassTest {

    private static final Payload PAYLOAD = Payload.of("{}".getBytes(StandardCharsets.UTF_8));
    private static final Fingerprint FP = Fingerprint.of(PAYLOAD.body());
    private static final IdempotencyPolicy POLICY = IdempotencyPolicy.ofDefaults();
    private static final IdempotencyPolicy ONE_ATTEMPT =
            IdempotencyPolicy.custom().maxAttempts(1).build();

    /** A user's exception for a payload the handler cannot read. */
    static final class UnreadablePayload extends RuntimeException {}

    private final InMemoryStore store = new InMemoryStore();
    private final IdempotentExecutor executor = new IdempotentExecutor(
            store,
            ErrorClassifier.custom()
                    .exception(UnreadablePayload.class, ErrorClass.SCHEMA)
                    .status(422, ErrorClass.SCHEMA)
                    .build());

    @AfterEach
    void close() {
        executor.close();
    }

    @Test
    void shouldRecordStatusClassOfRetryableResponses() throws Exception {
        assertThat(classAfterResponse("s503", 503, POLICY)).isEqualTo(ErrorClass.SERVER_ERROR);
        assertThat(classAfterResponse("s429", 429, POLICY)).isEqualTo(ErrorClass.RATE_LIMITED);
        assertThat(classAfterResponse("s504", 504, POLICY)).isEqualTo(ErrorClass.TIMEOUT);
        assertThat(store.find(key("s503")).orElseThrow().status()).isEqualTo(RecordStatus.FAILED);
    }

    @Test
    void shouldRecordClientErrorOrMappedClassOfRejections() throws Exception {
        assertThat(classAfterResponse("s400", 400, POLICY)).isEqualTo(ErrorClass.CLIENT_ERROR);
        assertThat(classAfterResponse("s422", 422, POLICY)).isEqualTo(ErrorClass.SCHEMA);
        assertThat(store.find(key("s422")).orElseThrow().status()).isEqualTo(RecordStatus.REJECTED);
    }

    @Test
    void shouldRecordNoClassOfSuccess() throws Exception {
        assertThat(classAfterResponse("s200", 200, POLICY)).isNull();
    }

    @Test
    void shouldRecordClassOfEachKindOfException() {
        assertThat(classAfterThrowing("timeout", new SocketTimeoutException("read"), POLICY))
                .isEqualTo(ErrorClass.TIMEOUT);
        assertThat(classAfterThrowing("network", new ConnectException("refused"), POLICY))
                .isEqualTo(ErrorClass.NETWORK);
        assertThat(classAfterThrowing("bug", new IllegalStateException("bug"), POLICY))
                .isEqualTo(ErrorClass.EXCEPTION);
        assertThat(classAfterThrowing("mapped", new UnreadablePayload(), POLICY))
                .isEqualTo(ErrorClass.SCHEMA);
    }

    @Test
    void shouldKeepTheClassOnTheDeadLetter() {
        assertThat(classAfterThrowing("dead", new ConnectException("refused"), ONE_ATTEMPT))
                .isEqualTo(ErrorClass.NETWORK);
        assertThat(store.find(key("dead")).orElseThrow().status()).isEqualTo(RecordStatus.DEAD);
    }

    @Test
    void shouldClassifyFailuresFinishedOnAnotherThread() {
        InFlight inFlight = (InFlight) executor.begin(key("async"), FP, PAYLOAD, POLICY);

        assertThat(inFlight.fail(new UnreadablePayload())).isEqualTo(Verdict.FAILED);

        assertThat(store.find(key("async")).orElseThrow().errorClass()).isEqualTo(ErrorClass.SCHEMA);
    }

    private ErrorClass classAfterResponse(String id, int status, IdempotencyPolicy policy) throws Exception {
        executor.execute(key(id), FP, PAYLOAD, policy, () -> StoredResponse.empty(status));
        return recorded(id).errorClass();
    }

    private ErrorClass classAfterThrowing(String id, Exception thrown, IdempotencyPolicy policy) {
        assertThatThrownBy(() -> executor.execute(key(id), FP, PAYLOAD, policy, () -> {
                    throw thrown;
                }))
                .isSameAs(thrown);
        return recorded(id).errorClass();
    }

    private EventRecord recorded(String id) {
        return store.find(key(id)).orElseThrow();
    }

    private static EventKey key(String id) {
        return EventKey.of("ep", id);
    }
}
