package dev.hookguard.examples.sender;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.examples.Progress;
import dev.hookguard.examples.receiver.DeadLetters;
import dev.hookguard.examples.receiver.DemoEndpoint;
import dev.hookguard.examples.receiver.DemoSecrets;
import dev.hookguard.examples.receiver.DemoStore;
import dev.hookguard.examples.receiver.HandlerLedger;
import dev.hookguard.examples.receiver.Receiver;
import java.time.Clock;
import java.time.Duration;

/** Runs small storms against a receiver, and asserts what every storm must show. */
public final class StormHarness {

    public static final DemoSecrets SECRETS = new DemoSecrets(DemoSecrets.random(), DemoSecrets.random());

    /** The handler's work per event: long enough that two concurrent copies meet an event in progress. */
    public static final Duration HANDLER_TIME = Duration.ofMillis(20);

    /**
     * The result of one storm.
     *
     * @param report what the sender saw
     * @param ledger what the handler did
     * @param deadLetters the run's dead letters, as the store lists them
     */
    public record Result(StormReport report, HandlerLedger ledger, long deadLetters) {
        StormPlan plan() {
            return report.plan();
        }
    }

    private StormHarness() {}

    /** A small storm with plenty of chaos and short retry delays. */
    public static StormConfig.Builder small() {
        return StormConfig.custom()
                .events(200)
                .copies(3)
                .senders(8)
                .failureRate(0.1)
                .tamperRate(0.1)
                .staleRate(0.1)
                .seed(8)
                .backoff(new Backoff(Duration.ofMillis(5), Duration.ofMillis(200), 6))
                .laterWithin(Duration.ofMillis(200));
    }

    /** A run id no earlier run used. */
    public static String runId() {
        return "it" + Long.toString(System.nanoTime(), 36);
    }

    /** Storms the receiver with this plan. */
    public static Result storm(Receiver receiver, DemoStore store, StormConfig config, StormPlan plan)
            throws InterruptedException {
        WebhookSender sender =
                new WebhookSender(WebhookSender.newClient(), receiver.base(), SECRETS, Clock.systemUTC());
        StormReport report = new Storm(config, sender).run(plan, Progress.none());
        return new Result(report, receiver.ledger(), DeadLetters.count(store.store(), plan.idPrefix()));
    }

    /** What every storm must show: each event's work done once exactly when it succeeded; attacks refused. */
    public static void assertExactlyOnce(Result result) {
        StormPlan plan = result.plan();
        StormReport report = result.report();
        HandlerLedger ledger = result.ledger();
        long events = plan.events().size();
        assertThat(report.get(Tally.EVENTS_SUCCEEDED)).isEqualTo(events - plan.alwaysFailing());
        assertThat(ledger.executions(plan.idPrefix())).isEqualTo(report.get(Tally.EVENTS_SUCCEEDED));
        assertThat(ledger.eventsExecutedTwice()).isZero();
        for (EventPlan event : plan.events()) {
            int expectedEntries = switch (event.failure()) {
                case NONE -> 1;
                case ONCE -> 2;
                case ALWAYS -> DemoEndpoint.MAX_ATTEMPTS;
            };
            assertThat(ledger.entries(event.id())).as(event.id()).isEqualTo(expectedEntries);
        }
        assertThat(report.get(Tally.SIGNATURES_REFUSED)).isEqualTo(plan.tampered());
        assertThat(report.get(Tally.STALE_REFUSED)).isEqualTo(plan.stale());
        assertThat(report.get(Tally.ATTACKS_ACCEPTED)).isZero();
        assertThat(ledger.attacksRun()).isZero();
        assertThat(result.deadLetters()).isEqualTo(plan.alwaysFailing());
        assertThat(report.get(Tally.EVENTS_DEAD)).isEqualTo(plan.alwaysFailing());
        assertThat(report.get(Tally.EVENTS_GIVEN_UP)).isZero();
        assertThat(report.get(Tally.UNEXPECTED)).isZero();
        assertThat(report.get(Tally.TRANSPORT_ERRORS)).isZero();
        long copies = events * report.config().copies();
        assertThat(report.get(Tally.DELIVERIES))
                .isEqualTo(copies + plan.tampered() + plan.stale() + report.get(Tally.RETRIES));
    }
}
