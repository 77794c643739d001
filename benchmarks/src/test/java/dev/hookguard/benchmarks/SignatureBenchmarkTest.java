package dev.hookguard.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;

class SignatureBenchmarkTest {

    @Test
    void shouldRunEverySignatureBenchmarkWithAVerifiedSignature() throws Exception {
        Collection<RunResult> results = JmhSmoke.run("signature", SignatureBenchmark.class.getName(), 1);

        assertThat(results)
                .extracting(r -> r.getParams().getBenchmark().replaceAll(".*\\.", ""))
                .containsExactlyInAnyOrder("stripeVerify", "rawMacStripeContent", "githubVerify", "rawMacBody");
        assertThat(results)
                .allSatisfy(r -> assertThat(r.getPrimaryResult().getScore()).isPositive());
    }

    @Test
    void shouldSignABodyOfExactlyFourKibibytesWithATopLevelId() {
        byte[] body = SignatureBenchmark.body(SignatureBenchmark.BODY_BYTES);

        assertThat(body).hasSize(4096);
        assertThat(new String(body, java.nio.charset.StandardCharsets.US_ASCII))
                .startsWith("{\"id\":\"evt_bench\"")
                .endsWith("\"}}");
    }
}
