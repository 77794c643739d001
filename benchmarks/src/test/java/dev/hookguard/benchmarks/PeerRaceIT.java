package dev.hookguard.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code BenchTool peer-race} runs every contender against the test services and reports one line each; Hookguard's
 * stores never let two callers win one id, and every completion they report shows in the record.
 */
class PeerRaceIT {

    @BeforeAll
    static void services() {
        BenchServices.configure();
    }

    @Test
    void shouldReportEveryContenderAndHookguardWithOneWinnerPerRound() throws Exception {
        List<String[]> lines = Arrays.stream(
                        FilterServerTest.printed("peer-race", "3", "4").split("\n"))
                .map(line -> line.split("\t"))
                .toList();

        assertThat(lines.get(0)).startsWith("contender", "rounds", "threads", "multi_winner_rounds");
        assertThat(lines.subList(1, lines.size()))
                .extracting(line -> line[0])
                .containsExactly(
                        "hookguard-redis",
                        "hookguard-jdbc",
                        "camel-jdbc",
                        "camel-jdbc-as-shipped",
                        "spring-integration-jdbc",
                        "spring-integration-redis");
        assertThat(lines.subList(1, 3)).allSatisfy(line -> {
            assertThat(line[3]).as("rounds with 2+ winners of " + line[0]).isEqualTo("0");
            assertThat(line[4]).as("rounds without a winner of " + line[0]).isEqualTo("0");
            assertThat(line[7]).as("completions of " + line[0]).isEqualTo("3");
            assertThat(line[8]).as("unfinished records of " + line[0]).isEqualTo("0");
        });
    }
}
