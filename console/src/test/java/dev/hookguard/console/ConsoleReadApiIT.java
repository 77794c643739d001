package dev.hookguard.console;

import static dev.hookguard.console.TestJson.object;
import static dev.hookguard.console.TestJson.objects;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.console.internal.RecordJson;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.Payload;
import dev.hookguard.core.StoredResponse;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** Every read route of the API and every filter, over real HTTP on each store. */
@ParameterizedClass(name = "{0}")
@MethodSource("dev.hookguard.console.StoreKind#tested")
class ConsoleReadApiIT extends AbstractConsoleApiIT {

    @Test
    void shouldTellTheOperatorWhoTheyAreWhatTheyMayDoAndWhatTheFiltersOffer() {
        Map<String, Object> session = json(writer.get("api/session"), 200);

        assertThat(session).containsEntry("operator", "alice").containsEntry("canWrite", true);
        assertThat((String) session.get("csrfToken")).isNotBlank();
        assertThat(session.get("endpoints")).isEqualTo(List.of(git, pay));
        assertThat(session.get("listings")).isEqualTo(List.of("dead", "rejected", "failed", "queued", "stalled"));
        assertThat(session.get("errorClasses"))
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST)
                .contains("timeout", "schema", "not_handled")
                .hasSize(dev.hookguard.core.ErrorClass.values().length);
        assertThat(json(reader.get("api/session"), 200)).containsEntry("canWrite", false);
    }

    @Test
    void shouldListDeadAndRejectedByDefaultOldestFirst() {
        seedMixed();

        assertThat(ids("endpoint=" + pay)).containsExactly("d-timeout-1", "d-network-1", "r-schema-1");
        assertThat(ids("endpoint=" + git)).containsExactly("g-timeout-1");
    }

    @Test
    void shouldFilterByStatus() {
        seedMixed();

        assertThat(ids("endpoint=" + pay + "&listing=dead")).containsExactly("d-timeout-1", "d-network-1");
        assertThat(ids("endpoint=" + pay + "&listing=rejected")).containsExactly("r-schema-1");
        assertThat(ids("endpoint=" + pay + "&listing=failed")).containsExactly("f-server-1");
        assertThat(ids("endpoint=" + pay + "&listing=dead,failed"))
                .containsExactly("d-timeout-1", "d-network-1", "f-server-1");
        assertThat(ids("endpoint=" + pay + "&listing=queued&listing=stalled")).isEmpty();
    }

    @Test
    void shouldListFailedRecordsNobodyRetriesAsStalled() throws Exception {
        seedMixed();
        assertThat(ids("endpoint=" + pay + "&listing=stalled")).isEmpty(); // quiet period: one day

        try (ConsoleServer quick = ConsoleServer.start(config(Duration.ZERO))) {
            ApiClient client = new ApiClient(quick.console(), WRITER_TOKEN);
            HttpResponse<String> response = client.get("api/records?endpoint=" + pay + "&listing=stalled");
            assertThat(objects(json(response, 200).get("records")))
                    .extracting(r -> r.get("eventId"))
                    .containsExactly("f-server-1");
        }
    }

    @Test
    void shouldGiveAStalledRecordWithoutAPayloadItsReason() throws Exception {
        seeds.abandoned(pay("p-abandoned-1"));

        try (ConsoleServer quick = ConsoleServer.start(config(Duration.ZERO))) {
            ApiClient client = new ApiClient(quick.console(), WRITER_TOKEN);
            Awaitility.await()
                    .atMost(Duration.ofSeconds(10))
                    .untilAsserted(() -> assertThat(
                                    objects(json(client.get("api/records?endpoint=" + pay + "&listing=stalled"), 200)
                                            .get("records")))
                            .singleElement()
                            .satisfies(r -> {
                                assertThat(r.get("eventId")).isEqualTo("p-abandoned-1");
                                assertThat(r.get("status")).isEqualTo("PROCESSING");
                                assertThat((String) r.get("reason"))
                                        .isEqualTo(RecordJson.NO_PAYLOAD)
                                        .contains("resolve or skip");
                            }));
        }
    }

    @Test
    void shouldFilterByErrorClass() {
        seedMixed();

        assertThat(ids("endpoint=" + pay + "&errorClass=timeout")).containsExactly("d-timeout-1");
        assertThat(ids("endpoint=" + pay + "&errorClass=schema,network")).containsExactly("d-network-1", "r-schema-1");
        assertThat(ids("endpoint=" + pay + "&listing=failed&errorClass=server_error"))
                .containsExactly("f-server-1");
        assertThat(ids("endpoint=" + pay + "&errorClass=rate_limited")).isEmpty();
    }

    @Test
    void shouldFilterByTextInTheIdOrTheErrorIgnoringCase() {
        seedMixed();

        assertThat(ids("endpoint=" + pay + "&text=NETWORK")).containsExactly("d-network-1");
        assertThat(ids("endpoint=" + pay + "&text=Timed+Out")).containsExactly("d-timeout-1");
        assertThat(ids("endpoint=" + pay + "&text=Schema")).containsExactly("r-schema-1");
        assertThat(ids("endpoint=" + pay + "&text=nothing-like-this")).isEmpty();
    }

    @Test
    void shouldFilterByTimeOfTheLastChange() {
        seedMixed();
        Instant updated = find(pay("d-network-1")).updatedAt();
        String past = Instant.now().minus(Duration.ofDays(1)).toString();
        String future = Instant.now().plus(Duration.ofDays(1)).toString();

        assertThat(ids("endpoint=" + pay + "&from=" + past + "&to=" + future)).hasSize(3);
        assertThat(ids("endpoint=" + pay + "&from=" + future)).isEmpty();
        assertThat(ids("endpoint=" + pay + "&to=" + past)).isEmpty();
        assertThat(ids("endpoint=" + pay + "&from=" + updated + "&to=" + updated.plusMillis(1)))
                .contains("d-network-1");
    }

    @Test
    void shouldPageWithACursorUntilTheLastPage() {
        List<String> seeded = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            seeds.dead(pay("page-" + i), ErrorClass.EXCEPTION, "boom " + i);
            seeded.add("page-" + i);
        }
        List<String> walked = new ArrayList<>();
        String cursor = "";
        int pages = 0;
        do {
            Map<String, Object> page = json(
                    writer.get("api/records?endpoint=" + pay + "&limit=3&cursor=" + ApiClient.encode(cursor)), 200);
            objects(page.get("records")).forEach(r -> walked.add((String) r.get("eventId")));
            cursor = (String) page.get("nextCursor");
            pages++;
        } while (cursor != null);

        assertThat(walked).isEqualTo(seeded);
        assertThat(pages).isEqualTo(3);
    }

    @Test
    void shouldCountWhatAFilterSelects() {
        seedMixed();

        assertThat(json(writer.get("api/count?endpoint=" + pay), 200)).containsEntry("count", 3L);
        assertThat(json(writer.get("api/count?endpoint=" + pay + "&errorClass=timeout"), 200))
                .containsEntry("count", 1L);
    }

    @Test
    void shouldCountPerEndpointListingAndClass() {
        seedMixed();

        List<Map<String, Object>> endpoints =
                objects(json(writer.get("api/counts"), 200).get("endpoints"));

        assertThat(endpoints).extracting(e -> e.get("endpoint")).containsExactly(git, pay);
        Map<String, Object> payCounts = endpoints.get(1);
        assertThat(payCounts).containsEntry("deadLetters", 3L);
        assertThat(object(payCounts.get("listings")))
                .containsEntry("dead", 2L)
                .containsEntry("rejected", 1L)
                .containsEntry("failed", 1L)
                .containsEntry("queued", 0L);
        assertThat(object(payCounts.get("classes")))
                .containsEntry("timeout", 1L)
                .containsEntry("network", 1L)
                .containsEntry("schema", 1L)
                .containsEntry("server_error", 0L);
        List<Map<String, Object>> failed =
                objects(json(writer.get("api/counts?listing=failed"), 200).get("endpoints"));
        assertThat(object(failed.get(1).get("classes")))
                .containsEntry("server_error", 1L)
                .containsEntry("timeout", 0L);
    }

    @Test
    void shouldShowOneRecordWithItsPayloadAndRedactSensitiveHeaders() {
        seedMixed();

        Map<String, Object> record = json(writer.get("api/record?endpoint=" + pay + "&id=d-timeout-1"), 200);

        assertThat(record)
                .containsEntry("eventId", "d-timeout-1")
                .containsEntry("status", "DEAD")
                .containsEntry("errorClass", "timeout")
                .containsEntry("lastError", "read timed out after 10s");
        Map<String, Object> payload = object(record.get("payload"));
        assertThat(object(payload.get("headers")))
                .containsEntry("Content-Type", List.of("application/json"))
                .containsEntry("Stripe-Signature", List.of("[redacted]"))
                .containsEntry("X-Api-Key", List.of("[redacted]"));
        assertThat(payload).containsEntry("bodyEncoding", "text").containsEntry("body", "{\"id\":\"d-timeout-1\"}");
        assertThat(writer.get("api/record?endpoint=" + pay + "&id=d-timeout-1").body())
                .doesNotContain("live-key-do-not-show")
                .doesNotContain("0123456789abcdef");
    }

    @Test
    void shouldGiveARejectedRecordItsStoredStatusAndBodyAsItsReasonInTheListAndTheRecord() {
        seedMixed();
        String markup = "<b>" + "x".repeat(400) + "</b>";
        seeds.rejected(
                pay("r-long-1"),
                ErrorClass.CLIENT_ERROR,
                StoredResponse.of(400, "text/html", markup.getBytes(StandardCharsets.UTF_8)));
        seeds.rejected(
                pay("r-binary-1"),
                ErrorClass.CLIENT_ERROR,
                StoredResponse.of(415, "application/octet-stream", new byte[] {(byte) 0xff, 0x00, (byte) 0xc3}));
        seeds.rejected(pay("r-empty-1"), ErrorClass.CLIENT_ERROR, StoredResponse.empty(409));

        Map<String, Object> reasons = new java.util.HashMap<>();
        objects(json(writer.get("api/records?endpoint=" + pay), 200).get("records"))
                .forEach(r -> reasons.put((String) r.get("eventId"), r.get("reason")));

        assertThat(reasons)
                .containsEntry("r-schema-1", "HTTP 422: amount is missing")
                .containsEntry("r-long-1", "HTTP 400: " + markup.substring(0, RecordJson.REASON_BODY_CHARS) + "…")
                .containsEntry("r-binary-1", "HTTP 415: (3 bytes, not text)")
                .containsEntry("r-empty-1", "HTTP 409")
                .containsEntry("d-timeout-1", "read timed out after 10s");
        Map<String, Object> record = json(writer.get("api/record?endpoint=" + pay + "&id=r-schema-1"), 200);
        assertThat(record).containsEntry("status", "REJECTED").containsEntry("reason", "HTTP 422: amount is missing");
        assertThat(object(record.get("response"))).containsEntry("status", 422L);
    }

    @Test
    void shouldShowTheBodyAsHexOnRequestAndWhenItIsNotText() {
        byte[] binary = {(byte) 0xff, 0x00, 0x41, (byte) 0xc3};
        seeds.dead(pay("binary"), ErrorClass.SCHEMA, "not JSON", new Payload(binary, Map.of()));
        seedMixed();

        Map<String, Object> binaryBody = object(json(writer.get("api/record?endpoint=" + pay + "&id=binary"), 200)
                .get("payload"));
        Map<String, Object> asHex =
                object(json(writer.get("api/record?endpoint=" + pay + "&id=d-timeout-1&body=hex"), 200)
                        .get("payload"));

        assertThat(binaryBody).containsEntry("bodyEncoding", "hex").containsEntry("body", "ff0041c3");
        assertThat(asHex)
                .containsEntry("bodyEncoding", "hex")
                .containsEntry("body", HexFormat.of().formatHex("{\"id\":\"d-timeout-1\"}".getBytes()));
    }

    @Test
    void shouldAnswer404ForAnUnknownRecordAndItsHistory() {
        assertThat(error(writer.get("api/record?endpoint=" + pay + "&id=nope"), 404))
                .contains("no record");
        assertThat(error(writer.get("api/history?endpoint=" + pay + "&id=nope"), 404))
                .contains("no record");
    }

    @Test
    void shouldRefuseBadParametersWith400NamingThem() {
        seedMixed();

        assertThat(error(writer.get("api/records"), 400)).contains("endpoint");
        assertThat(error(writer.get("api/records?endpoint=elsewhere"), 400)).contains("elsewhere");
        assertThat(error(writer.get("api/records?endpoint=" + pay + "&listing=gone"), 400))
                .contains("gone");
        assertThat(error(writer.get("api/records?endpoint=" + pay + "&errorClass=cosmic"), 400))
                .contains("cosmic");
        assertThat(error(writer.get("api/records?endpoint=" + pay + "&from=yesterday"), 400))
                .contains("yesterday");
        assertThat(error(writer.get("api/records?endpoint=" + pay + "&limit=0"), 400))
                .contains("limit");
        assertThat(error(writer.get("api/records?endpoint=" + pay + "&limit=501"), 400))
                .contains("501");
        assertThat(error(writer.get("api/records?endpoint=" + pay + "&limit=many"), 400))
                .contains("many");
        assertThat(error(writer.get("api/records?endpoint=" + pay + "&cursor=garbage!"), 400))
                .contains("cursor");
        assertThat(error(writer.get("api/record?endpoint=" + pay), 400)).contains("eventId");
        String later = Instant.now().toString();
        String earlier = Instant.now().minusSeconds(60).toString();
        assertThat(error(writer.get("api/records?endpoint=" + pay + "&from=" + later + "&to=" + earlier), 400))
                .contains("before");
        assertThat(error(writer.get("api/nothing-here"), 404)).contains("nothing-here");
    }

    @Test
    void shouldServeThePageAndItsAssetsButNothingElse() {
        HttpResponse<String> page = anonymous.get("");
        HttpResponse<String> script = anonymous.get("assets/console.js");

        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.headers().firstValue("Content-Type"))
                .hasValueSatisfying(t -> assertThat(t).startsWith("text/html"));
        assertThat(page.headers().firstValue("Content-Security-Policy"))
                .hasValueSatisfying(csp -> assertThat(csp).contains("script-src 'self'"));
        assertThat(page.body()).contains("Hookguard console");
        assertThat(script.statusCode()).isEqualTo(200);
        assertThat(anonymous.get("assets/ConsoleServlet.class").statusCode()).isEqualTo(404);
    }

    @Test
    void shouldFindRecordsByAJsonPointerIntoThePayload() {
        seeds.dead(
                pay("m-1"),
                ErrorClass.TIMEOUT,
                "x",
                Seeds.payload("{\"data\":{\"object\":{\"customer\":\"cus_123\"}}}"));
        seeds.dead(
                pay("m-2"),
                ErrorClass.TIMEOUT,
                "x",
                Seeds.payload("{\"data\":{\"object\":{\"customer\":\"cus_999\"}}}"));
        seeds.dead(pay("m-3"), ErrorClass.TIMEOUT, "x", Seeds.payload("not json at all"));
        seeds.dead(pay("m-4"), ErrorClass.TIMEOUT, "x", Seeds.payload("{\"data\":{\"amount\":1200}}"));
        String match = "&match=" + ApiClient.encode("/data/object/customer = cus_123");

        assertThat(ids("endpoint=" + pay + match)).containsExactly("m-1");
        assertThat(ids("endpoint=" + pay + "&limit=1&match=" + ApiClient.encode("/data/amount=\"1200\"")))
                .containsExactly("m-4");
        assertThat(json(writer.get("api/count?endpoint=" + pay + match), 200)).containsEntry("count", 1L);
        assertThat(error(writer.get("api/records?endpoint=" + pay + "&match=customer"), 400))
                .startsWith("match must be a JSON pointer, '=' and a value");
        assertThat(error(
                        writer.post(
                                "api/bulk/skip?match=" + ApiClient.encode("/data/amount=1200"),
                                java.util.Map.of("endpoint", pay)),
                        400))
                .contains("select the records");
    }

    @Test
    void shouldShowTheAttemptLogAndFilterByTheExceptionType() {
        seeds.deadAfter(
                pay("x-timeout"),
                "java.lang.IllegalStateException: ledger",
                Seeds.payload("{}"),
                Seeds.thrown(
                        new IllegalStateException("ledger"), new java.net.SocketTimeoutException("Read timed out")),
                new java.net.SocketTimeoutException("Read timed out again"));
        seeds.deadAfter(
                pay("x-state"),
                "java.lang.IllegalStateException: ledger",
                Seeds.payload("{}"),
                Seeds.thrown(new IllegalStateException("ledger"), new RuntimeException("cause")));
        seeds.dead(pay("x-plain"), ErrorClass.EXCEPTION, "java.lang.IllegalArgumentException: amount");

        Map<String, Object> record = json(writer.get("api/record?endpoint=" + pay + "&id=x-timeout"), 200);
        List<Map<String, Object>> attempts = objects(record.get("attemptLog"));
        assertThat(attempts).hasSize(2);
        assertThat(attempts.get(0))
                .containsEntry("source", "sender")
                .containsEntry("exceptionClass", "java.lang.IllegalStateException")
                .containsEntry("message", "ledger")
                .containsEntry("errorClass", "exception")
                .containsEntry("retryAfterMs", 30_000L);
        assertThat((String) attempts.get(0).get("stackTrace"))
                .contains("Caused by: java.net.SocketTimeoutException: Read timed out");
        assertThat(attempts.get(1))
                .containsEntry("source", "receiver_retry")
                .containsEntry("message", "Read timed out again");
        assertThat(ids("endpoint=" + pay + "&exception=SocketTimeoutException")).containsExactly("x-timeout");
        assertThat(ids("endpoint=" + pay + "&exception=java.lang.IllegalStateException"))
                .containsExactly("x-state");
        assertThat(ids("endpoint=" + pay + "&exception=IllegalArgumentException"))
                .containsExactly("x-plain");
    }
}
