package dev.hookguard.examples;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command as a user runs it, on a small storm: the summary, the checks, the exit status. */
class DemoIT {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void shouldPrintTheSummaryAndExitWithZero() throws Exception {
        int status = run(
                "--events=60",
                "--copies=3",
                "--senders=8",
                "--failure-rate=10%",
                "--tamper-rate=10%",
                "--stale-rate=10%",
                "--seed=3",
                "--base-delay=5ms",
                "--max-delay=200ms",
                "--later-within=100ms");

        String summary = out.toString(UTF_8);
        assertThat(status).as(summary + err.toString(UTF_8)).isZero();
        assertThat(summary)
                .contains("store: H2 file " + dir.resolve("demo").toAbsolutePath())
                .containsPattern("events +60 +3 genuine copies each")
                .contains("duplicates replayed", "in-progress refusals (409)", "signatures refused (401/400)")
                .contains("stale timestamps refused (401)", "dead letters", "gave-up events", "latency p50 / p99")
                .containsPattern("Prometheus scrape +http://127\\.0\\.0\\.1:\\d+/metrics")
                .contains("handler executions == succeeded events:  OK")
                .doesNotContain("FAILED");
        assertThat(err.toString(UTF_8)).contains("60/60 events settled");
    }

    @Test
    void shouldFinishEveryEventThroughReceiverRetriesWhenTheSenderNeverRetries() throws Exception {
        int status = run(
                "--sender=github",
                "--events=60",
                "--senders=8",
                "--failure-rate=20%",
                "--tamper-rate=10%",
                "--stale-rate=10%",
                "--seed=5");

        String summary = out.toString(UTF_8);
        assertThat(status).as(summary + err.toString(UTF_8)).isZero();
        assertThat(summary)
                .contains("sender: github, never retries", "sender: github, intake: sync")
                .containsPattern("events +60 +1 genuine copy each")
                .contains("every event final in the store", "every event SUCCEEDED but always-failing")
                .contains("dead letters carry their error class", "receiver dispatches")
                .doesNotContain("FAILED (");
    }

    @Test
    void shouldPassEveryCheckOfTheAsyncDemoAsTheReadmePrintsIt() throws Exception {
        int status = run("--intake=async", "--handler-time=2s"); // the defaults: 2 000 events, 3 copies each

        String summary = out.toString(UTF_8);
        assertThat(status).as(summary + err.toString(UTF_8)).isZero();
        assertThat(summary)
                .contains("intake: async", "queued (202)", "intake latency p50 / p99", "the handler works 2,000.0 ms")
                .containsPattern("events +2,000 +3 genuine copies each")
                .contains("answered to the dispatcher (the sender got 202)")
                .contains("a 2xx (202 queued, or a stored 200) reached the sender for")
                .doesNotContain("a 200 reached the sender")
                .containsPattern("H2 file size +[\\d,.]+ MB")
                .containsPattern("every event final in the store: +OK")
                .containsPattern("every event SUCCEEDED but always-failing: +OK")
                .containsPattern("handler executions == succeeded events: +OK")
                .containsPattern("no event executed twice: +OK")
                .containsPattern("dead letters carry their error class: +OK")
                .containsPattern(
                        "202s answered within the handler time: +OK \\(p99 of the 202s [\\d,.]+ ms ≤ 2,000\\.0 ms\\)")
                .doesNotContain("FAILED");
        System.out.println(summary); // the figures of this run, for the record
    }

    @Test
    void shouldExitWithTwoOnABadFlag() throws Exception {
        assertThat(run("--events=lots")).isEqualTo(2);
        assertThat(err.toString(UTF_8)).contains("--events must be a whole number but was 'lots'", "Usage:");
    }

    @Test
    void shouldExitWithTwoAndOneLineOnASecretThatIsNotASecret() throws Exception {
        int status = Demo.run(
                new String[0],
                Map.of("HOOKGUARD_DEMO_STANDARD_SECRET", "whsec_not base64!!"),
                new PrintStream(out, true, UTF_8),
                new PrintStream(err, true, UTF_8),
                false);

        assertThat(status).isEqualTo(2);
        assertThat(err.toString(UTF_8).strip())
                .isEqualTo("hookguard demo: HOOKGUARD_DEMO_STANDARD_SECRET must be 'whsec_' followed by"
                        + " non-empty base64, or bare base64, as Standard Webhooks secrets are")
                .doesNotContain("not base64");
    }

    @Test
    void shouldExitWithThreeWhenTheStoreCannotBeOpened() throws Exception {
        int status = Demo.run(
                new String[] {"--store=postgres"},
                Map.of("HOOKGUARD_JDBC_URL", "jdbc:postgresql://127.0.0.1:1/none"),
                new PrintStream(out, true, UTF_8),
                new PrintStream(err, true, UTF_8),
                false);

        assertThat(status).isEqualTo(3);
        assertThat(err.toString(UTF_8)).contains("cannot open the postgres store", "HOOKGUARD_JDBC_URL");
    }

    private int run(String... args) throws Exception {
        return Demo.run(
                args,
                Map.of("HOOKGUARD_DEMO_H2_FILE", dir.resolve("demo").toString()),
                new PrintStream(out, true, UTF_8),
                new PrintStream(err, true, UTF_8),
                false);
    }
}
