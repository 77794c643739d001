package dev.hookguard.examples;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.examples.receiver.HandlerLedger;
import dev.hookguard.examples.sender.SenderKind;
import dev.hookguard.examples.sender.StormPlan;
import dev.hookguard.examples.sender.StormReport;
import dev.hookguard.examples.sender.Tally;
import dev.hookguard.servlet.Intake;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * The table printed after a storm, and the checks that make the demo's point: the handler did each event's
 * work once, for exactly the events that succeeded; no forged or stale delivery got through; every event whose
 * handler always fails is in the dead-letter queue. When the receiver finished the events (a sender that never
 * retries, async intake), the store's verdicts are checked too: every event final, every one SUCCEEDED but the
 * always-failing ones, which are DEAD with their error class; with async intake, the p99 of the 202s within the
 * handler time.
 */
public final class Summary {

    /** One line of the table. */
    private record Row(String label, String value, String note) {}

    /**
     * How the demo ran.
     *
     * @param sender how the sender retried
     * @param intake how the receiver took deliveries in
     * @param handlerTime the handler's work per event
     * @param dispatches the receiver's dispatches (redeliveries to itself) during the run
     * @param refused those of them the receiver's own store refused (unreachable or too slow; sent again)
     */
    record Mode(SenderKind sender, Intake intake, Duration handlerTime, long dispatches, long refused) {

        /** A retrying sender and sync intake, the demo's default. */
        static final Mode DEFAULT = new Mode(SenderKind.RETRYING, Intake.SYNC, Duration.ZERO, 0, 0);

        private String describe() {
            if (sender == SenderKind.RETRYING && intake == Intake.SYNC) {
                return "";
            }
            return ", sender: " + sender.flag() + ", intake: " + intake.name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * One check.
     *
     * @param claim what must hold
     * @param ok whether it held
     * @param detail the numbers behind it
     */
    public record Check(String claim, boolean ok, String detail) {}

    private final String title;
    private final List<Row> rows = new ArrayList<>();
    private final List<Check> checks = new ArrayList<>();

    private Summary(String title) {
        this.title = title;
    }

    /** The summary of a storm of a retrying sender against a sync receiver whose handler kept this ledger. */
    public static Summary of(StormReport report, HandlerLedger ledger, long deadLetters, String store, URI scrape) {
        return of(report, ledger, deadLetters, store, scrape, Mode.DEFAULT, null);
    }

    /**
     * The summary of this storm in this mode; {@code settlement} is the store's verdicts once the receiver finished
     * the events (null when the sender's answers tell the whole story: a retrying sender and sync intake).
     */
    public static Summary of(
            StormReport report,
            HandlerLedger ledger,
            long deadLetters,
            String store,
            URI scrape,
            Mode mode,
            @Nullable Settlement settlement) {
        StormPlan plan = report.plan();
        Summary summary = new Summary("Hookguard demo, run " + plan.runId() + " (seed "
                + report.config().seed() + "), store: " + store + mode.describe());
        long executions = ledger.executions(plan.idPrefix());
        summary.rows(report, executions, ledger.failures(), deadLetters, scrape, mode, settlement);
        long succeeded = settlement == null ? report.get(Tally.EVENTS_SUCCEEDED) : settlement.succeeded();
        if (settlement != null) {
            summary.check(
                    "every event final in the store",
                    settlement.unsettled() == 0,
                    n(settlement.unsettled()) + " still queued, processing or failed");
            long expected = plan.events().size() - plan.alwaysFailing();
            summary.check(
                    "every event SUCCEEDED but always-failing",
                    succeeded == expected,
                    n(succeeded) + " = " + n(expected) + ", " + n(plan.failingOnce())
                            + " of them after a failure, through receiver retries");
        }
        summary.check(
                "handler executions == succeeded events",
                executions == succeeded,
                n(executions) + " = " + n(succeeded));
        long twice = ledger.eventsExecutedTwice();
        summary.check("no event executed twice", twice == 0, n(twice) + " events executed more than once");
        long accepted = report.get(Tally.ATTACKS_ACCEPTED) + ledger.attacksRun();
        summary.check("forged and stale deliveries refused", accepted == 0, n(accepted) + " got through");
        long unexpected = report.get(Tally.UNEXPECTED);
        summary.check(
                "genuine deliveries answered as expected", unexpected == 0, n(unexpected) + " unexpected answers");
        summary.check(
                "dead letters == always-failing events",
                deadLetters == plan.alwaysFailing(),
                n(deadLetters) + " = " + n(plan.alwaysFailing()));
        if (settlement != null) {
            long classified = settlement.dead(ErrorClass.SERVER_ERROR);
            summary.check(
                    "dead letters carry their error class",
                    classified == settlement.dead(),
                    n(classified) + " of " + n(settlement.dead()) + " DEAD as server_error");
        }
        if (mode.intake() == Intake.ASYNC) {
            Duration p99 = report.stats().queuedLatencyPercentile(0.99);
            Duration bound = mode.handlerTime(); // answered before the handler could have finished its work
            boolean held = p99.compareTo(bound) <= 0;
            summary.check(
                    "202s answered within the handler time",
                    held,
                    "p99 of the 202s " + millis(p99) + (held ? " ≤ " : " > ") + millis(bound));
        }
        return summary;
    }

    private void rows(
            StormReport report,
            long executions,
            long handlerFailures,
            long deadLetters,
            URI scrape,
            Mode mode,
            @Nullable Settlement settlement) {
        StormPlan plan = report.plan();
        row("events", report.config().events(), copies(report.config().copies()));
        row(
                "deliveries (HTTP requests)",
                report.get(Tally.DELIVERIES),
                n(report.get(Tally.RETRIES)) + " of them retries");
        row("handler executions", executions, "the event's work, counted by the handler");
        if (settlement == null) {
            row("events succeeded", report.get(Tally.EVENTS_SUCCEEDED), "a 200 reached the sender");
        } else {
            row(
                    "events succeeded",
                    settlement.succeeded(),
                    "SUCCEEDED in the store; "
                            + (mode.intake() == Intake.ASYNC
                                    ? "a 2xx (202 queued, or a stored 200) reached the sender for "
                                    : "a 200 reached the sender for ")
                            + n(report.get(Tally.EVENTS_SUCCEEDED)));
            row(
                    "receiver dispatches",
                    mode.dispatches(),
                    "redeliveries of queued events and receiver retries; " + n(mode.refused())
                            + " refused by the receiver's store, sent again");
        }
        if (mode.intake() == Intake.ASYNC) {
            row("queued (202)", report.get(Tally.QUEUED), "async intake: stored, answered at once");
        }
        if (mode.intake() == Intake.ASYNC) {
            row(
                    "handler failures (5xx)",
                    handlerFailures,
                    "answered to the dispatcher (the sender got 202); " + n(plan.failingOnce()) + " events fail once, "
                            + n(plan.alwaysFailing()) + " always");
        } else {
            row(
                    "handler failures (5xx)",
                    report.get(Tally.FAILED),
                    n(plan.failingOnce()) + " events fail once, " + n(plan.alwaysFailing()) + " always");
        }
        row("duplicates replayed", report.get(Tally.REPLAYED), "stored response, Idempotent-Replayed: true");
        row("in-progress refusals (409)", report.get(Tally.IN_PROGRESS), "another copy held the event");
        row("signatures refused (401/400)", report.get(Tally.SIGNATURES_REFUSED), n(plan.tampered()) + " forged");
        row("stale timestamps refused (401)", report.get(Tally.STALE_REFUSED), n(plan.stale()) + " stale replays");
        row("dead letters", deadLetters, "in the store's dead-letter queue");
        row("dead acknowledgements (202)", report.get(Tally.DEAD_ACKNOWLEDGED), "the sender stops retrying");
        row(
                "gave-up events",
                report.get(Tally.EVENTS_GIVEN_UP),
                n(report.get(Tally.COPIES_GIVEN_UP)) + " copies given up"
                        + (mode.sender() == SenderKind.GITHUB ? " (this sender never retries)" : ""));
        row("transport errors", report.get(Tally.TRANSPORT_ERRORS), "no answer at all");
        boolean async = mode.intake() == Intake.ASYNC;
        rows.add(new Row(
                async ? "intake latency p50 / p99" : "latency p50 / p99",
                millis(report.stats().latencyPercentile(0.50)) + " / "
                        + millis(report.stats().latencyPercentile(0.99)),
                async
                        ? "per delivery, as the sender saw it; the handler works " + millis(mode.handlerTime())
                        : "per delivery, as the sender saw it"));
        rows.add(new Row(
                "throughput",
                String.format(Locale.ROOT, "%,.0f/s", report.throughput()),
                "over " + seconds(report.elapsed())));
        if (settlement != null) {
            rows.add(new Row(
                    "receiver finished the events",
                    seconds(settlement.waited()),
                    "after the storm, until every record was final"));
        }
        rows.add(new Row("Prometheus scrape", scrape.toString(), "up while the demo runs; --serve keeps it up"));
    }

    /** Adds the size of the store's file (H2), as it is at the end of the run with the store still open. */
    void storeFile(long bytes) {
        rows.add(new Row(
                "H2 file size",
                String.format(Locale.ROOT, "%,.1f MB", bytes / 1e6),
                "the store's file at the end of the run, still open"));
    }

    private static String copies(int copies) {
        return copies == 1 ? "1 genuine copy each" : copies + " genuine copies each";
    }

    private static String seconds(Duration duration) {
        return String.format(Locale.ROOT, "%.1f s", duration.toMillis() / 1000.0);
    }

    private void row(String label, long value, String note) {
        rows.add(new Row(label, n(value), note));
    }

    private static String n(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    private void check(String claim, boolean ok, String detail) {
        checks.add(new Check(claim, ok, detail));
    }

    private static String millis(Duration duration) {
        return String.format(Locale.ROOT, "%,.1f ms", duration.toNanos() / 1e6);
    }

    /** The checks, in the order printed. */
    public List<Check> checks() {
        return List.copyOf(checks);
    }

    /** Whether every check held. */
    boolean passed() {
        return checks.stream().allMatch(Check::ok);
    }

    /** The table and the checks as plain text, columns aligned. */
    public String render() {
        int label = rows.stream().mapToInt(r -> r.label().length()).max().orElse(0);
        int value = rows.stream().mapToInt(r -> r.value().length()).max().orElse(0);
        StringBuilder out =
                new StringBuilder(title).append(System.lineSeparator()).append(System.lineSeparator());
        for (Row row : rows) {
            String line = String.format(
                    Locale.ROOT, "  %-" + label + "s  %" + value + "s   %s", row.label(), row.value(), row.note());
            out.append(line.stripTrailing()).append(System.lineSeparator());
        }
        out.append(System.lineSeparator());
        int claim = Math.max(
                40, checks.stream().mapToInt(c -> c.claim().length() + 1).max().orElse(0));
        for (Check check : checks) {
            out.append(String.format(
                            Locale.ROOT,
                            "  %-" + claim + "s %s (%s)",
                            check.claim() + ":",
                            check.ok() ? "OK" : "FAILED",
                            check.detail()))
                    .append(System.lineSeparator());
        }
        return out.toString();
    }
}
