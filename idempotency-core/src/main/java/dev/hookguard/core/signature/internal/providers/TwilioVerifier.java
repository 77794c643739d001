package dev.hookguard.core.signature.internal.providers;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.signature.EventIdConfig;
import dev.hookguard.core.signature.GenericHmacConfig.HmacAlgorithm;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureConfig.PublicUrl;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.Verification.Rejected;
import dev.hookguard.core.signature.WebhookRequest;
import dev.hookguard.core.signature.internal.Codecs;
import dev.hookguard.core.signature.internal.FormBody;
import dev.hookguard.core.signature.internal.FormPairs;
import dev.hookguard.core.signature.internal.MacKeys;
import dev.hookguard.core.signature.internal.Rejections;
import dev.hookguard.core.signature.internal.Secrets;
import java.security.MessageDigest;
import org.jspecify.annotations.Nullable;

/**
 * Verifies <a href="https://www.twilio.com/docs/usage/webhooks/webhooks-security">Twilio's</a> scheme: {@code
 * X-Twilio-Signature: <base64>}, the HMAC-SHA1 under the auth token's UTF-8 bytes of the full URL Twilio
 * requested (with its query) followed, for a form body, by every form parameter's name and value, sorted by
 * name (values of one name sorted too, a value repeated under one name signed once, as Twilio's own libraries drop
 * repeated values before signing: twilio-python {@code sorted(set(values))}, twilio-node {@code new Set(paramValue)}). A JSON body is covered instead by a {@code bodySHA256} query parameter,
 * the hex SHA-256 of the body, which must match; the URL alone is then signed.
 *
 * <p>As Twilio's own libraries do, the URL is tried as resolved, without its port, and with the scheme's
 * default port. Twilio signs no timestamp and no id ({@code I-Twilio-Idempotency-Token}): a captured delivery
 * can be replayed under a fresh id, so {@link EventIdConfig#forScheme} adds the body-hash key. List the primary
 * and the secondary auth token to rotate.
 */
public final class TwilioVerifier implements SignatureVerifier {

    static final String HEADER = "X-Twilio-Signature";
    private static final String BODY_HASH_PARAMETER = "bodySHA256=";
    private static final String CONTENT_TYPE = "Content-Type";

    /**
     * Each thread's decoding buffers, reused from one verification to the next (a form up to {@value
     * FormPairs#RETAINED_BYTES} bytes; a larger one's are let go), so a verification allocates no copy of the body.
     * Held as an {@code Object[]} of JDK arrays, never as an application class, so that a container's pooled thread
     * does not keep an undeployed application's class loader alive.
     */
    private static final ThreadLocal<Object[]> BUFFERS = new ThreadLocal<>();

    private final MacKeys keys;
    private final PublicUrl publicUrl;

    /** A verifier with this configuration; its tolerance is not used. */
    public TwilioVerifier(SignatureConfig config) {
        this.keys = new MacKeys(HmacAlgorithm.HMAC_SHA1, Secrets.utf8Keys(config.secrets()));
        this.publicUrl = config.publicUrl();
    }

    /** Always rejects: Twilio signs the URL, which only {@link #verify(WebhookRequest)} knows. */
    @Override
    public Verification verify(Headers headers, byte[] body) {
        return verify(WebhookRequest.of(headers, body));
    }

    @Override
    public Verification verify(WebhookRequest request) {
        Rejected problem = Rejections.checkSingle(request.headers(), HEADER);
        if (problem != null) {
            return problem;
        }
        byte[] candidate = Codecs.base64(Rejections.single(request.headers(), HEADER));
        if (candidate == null) {
            return Rejections.malformed(HEADER, "is not base64");
        }
        String url = publicUrl.resolve(request);
        if (url.isEmpty()) {
            return UrlSigned.unknownUrl(HEADER);
        }
        String bodyHash = bodyHash(request.rawQuery());
        if (bodyHash != null && !bodyHashMatches(bodyHash, request.body())) {
            return Rejections.noMatch(HEADER);
        }
        FormPairs form = bodyHash == null ? formOf(request) : null;
        try {
            if (matches(candidate, url, form)) {
                return Verification.Verified.untimed();
            }
            for (String variant : UrlSigned.portVariants(url)) { // only when the URL as resolved fails
                if (matches(candidate, variant, form)) {
                    return Verification.Verified.untimed();
                }
            }
            return Rejections.noMatch(HEADER);
        } finally {
            if (form != null) {
                keep(form);
            }
        }
    }

    /** Whether the candidate is the MAC, under any token, of the URL followed by the form's sorted parameters. */
    private boolean matches(byte[] candidate, String url, @Nullable FormPairs form) {
        byte[] urlBytes = url.getBytes(UTF_8);
        return keys.anyMatches(candidate, mac -> {
            mac.update(urlBytes);
            if (form != null) {
                form.updateSorted(mac);
            }
        });
    }

    /**
     * The form's pairs, decoded into this thread's buffers, for Twilio's signed suffix (every name followed by its
     * value, sorted by name and then by value, repeats once); null for a body that is not a form.
     */
    private static @Nullable FormPairs formOf(WebhookRequest request) {
        if (!FormBody.isForm(request.headers().first(CONTENT_TYPE).orElse(null))) {
            return null;
        }
        Object[] buffers = BUFFERS.get();
        return FormPairs.reusing(buffers == null ? new Object[FormPairs.BUFFERS] : buffers)
                .decodeFrom(request.body());
    }

    /** Leaves the form's buffers to this thread's next verification, unless they grew too large to keep. */
    private static void keep(FormPairs form) {
        if (!form.worthKeeping()) {
            BUFFERS.remove();
            return;
        }
        Object[] buffers = BUFFERS.get();
        if (buffers == null) {
            buffers = new Object[FormPairs.BUFFERS];
            BUFFERS.set(buffers);
        }
        form.keepIn(buffers);
    }

    /** The value of the query's {@code bodySHA256} parameter, or null. */
    private static @Nullable String bodyHash(@Nullable String rawQuery) {
        if (rawQuery == null) {
            return null;
        }
        int start = 0;
        while (start <= rawQuery.length()) {
            int end = rawQuery.indexOf('&', start);
            end = end < 0 ? rawQuery.length() : end;
            if (rawQuery.startsWith(BODY_HASH_PARAMETER, start)) {
                return rawQuery.substring(start + BODY_HASH_PARAMETER.length(), end);
            }
            start = end + 1;
        }
        return null;
    }

    private static boolean bodyHashMatches(String expected, byte[] body) {
        return MessageDigest.isEqual(Fingerprint.sha256Hex(body).getBytes(UTF_8), expected.getBytes(UTF_8));
    }
}
