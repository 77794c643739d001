package dev.hookguard.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.benchmarks.filter.FilterServer;
import dev.hookguard.benchmarks.tools.BenchTool;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The filter-overhead server answers exactly what {@code wrk} sends (the body file, the signature {@code BenchTool}
 * prints, a new delivery id per request) with 200 on every path, and the guarded path really is guarded; its async
 * paths answer 202, and the drain control releases the held dispatcher, which runs the handler once per queued
 * event.
 */
class FilterServerTest {

    private static final Path BODY = Path.of("wrk", "github-push.json");
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private static FilterServer server;
    private static String signature;

    @BeforeAll
    static void start() throws Exception {
        server = FilterServer.start(0, false, true);
        signature = printed("github-signature", BODY.toString());
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    @Test
    void shouldAnswerTheWrkRequestWithoutTheFilter() throws Exception {
        HttpResponse<String> response = post("/bare/hook", UUID.randomUUID().toString(), signature);

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(response.body()).isEqualTo("{\"ok\":true}");
    }

    @ParameterizedTest
    @ValueSource(strings = {"/memory/hook"})
    void shouldRunTheHandlerForEveryNewDeliveryIdBehindTheFilter(String path) throws Exception {
        HttpResponse<String> first = post(path, UUID.randomUUID().toString(), signature);
        HttpResponse<String> second = post(path, UUID.randomUUID().toString(), signature);

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(second.statusCode()).isEqualTo(200);
        assertThat(second.headers().firstValue("Idempotent-Replayed")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/memory/hook"})
    void shouldReplayARepeatedDeliveryIdBehindTheFilter(String path) throws Exception {
        String id = UUID.randomUUID().toString();
        post(path, id, signature);

        HttpResponse<String> again = post(path, id, signature);

        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(again.headers().firstValue("Idempotent-Replayed")).contains("true");
    }

    @Test
    void theFeatureFloorShouldReplayARepeatedIdAndRefuseAnotherBodyAndAWrongSignature() throws Exception {
        String id = UUID.randomUUID().toString();
        HttpResponse<String> first = post("/floor/hook", id, signature);
        HttpResponse<String> again = post("/floor/hook", id, signature);
        Path other = Files.writeString(Files.createTempFile("floor", ".json"), "{\"other\":true}");
        HttpResponse<String> otherBody = post("/floor/hook", id, printed("github-signature", other.toString()), other);
        HttpResponse<String> unsigned = post("/floor/hook", UUID.randomUUID().toString(), "sha256=" + "0".repeat(64));

        assertThat(first.statusCode()).isEqualTo(200);
        assertThat(again.statusCode()).isEqualTo(200);
        assertThat(again.body()).isEqualTo(first.body()).isEqualTo("{\"ok\":true}");
        assertThat(otherBody.statusCode()).isEqualTo(422);
        assertThat(unsigned.statusCode()).isEqualTo(401);
    }

    @Test
    void shouldRefuseAWrongSignatureBehindTheFilterOnly() throws Exception {
        String wrong = "sha256=" + "0".repeat(64);

        assertThat(post("/memory/hook", UUID.randomUUID().toString(), wrong).statusCode())
                .isEqualTo(401);
        assertThat(post("/bare/hook", UUID.randomUUID().toString(), wrong).statusCode())
                .isEqualTo(200);
    }

    @Test
    void shouldQueueOnTheAsyncPathAndRunTheHandlerOnceWhenTheDrainReleasesTheDispatcher() throws Exception {
        String id = UUID.randomUUID().toString();
        HttpResponse<String> queued = post("/memory-async/hook", id, signature);
        HttpResponse<String> again = post("/memory-async/hook", id, signature);

        assertThat(queued.statusCode()).isEqualTo(202);
        assertThat(again.statusCode()).isEqualTo(202);
        assertThat(control("GET").body()).isEqualTo("{\"depth\":1,\"runs\":0}");
        HttpResponse<String> drained = control("POST");
        assertThat(drained.statusCode()).isEqualTo(200);
        assertThat(drained.body()).startsWith("{\"drained\":1,\"runs\":1,\"seconds\":");
        assertThat(control("GET").body()).isEqualTo("{\"depth\":0,\"runs\":1}");
        // The drain returns once the handler ran; the verdict lands just after it: until then a copy gets 202.
        HttpResponse<String> done = post("/memory-async/hook", id, signature);
        for (int i = 0; i < 500 && done.statusCode() == 202; i++) {
            LockSupport.parkNanos(10_000_000);
            done = post("/memory-async/hook", id, signature);
        }
        assertThat(done.statusCode()).isEqualTo(200);
        assertThat(done.headers().firstValue("Idempotent-Replayed")).contains("true");
    }

    @Test
    void shouldAnswerTheSlowAsyncPathWithoutWaitingForItsHandler() throws Exception {
        HttpResponse<String> response =
                post("/memory-slow/hook", UUID.randomUUID().toString(), signature);

        assertThat(response.statusCode()).isEqualTo(202);
    }

    private static HttpResponse<String> control(String method) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.base() + "/control/memory-async/"))
                .method(method, HttpRequest.BodyPublishers.noBody())
                .build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<String> post(String path, String deliveryId, String signature) throws Exception {
        return post(path, deliveryId, signature, BODY);
    }

    private static HttpResponse<String> post(String path, String deliveryId, String signature, Path body)
            throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create(server.base() + path))
                .header("Content-Type", "application/json")
                .header("X-GitHub-Event", "push")
                .header("X-GitHub-Delivery", deliveryId)
                .header("X-Hub-Signature-256", signature)
                .POST(HttpRequest.BodyPublishers.ofByteArray(Files.readAllBytes(body)))
                .build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** What {@code BenchTool} prints for these arguments, as {@code run.sh} reads it. */
    @Test
    void shouldCountTheBytesTheServerAllocates() throws Exception {
        long before = Long.parseLong(HTTP.send(
                        HttpRequest.newBuilder(server.base().resolve("/alloc")).build(),
                        HttpResponse.BodyHandlers.ofString())
                .body());
        post("/memory/hook", UUID.randomUUID().toString(), signature);
        long after = Long.parseLong(HTTP.send(
                        HttpRequest.newBuilder(server.base().resolve("/alloc")).build(),
                        HttpResponse.BodyHandlers.ofString())
                .body());

        assertThat(after).isGreaterThan(before);
    }

    static String printed(String... args) throws Exception {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            BenchTool.main(args);
        } finally {
            System.setOut(original);
        }
        return captured.toString(StandardCharsets.UTF_8).strip();
    }
}
