package dev.hookguard.spring.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.signature.Scheme;
import java.net.http.HttpResponse;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.core.env.Environment;

/**
 * Asynchronous {@code @IdempotentWebhook} handlers in a Spring Boot application on its embedded container, over real
 * HTTP: every Spring MVC return type that finishes with a {@code dispatch()} ({@code Callable}, {@code WebAsyncTask}, {@code DeferredResult},
 * {@code CompletableFuture}) has its verdict in the store by the time the sender has the answer (the answer waits
 * while the store is still writing it), is replayed to
 * duplicates without running again, is recorded FAILED with a 500 when its asynchronous work fails, and is answered
 * 503 with {@code Retry-After} when its verdict cannot be recorded — as a synchronous handler is.
 */
@SpringBootTest(
        classes = AsyncApp.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "hookguard.endpoints.callable.scheme=stripe",
            "hookguard.endpoints.callable.secrets=" + AsyncHandlersIT.SECRET,
            "hookguard.endpoints.callable.policy.max-attempts=3",
            "hookguard.endpoints.task.scheme=stripe",
            "hookguard.endpoints.task.secrets=" + AsyncHandlersIT.SECRET,
            "hookguard.endpoints.task.policy.max-attempts=3",
            "hookguard.endpoints.deferred.scheme=stripe",
            "hookguard.endpoints.deferred.secrets=" + AsyncHandlersIT.SECRET,
            "hookguard.endpoints.deferred.policy.max-attempts=3",
            "hookguard.endpoints.future.scheme=stripe",
            "hookguard.endpoints.future.secrets=" + AsyncHandlersIT.SECRET,
            "hookguard.endpoints.future.policy.max-attempts=3",
            "spring.main.banner-mode=off"
        })
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(60)
class AsyncHandlersIT {

    static final String SECRET = "whsec_it_async_handlers_secret";

    @Autowired
    Environment environment;

    @Autowired
    AsyncApp.FaultyStore store;

    @Autowired
    AsyncApp.AsyncHandlers handlers;

    Sender sender;

    private final ExecutorService client = Executors.newSingleThreadExecutor();

    @BeforeAll
    void connect() {
        sender = new Sender(environment.getRequiredProperty("local.server.port", Integer.class));
    }

    @ParameterizedTest
    @ValueSource(strings = {"callable", "task", "deferred", "future"})
    void shouldRecordTheVerdictBeforeAnsweringAndReplayItToDuplicates(String endpoint) {
        String id = eventId();

        HttpResponse<String> first = deliver(endpoint, id, "ok");
        EventRecord recordedBeforeTheAnswer = record(endpoint, id);
        HttpResponse<String> second = deliver(endpoint, id, "ok");

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(first.body()).isEqualTo("{\"eventId\":\"" + id + "\",\"run\":1}");
        assertThat(first.headers().firstValue("Idempotent-Replayed")).isEmpty();
        assertThat(recordedBeforeTheAnswer.status()).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(second.statusCode()).isEqualTo(200);
        assertThat(second.body()).isEqualTo(first.body());
        assertThat(second.headers().firstValue("Idempotent-Replayed")).contains("true");
        assertThat(handlers.runs(endpoint, id)).isEqualTo(1);
    }

    @ParameterizedTest
    @CsvSource({
        "callable, ok, 200, SUCCEEDED",
        "task, ok, 200, SUCCEEDED",
        "deferred, ok, 200, SUCCEEDED",
        "future, ok, 200, SUCCEEDED",
        "callable, fail, 500, FAILED",
        "task, fail, 500, FAILED",
        "deferred, fail, 500, FAILED",
        "future, fail, 500, FAILED"
    })
    void shouldHoldTheAnswerWhileTheVerdictIsBeingRecorded(
            String endpoint, String behaviour, int status, RecordStatus verdict) throws Exception {
        String id = eventId();
        AsyncApp.Hold hold = store.holdVerdict(id);

        CompletableFuture<HttpResponse<String>> answer =
                CompletableFuture.supplyAsync(() -> deliver(endpoint, id, behaviour), client);
        assertThat(hold.reached()).isTrue();
        Throwable whileRecording = catchThrowable(() -> answer.get(1, TimeUnit.SECONDS));
        hold.release();
        HttpResponse<String> response = answer.get(30, TimeUnit.SECONDS);

        assertThat(whileRecording).isInstanceOf(TimeoutException.class);
        assertThat(response.statusCode()).isEqualTo(status);
        assertThat(record(endpoint, id).status()).isEqualTo(verdict);
        assertThat(handlers.runs(endpoint, id)).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"callable", "task", "deferred", "future"})
    void shouldRecordAnAsynchronousFailureBeforeAnswering500(String endpoint) {
        String id = eventId();

        HttpResponse<String> failed = deliver(endpoint, id, "fail");
        EventRecord recordedBeforeTheAnswer = record(endpoint, id);

        assertThat(failed.statusCode()).isEqualTo(500);
        assertThat(failed.body()).doesNotContain("on purpose");
        assertThat(recordedBeforeTheAnswer.status()).isEqualTo(RecordStatus.FAILED);
        assertThat(recordedBeforeTheAnswer.lastError())
                .isEqualTo("java.lang.IllegalStateException: the " + endpoint + " handler failed on purpose");
        assertThat(handlers.runs(endpoint, id)).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"callable", "task", "deferred", "future"})
    void shouldAnswer503WithRetryAfterWhenTheAsynchronousVerdictCannotBeRecorded(String endpoint) {
        String id = eventId();
        store.refuseToComplete(id);

        HttpResponse<String> unrecorded = deliver(endpoint, id, "ok");

        assertThat(unrecorded.statusCode()).isEqualTo(503);
        assertThat(unrecorded.headers().firstValue("Retry-After")).isPresent();
        assertThat(unrecorded.body()).doesNotContain(id);
        assertThat(record(endpoint, id).status()).isNotEqualTo(RecordStatus.SUCCEEDED);
        assertThat(handlers.runs(endpoint, id)).isEqualTo(1);
    }

    @AfterAll
    void stop() {
        client.shutdownNow();
    }

    private static String eventId() {
        return "evt_" + UUID.randomUUID().toString().replace("-", "");
    }

    private HttpResponse<String> deliver(String endpoint, String id, String behaviour) {
        String event = "{\"id\":\"" + id + "\",\"object\":\"event\",\"type\":\"charge.succeeded\"}";
        return sender.send(sender.signed("/webhooks/" + endpoint, Scheme.STRIPE, SECRET, id, event)
                .header(AsyncApp.BEHAVIOUR, behaviour));
    }

    private EventRecord record(String endpoint, String id) {
        return store.find(EventKey.of(endpoint, id)).orElseThrow();
    }
}
