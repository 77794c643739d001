package dev.hookguard.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.executor.Execution;
import dev.hookguard.core.executor.Verdict;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code match} applies exactly the function of the outcome's case, with the outcome as it is. */
class MatchTest {

    private static final StoredResponse OK = StoredResponse.of(200, "text/plain", new byte[] {'o', 'k'});

    private static String name(ClaimOutcome outcome) {
        return outcome.match(
                acquired -> "acquired " + acquired.token(),
                duplicate -> "duplicate " + duplicate.response().status(),
                inProgress -> "in progress " + inProgress.remaining().toSeconds(),
                mismatch -> "mismatch",
                dead -> "dead");
    }

    @Test
    void shouldApplyTheFunctionOfEachClaimOutcome() {
        List<ClaimOutcome> outcomes = List.of(
                new ClaimOutcome.Acquired(7, 1),
                new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, OK),
                new ClaimOutcome.InProgress(Duration.ofSeconds(3)),
                new ClaimOutcome.Mismatch(),
                new ClaimOutcome.Dead());

        assertThat(outcomes.stream().map(MatchTest::name))
                .containsExactly("acquired 7", "duplicate 200", "in progress 3", "mismatch", "dead");
    }

    @Test
    void shouldApplyTheFunctionOfEachExecution() {
        Execution handled = new Execution.Handled(OK, Verdict.PROCESSED);
        Execution notRun = new Execution.NotRun(new ClaimOutcome.Dead());

        assertThat(handled.<String>match(h -> "handled " + h.verdict(), n -> "not run"))
                .isEqualTo("handled PROCESSED");
        assertThat(notRun.<String>match(h -> "handled", n -> "not run " + name(n.outcome())))
                .isEqualTo("not run dead");
    }
}
