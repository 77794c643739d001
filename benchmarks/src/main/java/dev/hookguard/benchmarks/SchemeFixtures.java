package dev.hookguard.benchmarks;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.PublicUrl;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verifiers;
import dev.hookguard.core.signature.WebhookRequest;
import dev.hookguard.core.signature.WebhookSigner;
import java.net.URLDecoder;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.spec.ECGenParameterSpec;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Base64;
import java.util.TreeMap;

/** The signed requests and verifiers of the schemes added in issue 17, built once for {@link SignatureBenchmark}. */
final class SchemeFixtures {

    private static final String SECRET = SignatureBenchmark.SECRET;
    private static final String BASE = "https://hooks.example.com";

    final SignatureVerifier twilio;
    final WebhookRequest twilioRequest;
    final byte[] twilioUrl;
    final byte[] twilioParameters;
    final SignatureVerifier paddle;
    final Headers paddleHeaders;
    final byte[] paddleHead;
    final SignatureVerifier square;
    final WebhookRequest squareRequest;
    final byte[] squareUrl;
    final SignatureVerifier v1a;
    final Headers v1aHeaders;
    final byte[] v1aHead;
    final byte[] v1aSignature;
    final PublicKey edKey;
    final SignatureVerifier sendGrid;
    final Headers sendGridHeaders;
    final byte[] sendGridHead;
    final byte[] sendGridSignature;
    final PublicKey ecKey;

    SchemeFixtures(byte[] body, Instant at) {
        Clock clock = Clock.fixed(at, ZoneOffset.UTC);
        String seconds = Long.toString(at.getEpochSecond());
        SignatureConfig behindProxy = SignatureConfig.custom()
                .secrets(SECRET)
                .publicUrl(PublicUrl.base(BASE))
                .build();

        byte[] form = form(body.length);
        String twilioFullUrl = BASE + "/hooks/twilio?account=1";
        twilio = Verifiers.of(Scheme.TWILIO, behindProxy, clock);
        Headers twilioSigned =
                WebhookSigner.forUrl(Scheme.TWILIO, SECRET, twilioFullUrl).sign("id", at, form);
        twilioRequest = new WebhookRequest(
                "POST",
                "http",
                "10.0.0.7",
                8080,
                "/hooks/twilio",
                "account=1",
                twilioSigned.with(Headers.of("Content-Type", "application/x-www-form-urlencoded")),
                form);
        twilioUrl = twilioFullUrl.getBytes(UTF_8);
        twilioParameters = sorted(form);

        paddle = Verifiers.of(Scheme.PADDLE, SignatureConfig.of(SECRET), clock);
        paddleHeaders = WebhookSigner.of(Scheme.PADDLE, SECRET).sign("id", at, body);
        paddleHead = (seconds + ":").getBytes(UTF_8);

        String squareFullUrl = BASE + "/hooks/square";
        square = Verifiers.of(Scheme.SQUARE, behindProxy, clock);
        Headers squareSigned =
                WebhookSigner.forUrl(Scheme.SQUARE, SECRET, squareFullUrl).sign("id", at, body);
        squareRequest = new WebhookRequest("POST", "http", "10.0.0.7", 8080, "/hooks/square", null, squareSigned, body);
        squareUrl = squareFullUrl.getBytes(UTF_8);

        KeyPair ed = generate("Ed25519", null);
        edKey = ed.getPublic();
        String seed = "whsk_" + base64(tail(ed.getPrivate().getEncoded()));
        v1a = Verifiers.of(
                Scheme.STANDARD_WEBHOOKS, SignatureConfig.of("whpk_" + base64(tail(edKey.getEncoded()))), clock);
        v1aHeaders = WebhookSigner.of(Scheme.STANDARD_WEBHOOKS, seed).sign("msg_bench", at, body);
        v1aHead = ("msg_bench." + seconds + ".").getBytes(UTF_8);
        v1aSignature = Base64.getDecoder()
                .decode(v1aHeaders.first("webhook-signature").orElseThrow().substring("v1a,".length()));

        KeyPair ec = generate("EC", new ECGenParameterSpec("secp256r1"));
        ecKey = ec.getPublic();
        sendGrid = Verifiers.of(Scheme.SENDGRID, SignatureConfig.of(base64(ecKey.getEncoded())), clock);
        sendGridHeaders = WebhookSigner.of(
                        Scheme.SENDGRID, base64(ec.getPrivate().getEncoded()))
                .sign("id", at, body);
        sendGridHead = seconds.getBytes(UTF_8);
        sendGridSignature = Base64.getDecoder()
                .decode(sendGridHeaders
                        .first("X-Twilio-Email-Event-Webhook-Signature")
                        .orElseThrow());
    }

    /** A Twilio-like form of about {@code size} bytes: twenty parameters. */
    private static byte[] form(int size) {
        StringBuilder form = new StringBuilder();
        int each = size / 20 - 12;
        for (int i = 0; i < 20; i++) {
            form.append(i == 0 ? "" : "&")
                    .append("Param")
                    .append((char) ('A' + (i * 7) % 20))
                    .append(i)
                    .append('=');
            form.append("v%2B".repeat(each / 4));
        }
        return form.toString().getBytes(UTF_8);
    }

    /** Twilio's signed suffix of the form, computed independently of Hookguard. */
    private static byte[] sorted(byte[] form) {
        TreeMap<String, String> parameters = new TreeMap<>();
        for (String pair : new String(form, UTF_8).split("&")) {
            int equals = pair.indexOf('=');
            parameters.put(
                    URLDecoder.decode(pair.substring(0, equals), UTF_8),
                    URLDecoder.decode(pair.substring(equals + 1), UTF_8));
        }
        StringBuilder signed = new StringBuilder();
        parameters.forEach((name, value) -> signed.append(name).append(value));
        return signed.toString().getBytes(UTF_8);
    }

    private static KeyPair generate(String algorithm, ECGenParameterSpec spec) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance(algorithm);
            if (spec != null) {
                generator.initialize(spec);
            }
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] tail(byte[] encoded) {
        return Arrays.copyOfRange(encoded, encoded.length - 32, encoded.length);
    }

    private static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }
}
