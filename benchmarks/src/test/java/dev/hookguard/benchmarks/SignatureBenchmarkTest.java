package dev.hookguard.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.signature.Verification;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.results.RunResult;

class SignatureBenchmarkTest {

    @Test
    void shouldTimeAPreparedMacOverTheBodyAndRefuseTooFewRounds() throws Exception {
        byte[] body = "{\"zen\":\"Keep it logically awesome.\"}".getBytes(StandardCharsets.UTF_8);

        assertThat(SignatureCpuTime.preparedMacNanos(body, 3, 10)).isPositive();
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> SignatureCpuTime.preparedMacNanos(body, 2, 10))
                .withMessageContaining("3 rounds");
    }

    @Test
    void shouldRunEverySignatureBenchmarkWithAVerifiedSignature() throws Exception {
        Collection<RunResult> results = JmhSmoke.run("signature", SignatureBenchmark.class.getName(), 1);

        assertThat(results)
                .extracting(r -> r.getParams().getBenchmark().replaceAll(".*\\.", ""))
                .containsExactlyInAnyOrderElementsOf(
                        benchmarks().map(Method::getName).toList());
        assertThat(results)
                .allSatisfy(r -> assertThat(r.getPrimaryResult().getScore()).isPositive());
    }

    @Test
    void shouldPairEveryVerifierWithARawBaselineOfTheSameCryptography() {
        List<String> names = benchmarks().map(Method::getName).toList();

        assertThat(names).allMatch(n -> n.endsWith("Verify") || n.startsWith("raw"));
        assertThat(names.stream().filter(n -> n.startsWith("raw")))
                .hasSameSizeAs(names.stream().filter(n -> !n.startsWith("raw")).toList());
    }

    @Test
    void shouldVerifyEverySignatureInTheVerifierBenchmarks() throws Exception {
        SignatureBenchmark benchmark = new SignatureBenchmark();
        benchmark.sign();

        for (Method method : benchmarks()
                .filter(m -> m.getReturnType() == Verification.class)
                .toList()) {
            assertThat(method.invoke(benchmark)).as(method.getName()).isInstanceOf(Verification.Verified.class);
        }
    }

    @Test
    void shouldAcceptTheSameSignaturesInTheRawSignatureBaselines() throws Exception {
        SignatureBenchmark benchmark = new SignatureBenchmark();
        benchmark.sign();
        SignatureBenchmark.PreparedSignatures prepared = new SignatureBenchmark.PreparedSignatures();
        prepared.prepare();

        assertThat(benchmark.rawEd25519Verify(prepared)).as("rawEd25519Verify").isTrue();
        assertThat(benchmark.rawEcdsaVerify(prepared)).as("rawEcdsaVerify").isTrue();
        assertThat(benchmarks().filter(m -> m.getReturnType() == boolean.class))
                .extracting(Method::getName)
                .containsExactlyInAnyOrder("rawEd25519Verify", "rawEcdsaVerify");
    }

    @Test
    void shouldComputeTheSentSignatureInTheRawMacBaselines() throws Exception {
        SignatureBenchmark benchmark = new SignatureBenchmark();
        benchmark.sign();
        SignatureBenchmark.PreparedMac prepared = new SignatureBenchmark.PreparedMac();
        prepared.prepare();
        String sent = String.join("\n", benchmark.sentSignatureHeaders());

        for (Method method :
                benchmarks().filter(m -> m.getReturnType() == byte[].class).toList()) {
            byte[] mac = (byte[]) method.invoke(benchmark, prepared);
            assertThat(sent)
                    .as(method.getName() + " computes a signature that a header carries")
                    .containsAnyOf(
                            HexFormat.of().formatHex(mac), Base64.getEncoder().encodeToString(mac));
        }
    }

    @Test
    void shouldSignABodyOfExactlyFourKibibytesWithATopLevelId() {
        byte[] body = SignatureBenchmark.body(SignatureBenchmark.BODY_BYTES);

        assertThat(body).hasSize(4096);
        assertThat(new String(body, StandardCharsets.US_ASCII))
                .startsWith("{\"id\":\"evt_bench\"")
                .endsWith("\"}}");
        assertThat(SchemeFixtures.smsForm(SignatureBenchmark.BODY_BYTES)).hasSize(4096);
    }

    private static Stream<Method> benchmarks() {
        return Arrays.stream(SignatureBenchmark.class.getMethods()).filter(m -> m.isAnnotationPresent(Benchmark.class));
    }
}
