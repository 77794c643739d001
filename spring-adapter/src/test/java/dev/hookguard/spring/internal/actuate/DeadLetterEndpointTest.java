package dev.hookguard.spring.internal.actuate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.ListFilter.Listing;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.spring.internal.web.EndpointDefinitions;
import java.nio.charset.StandardCharsets;
import java.security.Principal;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.endpoint.SecurityContext;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;

class DeadLetterEndpointTest {

    private static final IdempotencyPolicy ONE_ATTEMPT =
            IdempotencyPolicy.custom().maxAttempts(1).build();

    private final InMemoryStore store = new InMemoryStore();
    private final List<String> woken = new CopyOnWriteArrayList<>();
    private final DeadLetterEndpoint endpoint = new DeadLetterEndpoint(
            store, () -> Map.of("stripe", definitionOf("stripe")), woken::add, Duration.ofDays(1));

    private static EndpointDefinitions.Definition definitionOf(String name) {
        return new EndpointDefinitions.Definition(
                EndpointConfig.custom(name)
                        .scheme(Scheme.STRIPE, SignatureConfig.of("whsec_0123456789abcdef"))
                        .policy(ONE_ATTEMPT)
                        .build(),
                "hookguard.endpoints." + name,
                true);
    }

    private void dead(String id, byte[] body) {
        EventKey key = EventKey.of("stripe", id);
        long token = ((ClaimOutcome.Acquired) store.claim(key, Fingerprint.of(body), ONE_ATTEMPT)).token();
        Payload payload = new Payload(
                body,
                Map.of(
                        "Content-Type", List.of("application/json"),
                        "Stripe-Signature", List.of("t=1,v1=abc"),
                        "X-Api-Key", List.of("k")));
        store.fail(key, token, new Failure(payload, "java.lang.IllegalStateException: boom"), ONE_ATTEMPT);
    }

    private static String[] id(String id) {
        return new String[] {id};
    }

    @Test
    void shouldListTheEndpointsWithTheirDeadLetterCountsAndTheStoreType() {
        dead("evt_1", "{}".getBytes(StandardCharsets.UTF_8));

        Map<String, Object> stripe = new LinkedHashMap<>();
        stripe.put("deadLetters", 1L);
        stripe.put("queueDepth", 0L);
        stripe.put("dueNow", 0L);
        stripe.put("oldestDueAgeSeconds", null);
        stripe.put("stalled", 0L);
        assertThat(endpoint.endpoints().getBody())
                .isEqualTo(Map.of("store", "memory", "endpoints", Map.of("stripe", stripe)));
    }

    @Test
    void shouldShowTheDueQueueAndTheStalledRecordsOfEachEndpoint() {
        dead("evt_1", "{}".getBytes(StandardCharsets.UTF_8));
        dead("evt_2", "{}".getBytes(StandardCharsets.UTF_8));
        endpoint.act("stripe", id("evt_1"), "replay", null, null);
        EventKey lapsed = EventKey.of("stripe", "evt_lapsed");
        IdempotencyPolicy instant =
                IdempotencyPolicy.custom().lease(java.time.Duration.ofMillis(1)).build();
        store.claim(lapsed, Fingerprint.of(new byte[] {2}), instant);
        Awaitility.await()
                .atMost(java.time.Duration.ofSeconds(5))
                .until(() -> store.count(ListFilter.forEndpoint("stripe")
                                .listings(Listing.STALLED)
                                .build())
                        == 1);

        @SuppressWarnings("unchecked")
        Map<String, Object> stripe = (Map<String, Object>)
                ((Map<String, Object>) endpoint.endpoints().getBody().get("endpoints")).get("stripe");

        assertThat(stripe)
                .containsEntry("deadLetters", 1L)
                .containsEntry("queueDepth", 1L)
                .containsEntry("dueNow", 1L)
                .containsEntry("stalled", 1L);
        assertThat((Double) stripe.get("oldestDueAgeSeconds")).isNotNull().isGreaterThanOrEqualTo(0.0);
    }

    @Test
    void shouldActOnEveryRecordOfAFilterAndWakeTheDispatcherAfterAReplay() {
        for (int i = 0; i < 5; i++) {
            dead("evt_" + i, "{}".getBytes(StandardCharsets.UTF_8));
        }
        EventKey failed = EventKey.of("stripe", "evt_timeout");
        IdempotencyPolicy retrying = IdempotencyPolicy.custom().maxAttempts(3).build();
        long token = ((ClaimOutcome.Acquired) store.claim(failed, Fingerprint.of(new byte[] {1}), retrying)).token();
        store.fail(
                failed, token, new Failure(Payload.of(new byte[] {1}), "read timed out", ErrorClass.TIMEOUT), retrying);

        WebEndpointResponse<Map<String, Object>> replayed =
                endpoint.actOnAll("stripe", "replay", "INC-7", null, null, null, null, null, null);
        WebEndpointResponse<Map<String, Object>> again =
                endpoint.actOnAll("stripe", "replay", null, "dead,rejected", null, null, null, null, null);

        assertThat(replayed.getStatus()).isEqualTo(200);
        assertThat(replayed.getBody())
                .containsEntry("endpoint", "stripe")
                .containsEntry("action", "replay")
                .containsEntry("matched", 5L)
                .containsEntry("updated", 5L)
                .containsEntry("unchanged", 0L);
        assertThat(again.getBody()).containsEntry("matched", 0L);
        assertThat(woken).containsExactly("stripe");
        assertThat(store.count(ListFilter.forEndpoint("stripe")
                        .listings(Listing.QUEUED)
                        .build()))
                .isEqualTo(5);
        assertThat(store.find(failed).orElseThrow().status()).isEqualTo(RecordStatus.FAILED);
        assertThat(store.find(EventKey.of("stripe", "evt_3")).orElseThrow().history())
                .singleElement()
                .satisfies(e -> assertThat(e.note()).isEqualTo("INC-7"));
    }

    @Test
    void shouldNarrowABulkActionByErrorClassAndRefuseBadFilters() {
        dead("evt_dead", "{}".getBytes(StandardCharsets.UTF_8));
        EventKey failed = EventKey.of("stripe", "evt_timeout");
        IdempotencyPolicy retrying = IdempotencyPolicy.custom().maxAttempts(3).build();
        long token = ((ClaimOutcome.Acquired) store.claim(failed, Fingerprint.of(new byte[] {1}), retrying)).token();
        store.fail(
                failed, token, new Failure(Payload.of(new byte[] {1}), "read timed out", ErrorClass.TIMEOUT), retrying);

        WebEndpointResponse<Map<String, Object>> resolved = endpoint.actOnAll(
                "stripe", "resolve", "timeouts fixed", "failed,dead", "timeout", null, null, null, null);

        assertThat(resolved.getBody()).containsEntry("matched", 1L).containsEntry("updated", 1L);
        assertThat(store.find(failed).orElseThrow().status()).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(store.find(EventKey.of("stripe", "evt_dead")).orElseThrow().status())
                .isEqualTo(RecordStatus.DEAD);
        assertThat(woken).isEmpty();
        assertThat(endpoint.actOnAll("stripe", "resolve", null, null, null, null, null, null, null)
                        .getStatus())
                .isEqualTo(400);
        assertThat(endpoint.actOnAll("stripe", "purge", null, null, null, null, null, null, null)
                        .getStatus())
                .isEqualTo(400);
        WebEndpointResponse<Map<String, Object>> badTime =
                endpoint.actOnAll("stripe", "skip", null, null, null, null, "yesterday", null, null);
        assertThat(badTime.getStatus()).isEqualTo(400);
        assertThat(badTime.getBody())
                .containsEntry(
                        "error", "from must be an ISO-8601 instant such as 2026-01-31T12:00:00Z but was 'yesterday'");
        assertThat(endpoint.actOnAll("paypal", "skip", null, null, null, null, null, null, null)
                        .getStatus())
                .isEqualTo(404);
    }

    @Test
    void shouldListDeadLettersPageByPageOldestFirst() {
        dead("evt_1", "{}".getBytes(StandardCharsets.UTF_8));
        dead("evt_2", "{}".getBytes(StandardCharsets.UTF_8));
        dead("evt_3", "{}".getBytes(StandardCharsets.UTF_8));

        WebEndpointResponse<Map<String, Object>> first =
                endpoint.deadLetters("stripe", null, 2, null, null, null, null, null);
        String cursor = (String) first.getBody().get("nextCursor");
        WebEndpointResponse<Map<String, Object>> second =
                endpoint.deadLetters("stripe", cursor, 2, null, null, null, null, null);

        assertThat(first.getStatus()).isEqualTo(200);
        assertThat(eventIds(first)).containsExactly("evt_1", "evt_2");
        assertThat(cursor).isNotNull();
        assertThat(eventIds(second)).containsExactly("evt_3");
        assertThat(second.getBody().get("nextCursor")).isNull();
        assertThat(((List<?>) first.getBody().get("records")).get(0))
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                .containsEntry("status", "DEAD")
                .containsEntry("attempts", 1)
                .containsEntry("lastError", "java.lang.IllegalStateException: boom");
    }

    @Test
    void shouldTakeAnEmptyCursorForTheFirstPage() {
        dead("evt_1", "{}".getBytes(StandardCharsets.UTF_8));

        WebEndpointResponse<Map<String, Object>> page =
                endpoint.deadLetters("stripe", "", null, null, null, null, null, null);

        assertThat(page.getStatus()).isEqualTo(200);
        assertThat(eventIds(page)).containsExactly("evt_1");
    }

    @Test
    void shouldAnswer400ForACursorTheStoreDidNotGiveOut() {
        WebEndpointResponse<Map<String, Object>> page =
                endpoint.deadLetters("stripe", "garbage", null, null, null, null, null, null);

        assertThat(page.getStatus()).isEqualTo(400);
        assertThat(page.getBody().get("error")).asString().contains("cursor", "garbage");
    }

    @Test
    void shouldRefuseAnUnknownEndpointAndABadLimit() {
        assertThat(endpoint.deadLetters("paypal", null, null, null, null, null, null, null)
                        .getStatus())
                .isEqualTo(404);
        assertThat(endpoint.deadLetters("stripe", null, 0, null, null, null, null, null)
                        .getStatus())
                .isEqualTo(400);
        assertThat(endpoint.deadLetters("stripe", null, DeadLetterEndpoint.MAX_LIMIT + 1, null, null, null, null, null)
                        .getStatus())
                .isEqualTo(400);
    }

    @Test
    void shouldShowOneRecordWithItsPayloadAsTextAndRedactSignatureAndKeyHeaders() {
        dead("evt_1", "{\"id\":\"evt_1\"}".getBytes(StandardCharsets.UTF_8));

        WebEndpointResponse<Map<String, Object>> response = endpoint.record("stripe", id("evt_1"));

        assertThat(response.getStatus()).isEqualTo(200);
        Map<String, Object> record = response.getBody();
        assertThat(record)
                .containsEntry("endpoint", "stripe")
                .containsEntry("eventId", "evt_1")
                .containsEntry("status", "DEAD")
                .containsEntry("response", null);
        @SuppressWarnings("unchecked")
        Map<String, Object> payload = (Map<String, Object>) record.get("payload");
        assertThat(payload)
                .containsEntry("body", "{\"id\":\"evt_1\"}")
                .containsEntry("bodyEncoding", "text")
                .containsEntry(
                        "headers",
                        Map.of(
                                "Content-Type", List.of("application/json"),
                                "Stripe-Signature", List.of("[redacted]"),
                                "X-Api-Key", List.of("[redacted]")));
    }

    @Test
    void shouldShowABodyThatIsNotUtf8AsHex() {
        byte[] binary = {(byte) 0xff, (byte) 0xfe, 0, 1};
        dead("evt_bin", binary);

        @SuppressWarnings("unchecked")
        Map<String, Object> payload = (Map<String, Object>)
                endpoint.record("stripe", id("evt_bin")).getBody().get("payload");

        assertThat(payload)
                .containsEntry("bodyEncoding", "hex")
                .containsEntry("body", HexFormat.of().formatHex(binary))
                .containsEntry("bodyBytes", 4);
    }

    @Test
    void shouldAnswer404ForAnUnknownOrInvalidEventId() {
        assertThat(endpoint.record("stripe", id("evt_none")).getStatus()).isEqualTo(404);
        assertThat(endpoint.record("stripe", id("with space")).getStatus()).isEqualTo(404);
    }

    @Test
    void shouldRequeueADeadLetterSoThatTheNextDeliveryRunsTheHandler() {
        dead("evt_1", "{}".getBytes(StandardCharsets.UTF_8));

        WebEndpointResponse<Map<String, Object>> response = endpoint.act("stripe", id("evt_1"), "requeue", null, null);

        assertThat(response.getStatus()).isEqualTo(200);
        assertThat(response.getBody()).containsEntry("outcome", "UPDATED").containsEntry("status", "FAILED");
        assertThat(store.claim(EventKey.of("stripe", "evt_1"), Fingerprint.of("{}".getBytes()), ONE_ATTEMPT))
                .isInstanceOf(ClaimOutcome.Acquired.class);
    }

    @Test
    void shouldResolveWithANoteAndSkipWithoutOne() {
        dead("evt_1", "{}".getBytes(StandardCharsets.UTF_8));
        dead("evt_2", "{}".getBytes(StandardCharsets.UTF_8));

        WebEndpointResponse<Map<String, Object>> resolved =
                endpoint.act("stripe", id("evt_1"), "resolve", "refunded by hand", null);
        WebEndpointResponse<Map<String, Object>> skipped = endpoint.act("stripe", id("evt_2"), "SKIP", null, null);

        assertThat(resolved.getBody()).containsEntry("status", "SUCCEEDED");
        assertThat(skipped.getBody()).containsEntry("status", "SUCCEEDED");
        assertThat(store.find(EventKey.of("stripe", "evt_1")).orElseThrow().lastError())
                .isEqualTo("refunded by hand");
        assertThat(store.find(EventKey.of("stripe", "evt_2")).orElseThrow().lastError())
                .isEqualTo("java.lang.IllegalStateException: boom");
        assertThat(store.find(EventKey.of("stripe", "evt_2")).orElseThrow().history())
                .singleElement()
                .satisfies(e -> assertThat(e.actor()).isEqualTo(DeadLetterEndpoint.ANONYMOUS));
        assertThat(eventIds(endpoint.deadLetters("stripe", null, null, null, null, null, null, null)))
                .isEmpty();
    }

    @Test
    void shouldRefuseBadActionsAndRecordsThatAreNotDeadLetters() {
        dead("evt_1", "{}".getBytes(StandardCharsets.UTF_8));
        EventKey live = EventKey.of("stripe", "evt_live");
        store.claim(live, Fingerprint.of("{}".getBytes()), ONE_ATTEMPT);

        assertThat(endpoint.act("stripe", id("evt_1"), "delete", null, null).getStatus())
                .isEqualTo(400);
        assertThat(endpoint.act("stripe", id("evt_1"), "resolve", " ", null).getStatus())
                .isEqualTo(400);
        assertThat(endpoint.act("stripe", id("evt_none"), "requeue", null, null).getStatus())
                .isEqualTo(404);
        WebEndpointResponse<Map<String, Object>> notDead =
                endpoint.act("stripe", id("evt_live"), "requeue", null, null);
        assertThat(notDead.getStatus()).isEqualTo(409);
        assertThat(notDead.getBody()).containsEntry("outcome", "WRONG_STATE").containsEntry("status", "PROCESSING");
        assertThat(store.find(EventKey.of("stripe", "evt_1")).orElseThrow().status())
                .isEqualTo(RecordStatus.DEAD);
    }

    @Test
    void shouldReplayAsThePrincipalAndKeepItInTheHistory() {
        dead("evt_1", "{}".getBytes(StandardCharsets.UTF_8));
        SecurityContext alice = new SecurityContext() {
            @Override
            public Principal getPrincipal() {
                return () -> "alice";
            }

            @Override
            public boolean isUserInRole(String role) {
                return true;
            }
        };

        WebEndpointResponse<Map<String, Object>> replayed =
                endpoint.act("stripe", id("evt_1"), "replay", "downstream back", alice);

        assertThat(replayed.getBody()).containsEntry("outcome", "UPDATED").containsEntry("status", "QUEUED");
        assertThat(store.find(EventKey.of("stripe", "evt_1")).orElseThrow().history())
                .singleElement()
                .satisfies(e -> {
                    assertThat(e.actor()).isEqualTo("alice");
                    assertThat(e.action()).isEqualTo("replay");
                    assertThat(e.note()).isEqualTo("downstream back");
                });
        assertThat(endpoint.record("stripe", id("evt_1")).getBody()).containsKey("history");
    }

    @Test
    void shouldFilterListingsByListingErrorClassAndText() {
        dead("evt_dead", "{}".getBytes(StandardCharsets.UTF_8));
        EventKey failed = EventKey.of("stripe", "evt_failed");
        IdempotencyPolicy retrying = IdempotencyPolicy.custom().maxAttempts(3).build();
        long token = ((ClaimOutcome.Acquired) store.claim(failed, Fingerprint.of(new byte[] {1}), retrying)).token();
        store.fail(
                failed, token, new Failure(Payload.of(new byte[] {1}), "read timed out", ErrorClass.TIMEOUT), retrying);

        assertThat(eventIds(endpoint.deadLetters("stripe", null, null, "failed", null, null, null, null)))
                .containsExactly("evt_failed");
        assertThat(eventIds(endpoint.deadLetters("stripe", null, null, "dead, FAILED", "timeout", null, null, null)))
                .containsExactly("evt_failed");
        assertThat(eventIds(endpoint.deadLetters("stripe", null, null, "dead,failed", null, "DEAD", null, null)))
                .containsExactly("evt_dead");
        assertThat(endpoint.deadLetters("stripe", null, null, "gone", null, null, null, null)
                        .getStatus())
                .isEqualTo(400);
        assertThat(endpoint.deadLetters("stripe", null, null, null, "slow", null, null, null)
                        .getStatus())
                .isEqualTo(400);
        assertThat(endpoint.deadLetters("stripe", "garbage", null, null, null, null, null, null)
                        .getStatus())
                .isEqualTo(400);
    }

    @Test
    void shouldJoinTheRemainingSegmentsOfAnEventIdWithSlashes() {
        dead("a/b", "{}".getBytes(StandardCharsets.UTF_8));

        assertThat(endpoint.record("stripe", new String[] {"a", "b"}).getBody()).containsEntry("eventId", "a/b");
    }

    private static List<Object> eventIds(WebEndpointResponse<Map<String, Object>> page) {
        return ((List<?>) page.getBody().get("records"))
                .stream()
                        .map(line -> ((Map<?, ?>) line).get("eventId"))
                        .map(Object.class::cast)
                        .toList();
    }
}
