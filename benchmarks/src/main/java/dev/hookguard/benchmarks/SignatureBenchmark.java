package dev.hookguard.benchmarks;

import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.SignatureVerifier;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.Verifiers;
import dev.hookguard.core.signature.WebhookSigner;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.stream.Stream;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Verifying a 4 KiB webhook against the bare cryptography under it.
 *
 * <ul>
 *   <li>{@link #stripeVerify}: {@code Verifiers.of(STRIPE)} checks {@code Stripe-Signature: t=…,v1=…}: parses the
 *       header, checks the timestamp against the tolerance, decodes the hex signature, computes HMAC-SHA256 of
 *       {@code t.body} ({@code Mac.getInstance} and {@code init} per call) and compares in constant time.
 *   <li>{@link #rawMacStripeContent}: the baseline: a {@code Mac} prepared once per thread ({@code getInstance}
 *       and {@code init} outside the measurement), {@code update(t.)} and {@code doFinal(body)}: the same bytes,
 *       nothing else.
 *   <li>{@link #githubVerify} and {@link #rawMacBody}: the same for GitHub's {@code X-Hub-Signature-256}, whose
 *       signed content is the body alone.
 *   <li>Twilio on two 4 KiB form bodies (decoding, sorting, HMAC-SHA1 over URL and parameters): the worst case, one
 *       escape in every four bytes ({@link #twilioVerify}), and Twilio's own SMS webhook with a long message
 *       ({@link #twilioSmsVerify}); Paddle and Square; each
 *       against a prepared {@code Mac} over the same signed bytes.
 *   <li>The asymmetric schemes, Standard Webhooks {@code v1a} (Ed25519) and SendGrid (ECDSA P-256), against the
 *       JDK's bare {@code Signature.verify} of the same content ({@code initVerify}, {@code update}, {@code
 *       verify}, with the {@code Signature} object got once per thread).
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
public class SignatureBenchmark {

    /** The size of the signed body. */
    public static final int BODY_BYTES = 4096;

    static final String SECRET = "whsec_benchmark_secret_0123456789";
    static final Instant SIGNED_AT = Instant.ofEpochSecond(1_764_406_000L);

    private final byte[] body = body(BODY_BYTES);
    private final byte[] timestampDot = (SIGNED_AT.getEpochSecond() + ".").getBytes(StandardCharsets.US_ASCII);
    private final SchemeFixtures schemes = new SchemeFixtures(body, SIGNED_AT);
    private SignatureVerifier stripe;
    private SignatureVerifier github;
    private Headers stripeHeaders;
    private Headers githubHeaders;

    /** Signs the body for both schemes and checks that both verifiers accept it. */
    @Setup
    public void sign() {
        Clock clock = Clock.fixed(SIGNED_AT, ZoneOffset.UTC);
        stripe = Verifiers.of(Scheme.STRIPE, SignatureConfig.of(SECRET), clock);
        github = Verifiers.of(Scheme.GITHUB, SignatureConfig.of(SECRET), clock);
        stripeHeaders = WebhookSigner.of(Scheme.STRIPE, SECRET).sign("evt_bench", SIGNED_AT, body);
        githubHeaders = WebhookSigner.of(Scheme.GITHUB, SECRET).sign("delivery-1", SIGNED_AT, body);
        requireVerified(stripeVerify());
        requireVerified(githubVerify());
        for (Verification verification : new Verification[] {
            twilioVerify(),
            twilioSmsVerify(),
            paddleVerify(),
            squareVerify(),
            standardWebhooksV1aVerify(),
            sendGridVerify()
        }) {
            requireVerified(verification);
        }
    }

    /** A {@code Mac} with the secret's key, prepared once per thread. */
    @State(Scope.Thread)
    public static class PreparedMac {
        Mac mac;
        Mac sha1;

        /** Gets and initialises the {@code Mac}. */
        @Setup
        public void prepare() throws GeneralSecurityException {
            mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            sha1 = Mac.getInstance("HmacSHA1");
            sha1.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA1"));
        }
    }

    /** {@code Signature} objects got once per thread; {@code initVerify} per call, as a verification needs. */
    @State(Scope.Thread)
    public static class PreparedSignatures {
        Signature ed25519;
        Signature ecdsa;

        /** Gets the two {@code Signature} objects. */
        @Setup
        public void prepare() throws GeneralSecurityException {
            ed25519 = Signature.getInstance("Ed25519");
            ecdsa = Signature.getInstance("SHA256withECDSA");
        }

        boolean verify(Signature signature, PublicKey key, byte[] candidate, byte[] head, byte[] body)
                throws GeneralSecurityException {
            signature.initVerify(key);
            signature.update(head);
            signature.update(body);
            return signature.verify(candidate);
        }
    }

    /** Hookguard's Stripe verifier. */
    @Benchmark
    public Verification stripeVerify() {
        return stripe.verify(stripeHeaders, body);
    }

    /** HMAC-SHA256 of Stripe's signed content {@code t.body} with a prepared {@code Mac}. */
    @Benchmark
    public byte[] rawMacStripeContent(PreparedMac prepared) {
        prepared.mac.update(timestampDot);
        return prepared.mac.doFinal(body);
    }

    /** Hookguard's GitHub verifier. */
    @Benchmark
    public Verification githubVerify() {
        return github.verify(githubHeaders, body);
    }

    /** HMAC-SHA256 of the body with a prepared {@code Mac}. */
    @Benchmark
    public byte[] rawMacBody(PreparedMac prepared) {
        return prepared.mac.doFinal(body);
    }

    /**
     * Hookguard's Twilio verifier on the worst case, a 4 KiB form dense with escapes ({@code v%2B} repeated: one
     * {@code %XX} in every four bytes): decode, sort, HMAC-SHA1 over URL and parameters.
     */
    @Benchmark
    public Verification twilioVerify() {
        return schemes.twilio.verify(schemes.twilioRequest);
    }

    /** HMAC-SHA1 of Twilio's signed content (URL and sorted parameters, prepared once) with a prepared {@code Mac}. */
    @Benchmark
    public byte[] rawMacTwilioContent(PreparedMac prepared) {
        prepared.sha1.update(schemes.twilioUrl);
        return prepared.sha1.doFinal(schemes.twilioParameters);
    }

    /**
     * Hookguard's Twilio verifier on a realistic 4 KiB form: Twilio's SMS webhook parameters in its order, a long
     * message with {@code +} for spaces and some {@code %XX}, phone numbers with {@code %2B}.
     */
    @Benchmark
    public Verification twilioSmsVerify() {
        return schemes.twilio.verify(schemes.twilioSmsRequest);
    }

    /** HMAC-SHA1 of the realistic form's signed content (URL and sorted parameters, prepared once). */
    @Benchmark
    public byte[] rawMacTwilioSmsContent(PreparedMac prepared) {
        prepared.sha1.update(schemes.twilioUrl);
        return prepared.sha1.doFinal(schemes.twilioSmsParameters);
    }

    /** Hookguard's Paddle verifier. */
    @Benchmark
    public Verification paddleVerify() {
        return schemes.paddle.verify(schemes.paddleHeaders, body);
    }

    /** HMAC-SHA256 of Paddle's {@code ts:body} with a prepared {@code Mac}. */
    @Benchmark
    public byte[] rawMacPaddleContent(PreparedMac prepared) {
        prepared.mac.update(schemes.paddleHead);
        return prepared.mac.doFinal(body);
    }

    /** Hookguard's Square verifier: resolve the URL, HMAC-SHA256 of URL and body. */
    @Benchmark
    public Verification squareVerify() {
        return schemes.square.verify(schemes.squareRequest);
    }

    /** HMAC-SHA256 of Square's URL and body with a prepared {@code Mac}. */
    @Benchmark
    public byte[] rawMacSquareContent(PreparedMac prepared) {
        prepared.mac.update(schemes.squareUrl);
        return prepared.mac.doFinal(body);
    }

    /** Hookguard's Standard Webhooks verifier on a {@code v1a} (Ed25519) signature. */
    @Benchmark
    public Verification standardWebhooksV1aVerify() {
        return schemes.v1a.verify(schemes.v1aHeaders, body);
    }

    /** The JDK's bare Ed25519 {@code Signature.verify} of the same content. */
    @Benchmark
    public boolean rawEd25519Verify(PreparedSignatures prepared) throws GeneralSecurityException {
        return prepared.verify(prepared.ed25519, schemes.edKey, schemes.v1aSignature, schemes.v1aHead, body);
    }

    /** Hookguard's SendGrid verifier (ECDSA P-256). */
    @Benchmark
    public Verification sendGridVerify() {
        return schemes.sendGrid.verify(schemes.sendGridHeaders, body);
    }

    /** The JDK's bare {@code SHA256withECDSA} {@code Signature.verify} of the same content. */
    @Benchmark
    public boolean rawEcdsaVerify(PreparedSignatures prepared) throws GeneralSecurityException {
        return prepared.verify(prepared.ecdsa, schemes.ecKey, schemes.sendGridSignature, schemes.sendGridHead, body);
    }

    /** Every header value the benchmark's HMAC signers sent: the raw MAC baselines compute one of them. */
    List<String> sentSignatureHeaders() {
        return Stream.of(
                        stripeHeaders,
                        githubHeaders,
                        schemes.twilioRequest.headers(),
                        schemes.twilioSmsRequest.headers(),
                        schemes.paddleHeaders,
                        schemes.squareRequest.headers())
                .flatMap(headers -> headers.values().values().stream())
                .flatMap(List::stream)
                .toList();
    }

    /** A JSON body of exactly {@code size} bytes with a top-level {@code id}, like a Stripe event. */
    static byte[] body(int size) {
        String head = "{\"id\":\"evt_bench\",\"object\":\"event\",\"type\":\"invoice.paid\",\"data\":{\"padding\":\"";
        String tail = "\"}}";
        return (head + "x".repeat(size - head.length() - tail.length()) + tail).getBytes(StandardCharsets.US_ASCII);
    }

    private static void requireVerified(Verification verification) {
        if (verification instanceof Verification.Rejected rejected) {
            throw new IllegalStateException("the benchmark's own signature was rejected: " + rejected);
        }
    }
}
