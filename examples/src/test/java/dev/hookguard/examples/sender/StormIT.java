package dev.hookguard.examples.sender;

import static dev.hookguard.examples.sender.StormHarness.SECRETS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.examples.Summary;
import dev.hookguard.examples.receiver.DemoStore;
import dev.hookguard.examples.receiver.Receiver;
import dev.hookguard.examples.receiver.StoreKind;
import dev.hookguard.examples.receiver.StoreSettings;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The demo's storm, in-process, on the default store (an H2 file through jdbc-store). */
class StormIT {

    @TempDir
    Path dir;

    @Test
    void shouldDoEachEventsWorkOnceExactlyWhenItSucceeded() throws Exception {
        StormConfig config = StormHarness.small().build();
        StormPlan plan = StormPlan.generate(StormHarness.runId(), config);
        assertThat(plan.alwaysFailing()).isPositive();
        assertThat(plan.failingOnce()).isPositive();
        assertThat(plan.tampered()).isPositive();
        assertThat(plan.stale()).isPositive();

        try (DemoStore store = DemoStore.open(StoreKind.H2, settings());
                Receiver receiver = Receiver.start(store.store(), SECRETS, 0, StormHarness.HANDLER_TIME)) {
            StormHarness.Result result = StormHarness.storm(receiver, store, config, plan);

            StormHarness.assertExactlyOnce(result);
            assertThat(result.report().get(Tally.REPLAYED)).isPositive();
            assertThat(result.report().get(Tally.IN_PROGRESS)).isPositive();
            Summary summary = Summary.of(
                    result.report(), result.ledger(), result.deadLetters(), store.description(), receiver.metrics());
            assertThat(summary.checks()).allMatch(Summary.Check::ok);
            assertThat(summary.render()).contains("handler executions == succeeded events:  OK");
        }
    }

    @Test
    void shouldKeepItsRecordsAcrossARestart() throws Exception {
        StormConfig config = StormHarness.small()
                .events(40)
                .tamperRate(0)
                .staleRate(0)
                .failureRate(0.3)
                .build();
        StormPlan plan = StormPlan.generate(StormHarness.runId(), config);
        assertThat(plan.alwaysFailing()).isPositive();
        try (DemoStore store = DemoStore.open(StoreKind.H2, settings());
                Receiver receiver = Receiver.start(store.store(), SECRETS, 0, StormHarness.HANDLER_TIME)) {
            StormHarness.assertExactlyOnce(StormHarness.storm(receiver, store, config, plan));
        }

        try (DemoStore reopened = DemoStore.open(StoreKind.H2, settings());
                Receiver restarted = Receiver.start(reopened.store(), SECRETS, 0, StormHarness.HANDLER_TIME)) {
            StormHarness.Result again = StormHarness.storm(restarted, reopened, config, plan);

            assertThat(again.ledger().entries()).isZero();
            assertThat(again.deadLetters()).isEqualTo(plan.alwaysFailing());
            assertThat(again.report().get(Tally.EVENTS_SUCCEEDED)).isEqualTo(40 - plan.alwaysFailing());
            assertThat(again.report().get(Tally.REPLAYED)).isEqualTo((40 - plan.alwaysFailing()) * config.copies());
            assertThat(again.report().get(Tally.PROCESSED)).isZero();
        }
    }

    private StoreSettings settings() {
        return StoreSettings.fromEnv(
                Map.of("HOOKGUARD_DEMO_H2_FILE", dir.resolve("demo").toString()));
    }
}
