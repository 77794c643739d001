package dev.hookguard.core.signature.internal;

import static dev.hookguard.core.signature.Fixtures.utf8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.signature.EventIdConfig;
import dev.hookguard.core.signature.EventIdConfig.EventIdSource;
import dev.hookguard.core.signature.EventIdExtractor;
import dev.hookguard.core.signature.EventIdResult;
import dev.hookguard.core.signature.EventIdResult.IdOrigin;
import dev.hookguard.core.signature.GenericHmacConfig;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class EventIdExtractorTest {

    private static final String STRIPE_BODY =
            "{\"object\":\"event\",\"data\":{\"object\":{\"id\":\"cus_123\"}},\"id\":\"evt_123\",\"type\":\"x\"}";

    @Test
    void shouldReadStandardWebhooksIdFromEitherHeaderFamily() {
        EventIdExtractor extractor = EventIdExtractor.forScheme("svix", Scheme.STANDARD_WEBHOOKS);

        assertThat(idOf(extractor.extract(Headers.of("webhook-id", "msg_1", "svix-id", "msg_2"), new byte[0])))
                .isEqualTo("msg_1");
        assertThat(idOf(extractor.extract(Headers.of("svix-id", "msg_2"), new byte[0])))
                .isEqualTo("msg_2");
    }

    @Test
    void shouldReadStripesTopLevelIdAndNeverANestedOne() {
        EventIdResult result =
                EventIdExtractor.forScheme("stripe", Scheme.STRIPE).extract(Headers.empty(), utf8(STRIPE_BODY));

        assertThat(result)
                .isEqualTo(new EventIdResult.Found(
                        EventKey.of("stripe", "evt_123"), IdOrigin.BODY_FIELD, Optional.empty()));
    }

    @Test
    void shouldFallBackToTheBodyHashWhenOnlyNestedIdsExist() {
        byte[] body = utf8("{\"data\":{\"id\":\"cus_123\"},\"list\":[{\"id\":\"x\"}]}");

        EventIdResult result =
                EventIdExtractor.forScheme("stripe", Scheme.STRIPE).extract(Headers.empty(), body);

        assertThat(result)
                .isEqualTo(new EventIdResult.Found(
                        EventKey.of("stripe", Fingerprint.sha256Hex(body)), IdOrigin.BODY_HASH, Optional.empty()));
    }

    @Test
    void shouldStopReadingAtTheField() {
        byte[] body = utf8("{\"id\":\"evt_1\", this is no longer JSON");

        assertThat(idOf(EventIdExtractor.forScheme("stripe", Scheme.STRIPE).extract(Headers.empty(), body)))
                .isEqualTo("evt_1");
    }

    @Test
    void shouldReadSlacksTopLevelEventId() {
        byte[] body = utf8("{\"token\":\"t\",\"event\":{\"event_id\":\"nested\"},\"event_id\":\"Ev0PV52K21\"}");

        assertThat(idOf(EventIdExtractor.forScheme("slack", Scheme.SLACK).extract(Headers.empty(), body)))
                .isEqualTo("Ev0PV52K21");
    }

    @Test
    void shouldFallBackToTheBodyHashForSlackForms() {
        byte[] body = utf8("token=xyz&command=%2Fwebhook-collect");

        EventIdResult result = EventIdExtractor.forScheme("slack", Scheme.SLACK).extract(Headers.empty(), body);

        assertThat(result).isInstanceOf(EventIdResult.Found.class);
        assertThat(((EventIdResult.Found) result).origin()).isEqualTo(IdOrigin.BODY_HASH);
        assertThat(idOf(result)).isEqualTo(Fingerprint.sha256Hex(body));
    }

    @Test
    void shouldAddTheBodyHashAsASecondKeyForGitHub() {
        byte[] body = utf8("{\"zen\":\"Design for failure.\"}");
        Headers headers = Headers.of("X-GitHub-Delivery", "72d3162e-cc78-11e3-81ab-4c9367dc0958");

        EventIdResult.Found found = (EventIdResult.Found)
                EventIdExtractor.forScheme("github", Scheme.GITHUB).extract(headers, body);

        EventKey bodyKey = EventKey.of("github", Fingerprint.sha256Hex(body));
        assertThat(found.key()).isEqualTo(EventKey.of("github", "72d3162e-cc78-11e3-81ab-4c9367dc0958"));
        assertThat(found.origin()).isEqualTo(IdOrigin.HEADER);
        assertThat(found.bodyKey()).contains(bodyKey);
        assertThat(found.keys()).containsExactly(found.key(), bodyKey);
    }

    @Test
    void shouldCatchAReplayUnderAFreshIdByTheBodyKey() {
        EventIdExtractor extractor = EventIdExtractor.forScheme("github", Scheme.GITHUB);
        byte[] body = utf8("{\"action\":\"opened\"}");

        EventIdResult.Found original =
                (EventIdResult.Found) extractor.extract(Headers.of("X-GitHub-Delivery", "a"), body);
        EventIdResult.Found replay =
                (EventIdResult.Found) extractor.extract(Headers.of("X-GitHub-Delivery", "b"), body);

        assertThat(original.key()).isNotEqualTo(replay.key());
        assertThat(original.bodyKey()).isPresent().isEqualTo(replay.bodyKey());
    }

    @Test
    void shouldFallBackToShopifysEventIdHeader() {
        EventIdExtractor extractor = EventIdExtractor.forScheme("shop", Scheme.SHOPIFY);

        EventIdResult.Found byWebhookId = (EventIdResult.Found)
                extractor.extract(Headers.of("X-Shopify-Webhook-Id", "w1", "X-Shopify-Event-Id", "e1"), new byte[0]);
        EventIdResult.Found byEventId =
                (EventIdResult.Found) extractor.extract(Headers.of("X-Shopify-Event-Id", "e1"), new byte[0]);

        assertThat(byWebhookId.eventId()).isEqualTo("w1");
        assertThat(byEventId.eventId()).isEqualTo("e1");
        assertThat(byEventId.bodyKey()).isPresent();
    }

    @Test
    void shouldNotAddASecondKeyWhenTheIdIsTheBodyHash() {
        EventIdResult.Found found = (EventIdResult.Found)
                EventIdExtractor.forScheme("github", Scheme.GITHUB).extract(Headers.empty(), utf8("{}"));

        assertThat(found.origin()).isEqualTo(IdOrigin.BODY_HASH);
        assertThat(found.bodyKey()).isEmpty();
        assertThat(found.keys()).hasSize(1);
    }

    @Test
    void shouldReportAMissingIdWhenTheFallbackIsOff() {
        EventIdConfig config = EventIdConfig.from(EventIdConfig.forScheme(Scheme.GITHUB))
                .bodyHashFallback(false)
                .build();

        EventIdResult result = EventIdExtractor.of("github", config).extract(Headers.empty(), utf8("{}"));

        assertThat(result).isInstanceOf(EventIdResult.Missing.class);
        assertThat(((EventIdResult.Missing) result).message()).contains("X-GitHub-Delivery");
    }

    @ParameterizedTest
    @ValueSource(strings = {"evt 1", "évt_1", "evt\t1", ""})
    void shouldReportAnIdThatCannotBeAKeyAsInvalid(String id) {
        EventIdResult result = EventIdExtractor.forScheme("github", Scheme.GITHUB)
                .extract(Headers.of("X-GitHub-Delivery", id), new byte[0]);

        assertThat(result).isInstanceOf(EventIdResult.Invalid.class);
        assertThat(((EventIdResult.Invalid) result).message()).contains("X-GitHub-Delivery");
    }

    @Test
    void shouldReportAnIdTooLongForTheEndpointAsInvalid() {
        String id = "e".repeat(EventKey.MAX_BYTES - "github".length());
        EventIdExtractor extractor = EventIdExtractor.forScheme("github", Scheme.GITHUB);

        assertThat(extractor.extract(Headers.of("X-GitHub-Delivery", id.substring(1)), new byte[0]))
                .isInstanceOf(EventIdResult.Found.class);
        assertThat(extractor.extract(Headers.of("X-GitHub-Delivery", id), new byte[0]))
                .isInstanceOf(EventIdResult.Invalid.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"id\":{\"x\":1}}", "{\"id\":[1]}", "{\"id\":null}", "{\"id\":1.5}", "{\"id\":true}"})
    void shouldReportAnIdFieldThatIsNoStringOrIntegerAsInvalid(String body) {
        EventIdResult result =
                EventIdExtractor.forScheme("stripe", Scheme.STRIPE).extract(Headers.empty(), utf8(body));

        assertThat(result).isInstanceOf(EventIdResult.Invalid.class);
    }

    @Test
    void shouldAcceptAnIntegerIdInItsJsonText() {
        EventIdResult result = EventIdExtractor.forScheme("stripe", Scheme.STRIPE)
                .extract(Headers.empty(), utf8("{\"id\":820982911946154508}"));

        assertThat(idOf(result)).isEqualTo("820982911946154508");
    }

    @Test
    void shouldReportDifferentValuesOfTheIdHeaderAsInvalid() {
        Headers headers = Headers.builder()
                .add("X-GitHub-Delivery", "a")
                .add("X-GitHub-Delivery", "b")
                .build();

        assertThat(EventIdExtractor.forScheme("github", Scheme.GITHUB).extract(headers, new byte[0]))
                .isInstanceOf(EventIdResult.Invalid.class);
    }

    @Test
    void shouldFollowANestedJsonPointerOfAGenericScheme() {
        GenericHmacConfig config = GenericHmacConfig.custom()
                .secrets("s")
                .signatureHeader("X-Sig")
                .idSource(EventIdSource.jsonPointer("/data/items/1/id"))
                .build();
        byte[] body = utf8("{\"data\":{\"skip\":{\"id\":\"no\"},\"items\":[{\"id\":\"first\"},{\"id\":\"second\"}]}}");

        EventIdResult result =
                EventIdExtractor.of("generic", EventIdConfig.forGeneric(config)).extract(Headers.empty(), body);

        assertThat(idOf(result)).isEqualTo("second");
        assertThat(((EventIdResult.Found) result).bodyKey()).isEmpty();
    }

    @Test
    void shouldAddTheBodyKeyForAGenericSchemeWithAnUnsignedIdHeader() {
        GenericHmacConfig unsigned = GenericHmacConfig.custom()
                .secrets("s")
                .signatureHeader("X-Sig")
                .idSource(EventIdSource.header("X-Id"))
                .build();
        GenericHmacConfig signed =
                GenericHmacConfig.from(unsigned).template("{id}.{body}").build();

        assertThat(EventIdConfig.forGeneric(unsigned).bodyHashKey()).isTrue();
        assertThat(EventIdConfig.forGeneric(signed).bodyHashKey()).isFalse();
        assertThat(EventIdConfig.forGeneric(unsigned).sources()).containsExactly(EventIdSource.header("X-Id"));
    }

    @Test
    void shouldTurnTheBodyKeyOnOnlyForSchemesThatDoNotSignTheId() {
        assertThat(EventIdConfig.forScheme(Scheme.GITHUB).bodyHashKey()).isTrue();
        assertThat(EventIdConfig.forScheme(Scheme.SHOPIFY).bodyHashKey()).isTrue();
        assertThat(EventIdConfig.forScheme(Scheme.STANDARD_WEBHOOKS).bodyHashKey())
                .isFalse();
        assertThat(EventIdConfig.forScheme(Scheme.STRIPE).bodyHashKey()).isFalse();
        assertThat(EventIdConfig.forScheme(Scheme.SLACK).bodyHashKey()).isFalse();
    }

    @Test
    void shouldRejectBadConfigurationNamingTheField() {
        assertThatThrownBy(() -> EventIdExtractor.forScheme("has:colon", Scheme.GITHUB))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("endpoint");
        assertThatThrownBy(() -> EventIdConfig.forScheme(Scheme.GENERIC))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("forGeneric");
        assertThatThrownBy(() -> EventIdConfig.custom().bodyHashFallback(false).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("sources");
        assertThatThrownBy(() -> EventIdSource.header("X Id"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("name");
    }

    private static String idOf(EventIdResult result) {
        assertThat(result).isInstanceOf(EventIdResult.Found.class);
        return ((EventIdResult.Found) result).eventId();
    }
}
