package dev.hookguard.core.signature;

import static dev.hookguard.core.signature.Fixtures.clockAt;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.signature.EventIdConfig.EventIdSource;
import dev.hookguard.core.signature.GenericHmacConfig.HmacAlgorithm;
import dev.hookguard.core.signature.GenericHmacConfig.SignatureEncoding;
import dev.hookguard.core.signature.SignatureConfig.PublicUrl;
import dev.hookguard.core.signature.Verification.RejectionReason;
import dev.hookguard.core.signature.internal.Rejections;
import dev.hookguard.core.signature.internal.providers.SendGridVerifierTest;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;
import net.jqwik.api.statistics.Statistics;

/**
 * Throws arbitrary headers and bodies at every verifier and extractor: nothing may escape as an exception, and
 * nothing random may verify. Each scheme's headers are mostly present, with values shaped for their role
 * (right prefixes and lengths, timestamps around the verifier's clock, {@code -1}, twenty nines, huge
 * values, random text), plus random extra lines; a coverage check makes sure that many tries get as far as
 * the MAC comparison instead of failing on the first header.
 */
class VerifierRobustnessTest {

    private static final long NOW = 1_700_000_000L;
    private static final Clock CLOCK = clockAt(NOW);
    private static final String WHSEC = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    private static final List<String> SECRETS = List.of("s3cr3t", "rotated");
    private static final List<String> NAMES = List.of(
            "webhook-id",
            "webhook-timestamp",
            "webhook-signature",
            "svix-id",
            "svix-timestamp",
            "svix-signature",
            "Stripe-Signature",
            "X-Hub-Signature-256",
            "X-Hub-Signature",
            "X-GitHub-Delivery",
            "X-Shopify-Hmac-Sha256",
            "X-Shopify-Webhook-Id",
            "X-Shopify-Event-Id",
            "X-Slack-Signature",
            "X-Slack-Request-Timestamp",
            "X-Signature",
            "X-Timestamp",
            "Paddle-Signature",
            "X-Twilio-Signature",
            "Content-Type",
            "x-square-hmacsha256-signature",
            "X-Twilio-Email-Event-Webhook-Signature",
            "X-Twilio-Email-Event-Webhook-Timestamp",
            "X-Gitlab-Token",
            "x-zm-signature",
            "x-zm-request-timestamp",
            "X-Forwarded-Host",
            "Forwarded");
    private static final String WHPK = "whpk_jlR7SQXn5apTThcgk/I5kRKJXpN2U+v/Nm1GLKx8o1M=";
    private static final GenericHmacConfig GENERIC = GenericHmacConfig.custom()
            .secrets(SECRETS)
            .signatureHeader("X-Signature")
            .prefix("sha512=")
            .encoding(SignatureEncoding.BASE64)
            .algorithm(HmacAlgorithm.HMAC_SHA512)
            .template("{id}.{timestamp}.{body}")
            .timestampHeader("X-Timestamp")
            .idSource(EventIdSource.jsonPointer("/id"))
            .build();

    @Property(tries = 10_000)
    void shouldNeverThrowNorVerifyForStandardWebhooks(
            @ForAll("standardWebhooksHeaders") Headers headers, @ForAll("bodies") byte[] body) {
        assertRejected(Verifiers.of(Scheme.STANDARD_WEBHOOKS, SignatureConfig.of(WHSEC), CLOCK), headers, body);
    }

    @Property(tries = 10_000)
    void shouldNeverThrowNorVerifyForStripe(@ForAll("stripeHeaders") Headers headers, @ForAll("bodies") byte[] body) {
        assertRejected(Verifiers.of(Scheme.STRIPE, config(), CLOCK), headers, body);
    }

    @Property(tries = 10_000)
    void shouldNeverThrowNorVerifyForGitHub(@ForAll("gitHubHeaders") Headers headers, @ForAll("bodies") byte[] body) {
        assertRejected(Verifiers.of(Scheme.GITHUB, config(), CLOCK), headers, body);
    }

    @Property(tries = 10_000)
    void shouldNeverThrowNorVerifyForShopify(@ForAll("shopifyHeaders") Headers headers, @ForAll("bodies") byte[] body) {
        assertRejected(Verifiers.of(Scheme.SHOPIFY, config(), CLOCK), headers, body);
    }

    @Property(tries = 10_000)
    void shouldNeverThrowNorVerifyForSlack(@ForAll("slackHeaders") Headers headers, @ForAll("bodies") byte[] body) {
        assertRejected(Verifiers.of(Scheme.SLACK, config(), CLOCK), headers, body);
    }

    @Property(tries = 10_000)
    void shouldNeverThrowNorVerifyForGeneric(@ForAll("genericHeaders") Headers headers, @ForAll("bodies") byte[] body) {
        assertRejected(Verifiers.generic(GENERIC, CLOCK), headers, body);
    }

    @Property(tries = 5_000)
    void shouldNeverThrowNorVerifyForStandardWebhooksV1a(
            @ForAll("standardWebhooksHeaders") Headers headers, @ForAll("bodies") byte[] body) {
        // two header families and two signature kinds spread the tries thinner: 1 % must reach the check
        assertRejected(
                Verifiers.of(Scheme.STANDARD_WEBHOOKS, SignatureConfig.of(WHPK, WHSEC), CLOCK),
                WebhookRequest.of(headers, body),
                1);
    }

    @Property(tries = 10_000)
    void shouldNeverThrowNorVerifyForPaddle(@ForAll("paddleHeaders") Headers headers, @ForAll("bodies") byte[] body) {
        assertRejected(Verifiers.of(Scheme.PADDLE, config(), CLOCK), headers, body);
    }

    @Property(tries = 10_000)
    void shouldNeverThrowNorVerifyForTwilio(
            @ForAll("twilioHeaders") Headers headers, @ForAll("bodies") byte[] body, @ForAll("queries") String query) {
        SignatureVerifier verifier = Verifiers.of(
                Scheme.TWILIO,
                SignatureConfig.custom()
                        .secrets(SECRETS)
                        .publicUrl(PublicUrl.forwarded())
                        .build());
        assertRejected(verifier, request(headers, body, query));
    }

    @Property(tries = 10_000)
    void shouldNeverThrowNorVerifyForSquare(@ForAll("squareHeaders") Headers headers, @ForAll("bodies") byte[] body) {
        assertRejected(Verifiers.of(Scheme.SQUARE, config(), CLOCK), request(headers, body, null));
    }

    @Property(tries = 3_000)
    void shouldNeverThrowNorVerifyForSendGrid(
            @ForAll("sendGridHeaders") Headers headers, @ForAll("bodies") byte[] body) {
        // both headers must hold exactly one value, which random extra lines often break: 1 % must reach the check
        assertRejected(
                Verifiers.of(Scheme.SENDGRID, SignatureConfig.of(SendGridVerifierTest.PUBLIC_KEY), CLOCK),
                WebhookRequest.of(headers, body),
                1);
    }

    @Property(tries = 10_000)
    void shouldNeverThrowNorVerifyForGitLabZoomAndIntercom(
            @ForAll("tokenAndSha1Headers") Headers headers, @ForAll("bodies") byte[] body) {
        assertRejected(Verifiers.of(Scheme.GITLAB, config(), CLOCK), headers, body);
        assertRejected(Verifiers.of(Scheme.ZOOM, config(), CLOCK), headers, body);
        assertRejected(Verifiers.of(Scheme.INTERCOM, config(), CLOCK), headers, body);
    }

    /**
     * The work of one delivery is bounded by the body, not by the header: a header packed with more signatures
     * than any sender sends is refused before a single MAC is computed.
     */
    @Property(tries = 200)
    void shouldRefuseMoreSignaturesThanTheCapWhateverTheirShape(
            @ForAll("manySignatures") List<String> hexes, @ForAll("bodies") byte[] body) {
        String ts = Long.toString(NOW);
        List<String> base64s = hexes.stream()
                .map(hex -> Base64.getEncoder().encodeToString(HexFormat.of().parseHex(hex)))
                .toList();
        Headers stripe = Headers.of("Stripe-Signature", "t=" + ts + ",v1=" + String.join(",v1=", hexes));
        Headers paddle = Headers.of("Paddle-Signature", "ts=" + ts + ";h1=" + String.join(";h1=", hexes));
        Headers standard = Headers.of(
                "webhook-id",
                "msg_1",
                "webhook-timestamp",
                ts,
                "webhook-signature",
                "v1," + String.join(" v1,", base64s));
        Headers.Builder github = Headers.builder();
        hexes.forEach(hex -> github.add("X-Hub-Signature-256", "sha256=" + hex));

        assertThat(Fixtures.reasonOf(
                        Verifiers.of(Scheme.STRIPE, config(), CLOCK).verify(stripe, body)))
                .isEqualTo(RejectionReason.MALFORMED_HEADER);
        assertThat(Fixtures.reasonOf(
                        Verifiers.of(Scheme.PADDLE, config(), CLOCK).verify(paddle, body)))
                .isEqualTo(RejectionReason.MALFORMED_HEADER);
        assertThat(Fixtures.reasonOf(Verifiers.of(Scheme.STANDARD_WEBHOOKS, SignatureConfig.of(WHSEC), CLOCK)
                        .verify(standard, body)))
                .isEqualTo(RejectionReason.MALFORMED_HEADER);
        assertThat(Fixtures.reasonOf(
                        Verifiers.of(Scheme.GITHUB, config(), CLOCK).verify(github.build(), body)))
                .isEqualTo(RejectionReason.MALFORMED_HEADER);
    }

    @Property(tries = 10_000)
    void shouldNeverThrowWhenExtractingIds(@ForAll("anyHeaders") Headers headers, @ForAll("bodies") byte[] body) {
        List<EventIdExtractor> extractors = new ArrayList<>();
        for (Scheme scheme : Scheme.values()) {
            if (scheme != Scheme.GENERIC) {
                extractors.add(EventIdExtractor.forScheme("endpoint", scheme));
            }
        }
        extractors.add(EventIdExtractor.of("endpoint", EventIdConfig.forGeneric(GENERIC)));

        for (EventIdExtractor extractor : extractors) {
            assertThat(extractor.extract(headers, body)).isNotNull();
        }
    }

    private static void assertRejected(SignatureVerifier verifier, Headers headers, byte[] body) {
        assertRejected(verifier, WebhookRequest.of(headers, body));
    }

    private static void assertRejected(SignatureVerifier verifier, WebhookRequest request) {
        assertRejected(verifier, request, 5);
    }

    /** Rejected with a message; at least {@code minPercent} of the tries reach the signature check. */
    private static void assertRejected(SignatureVerifier verifier, WebhookRequest request, int minPercent) {
        Verification verification = verifier.verify(request);

        assertThat(verification).isInstanceOf(Verification.Rejected.class);
        assertThat(((Verification.Rejected) verification).message()).isNotBlank();
        Statistics.collect(Fixtures.reasonOf(verification));
        Statistics.coverage(coverage ->
                coverage.check(RejectionReason.NO_MATCHING_SIGNATURE).percentage(percent -> percent >= minPercent));
    }

    private static WebhookRequest request(Headers headers, byte[] body, String query) {
        return new WebhookRequest("POST", "https", "hooks.example.com", 8443, "/in", query, headers, body);
    }

    private static SignatureConfig config() {
        return SignatureConfig.of(SECRETS.toArray(String[]::new));
    }

    @Provide
    Arbitrary<Headers> standardWebhooksHeaders() {
        return Arbitraries.oneOf(
                headers("webhook-id", "webhook-timestamp", "webhook-signature"),
                headers("svix-id", "svix-timestamp", "svix-signature"));
    }

    @Provide
    Arbitrary<Headers> stripeHeaders() {
        return headers("Stripe-Signature");
    }

    @Provide
    Arbitrary<Headers> gitHubHeaders() {
        return headers("X-Hub-Signature-256", "X-GitHub-Delivery");
    }

    @Provide
    Arbitrary<Headers> shopifyHeaders() {
        return headers("X-Shopify-Hmac-Sha256", "X-Shopify-Webhook-Id");
    }

    @Provide
    Arbitrary<Headers> slackHeaders() {
        return headers("X-Slack-Signature", "X-Slack-Request-Timestamp");
    }

    @Provide
    Arbitrary<Headers> genericHeaders() {
        return headers("X-Signature", "X-Timestamp");
    }

    @Provide
    Arbitrary<Headers> paddleHeaders() {
        return headers("Paddle-Signature");
    }

    @Provide
    Arbitrary<Headers> twilioHeaders() {
        return headers("X-Twilio-Signature", "Content-Type", "X-Forwarded-Host", "Forwarded");
    }

    @Provide
    Arbitrary<Headers> squareHeaders() {
        return headers("x-square-hmacsha256-signature");
    }

    @Provide
    Arbitrary<Headers> sendGridHeaders() {
        return headers("X-Twilio-Email-Event-Webhook-Signature", "X-Twilio-Email-Event-Webhook-Timestamp");
    }

    @Provide
    Arbitrary<Headers> tokenAndSha1Headers() {
        return Arbitraries.oneOf(
                headers("X-Gitlab-Token"),
                headers("x-zm-signature", "x-zm-request-timestamp"),
                headers("X-Hub-Signature"));
    }

    @Provide
    Arbitrary<String> queries() {
        return Arbitraries.oneOf(
                Arbitraries.just(null),
                Arbitraries.strings().ascii().ofMaxLength(60),
                hex().map(h -> "bodySHA256=" + h),
                Arbitraries.of("bodySHA256=", "a=1&bodySHA256=&b", "&&=", "%zz"));
    }

    @Provide
    Arbitrary<List<String>> manySignatures() {
        return Arbitraries.bytes()
                .array(byte[].class)
                .ofSize(32)
                .map(HexFormat.of()::formatHex)
                .list()
                .ofMinSize(Rejections.MAX_SIGNATURES + 1)
                .ofMaxSize(2_000);
    }

    @Provide
    Arbitrary<Headers> anyHeaders() {
        return Arbitraries.oneOf(
                standardWebhooksHeaders(), stripeHeaders(), gitHubHeaders(), shopifyHeaders(), headers());
    }

    @Provide
    Arbitrary<byte[]> bodies() {
        return Arbitraries.frequencyOf(
                Tuple.of(5, Arbitraries.bytes().array(byte[].class).ofMaxSize(2_000)),
                Tuple.of(4, json().map(Fixtures::utf8)),
                Tuple.of(1, Arbitraries.strings().all().ofMaxLength(500).map(Fixtures::utf8)),
                Tuple.of(1, Arbitraries.integers().between(0, 200_000).map(byte[]::new)));
    }

    /**
     * Each of the scheme's headers, present 19 times in 20, mostly with one value shaped for its role; then
     * up to four random lines, which may repeat or shadow the scheme's names in another case.
     */
    private static Arbitrary<Headers> headers(String... schemeNames) {
        List<Arbitrary<List<Tuple2<String, String>>>> parts = new ArrayList<>();
        for (String name : schemeNames) {
            Arbitrary<List<Tuple2<String, String>>> present = valuesFor(name)
                    .list()
                    .ofMinSize(1)
                    .ofMaxSize(2)
                    .withSizeDistribution(RandomDistribution.biased())
                    .map(values ->
                            values.stream().map(value -> Tuple.of(name, value)).toList());
            parts.add(Arbitraries.frequencyOf(Tuple.of(19, present), Tuple.of(1, Arbitraries.just(List.of()))));
        }
        parts.add(Combinators.combine(names(), values()).as(Tuple::of).list().ofMaxSize(4));
        return Combinators.combine(parts).as(lists -> {
            Headers.Builder builder = Headers.builder();
            lists.forEach(lines -> lines.forEach(line -> builder.add(line.get1(), line.get2())));
            return builder.build();
        });
    }

    private static Arbitrary<String> names() {
        Arbitrary<String> known = Arbitraries.of(NAMES)
                .flatMap(name -> Arbitraries.of(name, name.toLowerCase(Locale.ROOT), name.toUpperCase(Locale.ROOT)));
        return Arbitraries.frequencyOf(
                Tuple.of(8, known), Tuple.of(1, Arbitraries.strings().all().ofMaxLength(30)));
    }

    private static Arbitrary<String> valuesFor(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.equals("content-type")) {
            return Arbitraries.frequencyOf(
                    Tuple.of(
                            6,
                            Arbitraries.of("application/x-www-form-urlencoded", "APPLICATION/X-WWW-FORM-URLENCODED;x")),
                    Tuple.of(2, Arbitraries.just("application/json")),
                    Tuple.of(1, values()));
        }
        if (lower.contains("timestamp")) {
            return Arbitraries.frequencyOf(Tuple.of(9, timestamps()), Tuple.of(1, values()));
        }
        if (lower.contains("signature") || lower.contains("hmac")) {
            return Arbitraries.frequencyOf(
                    Tuple.of(6, shapedSignature(lower)), Tuple.of(3, signatures()), Tuple.of(1, values()));
        }
        return values();
    }

    private static Arbitrary<String> values() {
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.strings().all().ofMaxLength(120)),
                Tuple.of(3, Arbitraries.strings().ascii().ofMaxLength(120)),
                Tuple.of(2, timestamps()),
                Tuple.of(4, signatures()),
                Tuple.of(1, Arbitraries.integers().between(10_000, 100_000).map("v1,A"::repeat)),
                Tuple.of(1, Arbitraries.of("", " ", ",", "=", "t=", "v1,", "sha256=", "v0=", "whsec_")));
    }

    private static Arbitrary<String> timestamps() {
        return Arbitraries.frequencyOf(
                Tuple.of(
                        1,
                        Arbitraries.of(
                                "-1",
                                "0",
                                "99999999999999999999",
                                "9223372036854775807",
                                "9223372036854775808",
                                " " + NOW,
                                NOW + ".0",
                                "0x" + NOW)),
                Tuple.of(1, Arbitraries.longs().map(String::valueOf)),
                Tuple.of(1, Arbitraries.longs().between(NOW - 400, NOW + 400).map(String::valueOf)),
                Tuple.of(6, Arbitraries.longs().between(NOW - 300, NOW + 300).map(String::valueOf)));
    }

    /** A signature in the shape of the header's own scheme, with random bytes of a plausible length. */
    private static Arbitrary<String> shapedSignature(String lowerName) {
        if (lowerName.equals("paddle-signature")) {
            return Combinators.combine(timestamps(), hex().list().ofMinSize(1).ofMaxSize(3))
                    .as((t, list) -> "ts=" + t + ";h1=" + String.join(";h1=", list));
        }
        if (lowerName.equals("stripe-signature")) {
            return stripeHeader(1);
        }
        if (lowerName.endsWith("-signature") && !lowerName.startsWith("x-")) { // webhook- and svix-
            return base64().list().ofMinSize(1).ofMaxSize(3).map(list -> "v1," + String.join(" v1a,", list));
        }
        return switch (lowerName) {
            case "x-hub-signature-256" -> hex().map(h -> "sha256=" + h);
            case "x-hub-signature" -> hex().map(h -> "sha1=" + h);
            case "x-slack-signature", "x-zm-signature" -> hex().map(h -> "v0=" + h);
            case "x-signature" -> base64().map(b -> "sha512=" + b);
            default -> base64();
        };
    }

    private static Arbitrary<String> signatures() {
        return Arbitraries.oneOf(
                hex(),
                base64(),
                hex().map(h -> "sha256=" + h),
                hex().map(h -> "v0=" + h),
                base64().map(b -> "sha512=" + b),
                base64().map(b -> "v1," + b),
                base64().list().ofMaxSize(5).map(list -> String.join(" v1,", list)),
                stripeHeader(0));
    }

    private static Arbitrary<String> stripeHeader(int minSignatures) {
        return Combinators.combine(
                        timestamps(), hex().list().ofMinSize(minSignatures).ofMaxSize(3))
                .as((t, list) -> "t=" + t + ",v1=" + String.join(",v1=", list));
    }

    private static Arbitrary<byte[]> macs() {
        return Arbitraries.of(32, 64, 20, 0, 31)
                .flatMap(size -> Arbitraries.bytes().array(byte[].class).ofSize(size));
    }

    private static Arbitrary<String> hex() {
        return macs().map(HexFormat.of()::formatHex);
    }

    private static Arbitrary<String> base64() {
        return macs().map(Base64.getEncoder()::encodeToString);
    }

    private static Arbitrary<String> json() {
        Arbitrary<String> scalar = Arbitraries.oneOf(
                Arbitraries.strings()
                        .all()
                        .ofMaxLength(40)
                        .map(s -> '"' + s.replace("\\", "").replace("\"", "") + '"'),
                Arbitraries.longs().map(String::valueOf),
                Arbitraries.of("null", "true", "1.5", "{}", "[]", "{\"id\":{\"id\":\"x\"}}", "[[[[[[[[[[[["));
        return Combinators.combine(Arbitraries.of("id", "event_id", "data", "x", ""), scalar, scalar)
                .as((key, first, second) -> "{\"" + key + "\":" + first + ",\"id\":" + second + "}");
    }
}
