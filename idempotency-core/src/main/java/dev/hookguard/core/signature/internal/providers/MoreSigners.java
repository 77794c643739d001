package dev.hookguard.core.signature.internal.providers;

import static dev.hookguard.core.signature.GenericHmacConfig.HmacAlgorithm.HMAC_SHA1;
import static dev.hookguard.core.signature.GenericHmacConfig.HmacAlgorithm.HMAC_SHA256;
import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.WebhookSigner;
import dev.hookguard.core.signature.internal.Codecs;
import dev.hookguard.core.signature.internal.FormBody;
import dev.hookguard.core.signature.internal.FormPairs;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** The {@link WebhookSigner}s of the HMAC and token schemes added after the first five: mirrors of their verifiers. */
public final class MoreSigners {

    private MoreSigners() {}

    public static WebhookSigner paddle(String secret) {
        byte[] key = Signers.utf8Key(secret);
        return (id, timestamp, body) -> {
            String seconds = Signers.seconds(timestamp);
            byte[] mac = HMAC_SHA256.mac(key, PaddleVerifier.signedHead(seconds), body);
            return Headers.of(PaddleVerifier.HEADER, "ts=" + seconds + ";h1=" + Codecs.toHex(mac));
        };
    }

    public static WebhookSigner gitLab(String secret) {
        String token = Signers.requireSecret(secret);
        return (id, timestamp, body) -> Headers.of(GitLabVerifier.HEADER, token, "X-Gitlab-Event-UUID", id);
    }

    public static WebhookSigner zoom(String secret) {
        byte[] key = Signers.utf8Key(secret);
        return (id, timestamp, body) -> {
            String seconds = Signers.seconds(timestamp);
            byte[] mac = HMAC_SHA256.mac(key, ZoomVerifier.signedHead(seconds), body);
            return Headers.of(
                    ZoomVerifier.SIGNATURE_HEADER,
                    ZoomVerifier.VERSION + "=" + Codecs.toHex(mac),
                    ZoomVerifier.TIMESTAMP_HEADER,
                    seconds);
        };
    }

    public static WebhookSigner intercom(String secret) {
        byte[] key = Signers.utf8Key(secret);
        return (id, timestamp, body) ->
                Headers.of(IntercomVerifier.HEADER, IntercomVerifier.PREFIX + Codecs.toHex(HMAC_SHA1.mac(key, body)));
    }

    public static WebhookSigner twilio(String secret, String url) {
        byte[] key = Signers.utf8Key(secret);
        byte[] signedUrl = url.getBytes(UTF_8);
        boolean bodyHash = url.contains("bodySHA256=");
        return (id, timestamp, body) -> {
            byte[] params = bodyHash
                    ? new byte[0]
                    : sortedParameters(FormBody.parse("application/x-www-form-urlencoded", body));
            byte[] mac = HMAC_SHA1.mac(key, signedUrl, params);
            return Headers.of(TwilioVerifier.HEADER, Codecs.toBase64(mac), "I-Twilio-Idempotency-Token", id);
        };
    }

    public static WebhookSigner square(String secret, String url) {
        byte[] key = Signers.utf8Key(secret);
        byte[] signedUrl = url.getBytes(UTF_8);
        return (id, timestamp, body) ->
                Headers.of(SquareVerifier.HEADER, Codecs.toBase64(HMAC_SHA256.mac(key, signedUrl, body)));
    }

    /**
     * The names and values, sorted by name and then by value, a value repeated under one name once, concatenated:
     * Twilio's signed suffix, built from the decoded map, independently of the verifier's {@link
     * FormPairs#sortedConcatenation()}.
     */
    private static byte[] sortedParameters(Map<String, List<String>> parameters) {
        String[] names = parameters.keySet().toArray(String[]::new);
        Arrays.sort(names);
        StringBuilder signed = new StringBuilder();
        for (String name : names) {
            List<String> values = parameters.get(name);
            if (values.size() > 1) {
                values = values.stream().distinct().sorted().toList();
            }
            for (String value : values) {
                signed.append(name).append(value);
            }
        }
        return signed.toString().getBytes(UTF_8);
    }
}
