package dev.hookguard.core.signature.internal.providers;

import static dev.hookguard.core.signature.GenericHmacConfig.HmacAlgorithm.HMAC_SHA256;
import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.core.signature.EventIdConfig.EventIdSource;
import dev.hookguard.core.signature.GenericHmacConfig;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.WebhookSigner;
import dev.hookguard.core.signature.internal.Codecs;
import dev.hookguard.core.signature.internal.Secrets;
import dev.hookguard.core.signature.internal.SignedContentTemplate;
import java.time.Instant;

/** The {@link WebhookSigner} of each scheme: the mirror image of its verifier. */
public final class Signers {

    private Signers() {}

    public static WebhookSigner standardWebhooks(String secret) {
        if (requireSecret(secret).startsWith(KeyPairSigners.WHSK_PREFIX)) {
            return KeyPairSigners.standardWebhooks(secret);
        }
        byte[] key = Secrets.whsecKey("secret", requireSecret(secret));
        return (id, timestamp, body) -> {
            String seconds = seconds(timestamp);
            byte[] mac = HMAC_SHA256.mac(key, StandardWebhooksVerifier.signedHead(id, seconds), body);
            return Headers.of(
                    "webhook-id", id, "webhook-timestamp", seconds, "webhook-signature", "v1," + Codecs.toBase64(mac));
        };
    }

    public static WebhookSigner stripe(String secret) {
        byte[] key = utf8Key(secret);
        return (id, timestamp, body) -> {
            String seconds = seconds(timestamp);
            byte[] mac = HMAC_SHA256.mac(key, StripeVerifier.signedHead(seconds), body);
            return Headers.of(StripeVerifier.HEADER, "t=" + seconds + ",v1=" + Codecs.toHex(mac));
        };
    }

    public static WebhookSigner github(String secret) {
        byte[] key = utf8Key(secret);
        return (id, timestamp, body) -> Headers.of(
                GitHubVerifier.HEADER,
                GitHubVerifier.PREFIX + Codecs.toHex(HMAC_SHA256.mac(key, body)),
                "X-GitHub-Delivery",
                id);
    }

    public static WebhookSigner shopify(String secret) {
        byte[] key = utf8Key(secret);
        return (id, timestamp, body) -> Headers.of(
                ShopifyVerifier.HEADER, Codecs.toBase64(HMAC_SHA256.mac(key, body)), "X-Shopify-Webhook-Id", id);
    }

    public static WebhookSigner slack(String secret) {
        byte[] key = utf8Key(secret);
        return (id, timestamp, body) -> {
            String seconds = seconds(timestamp);
            byte[] mac = HMAC_SHA256.mac(key, SlackVerifier.signedHead(seconds), body);
            return Headers.of(
                    SlackVerifier.SIGNATURE_HEADER,
                    SlackVerifier.VERSION + "=" + Codecs.toHex(mac),
                    SlackVerifier.TIMESTAMP_HEADER,
                    seconds);
        };
    }

    public static WebhookSigner generic(GenericHmacConfig config, String secret) {
        byte[] key = utf8Key(secret);
        SignedContentTemplate template = SignedContentTemplate.parse(config.template());
        return (id, timestamp, body) -> {
            String seconds = seconds(timestamp);
            byte[] mac = config.algorithm().mac(key, template.render(id, seconds, body));
            Headers.Builder headers = Headers.builder()
                    .add(
                            config.signatureHeader(),
                            config.prefix() + config.encoding().encode(mac));
            config.timestampHeader().ifPresent(name -> headers.add(name, seconds));
            config.idSource()
                    .filter(EventIdSource.Header.class::isInstance)
                    .ifPresent(source -> headers.add(((EventIdSource.Header) source).name(), id));
            return headers.build();
        };
    }

    static String seconds(Instant timestamp) {
        return Long.toString(timestamp.getEpochSecond());
    }

    static byte[] utf8Key(String secret) {
        return requireSecret(secret).getBytes(UTF_8);
    }

    static String requireSecret(String secret) {
        if (secret == null || secret.isEmpty()) {
            throw new IllegalArgumentException("secret must not be empty");
        }
        return secret;
    }
}
