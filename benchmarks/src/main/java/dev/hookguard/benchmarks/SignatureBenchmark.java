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
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
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
    }

    /** A {@code Mac} with the secret's key, prepared once per thread. */
    @State(Scope.Thread)
    public static class PreparedMac {
        Mac mac;

        /** Gets and initialises the {@code Mac}. */
        @Setup
        public void prepare() throws GeneralSecurityException {
            mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
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
