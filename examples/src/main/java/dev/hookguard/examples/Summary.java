package dev.hookguard.examples;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The table printed after a storm, and the checks that make the demo's point: the handler did each event's
 * work once, for exactly the events that succeeded; no forged or stale delivery got through; every event whose
 * handler always fails is in the dead-letter queue.
 */
final class Summary {

    /** One line of the table. */
    private record Row(String label, String value, String note) {}

    /**
     * One check.
     *
     * @param claim what must hold
     * @param ok whether it held
     * @param detail the numbers behind it
     */
    record Check(String claim, boolean ok, String detail) {}

    private final String title;
    private final List<Row> rows = new ArrayList<>();
    private final List<Check> checks = new ArrayList<>();

    private Summary(String title) {
        this.title = title;
    }

    /** The summary of this storm against a receiver whose handler kept this ledger. */
    static Summary of(StormReport report, HandlerLedger ledger, long deadLetters, String store, URI scrape) {
        StormPlan plan = report.plan();
        Summary summary = new Summary("Hookguard demo, run " + plan.runId() + " (seed "
                + report.config().seed() + "), store: " + store);
        long executions = ledger.executions(plan.idPrefix());
        summary.rows(report, executions, deadLetters, scrape);
        long succeeded = report.get(Tally.EVENTS_SUCCEEDED);
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
        return summary;
    }

    private void rows(StormReport report, long executions, long deadLetters, URI scrape) {
        StormPlan plan = report.plan();
        row("events", report.config().events(), report.config().copies() + " genuine copies each");
        row(
                "deliveries (HTTP requests)",
                report.get(Tally.DELIVERIES),
                n(report.get(Tally.RETRIES)) + " of them retries");
        row("handler executions", executions, "the event's work, counted by the handler");
        row("events succeeded", report.get(Tally.EVENTS_SUCCEEDED), "a 200 reached the sender");
        row(
                "handler failures (5xx)",
                report.get(Tally.FAILED),
                n(plan.failingOnce()) + " events fail once, " + n(plan.alwaysFailing()) + " always");
        row("duplicates replayed", report.get(Tally.REPLAYED), "stored response, Idempotent-Replayed: true");
        row("in-progress refusals (409)", report.get(Tally.IN_PROGRESS), "another copy held the event");
        row("signatures refused (401/400)", report.get(Tally.SIGNATURES_REFUSED), n(plan.tampered()) + " forged");
        row("stale timestamps refused (401)", report.get(Tally.STALE_REFUSED), n(plan.stale()) + " stale replays");
        row("dead letters", deadLetters, "in the store's dead-letter queue");
        row("dead acknowledgements (202)", report.get(Tally.DEAD_ACKNOWLEDGED), "the sender stops retrying");
        row(
                "gave-up events",
                report.get(Tally.EVENTS_GIVEN_UP),
                n(report.get(Tally.COPIES_GIVEN_UP)) + " copies given up");
        row("transport errors", report.get(Tally.TRANSPORT_ERRORS), "no answer at all");
        rows.add(new Row(
                "latency p50 / p99",
                millis(report.stats().latencyPercentile(0.50)) + " / "
                        + millis(report.stats().latencyPercentile(0.99)),
                "per delivery, as the sender saw it"));
        rows.add(new Row(
                "throughput",
                String.format(Locale.ROOT, "%,.0f/s", report.throughput()),
                "over " + String.format(Locale.ROOT, "%.1f s", report.elapsed().toMillis() / 1000.0)));
        rows.add(new Row("Prometheus scrape", scrape.toString(), "up while the demo runs; --serve keeps it up"));
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
        return String.format(Locale.ROOT, "%.1f ms", duration.toNanos() / 1e6);
    }

    /** The checks, in the order printed. */
    List<Check> checks() {
        return List.copyOf(checks);
    }

    /** Whether every check held. */
    boolean passed() {
        return checks.stream().allMatch(Check::ok);
    }

    /** The table and the checks as plain text, columns aligned. */
    String render() {
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
        for (Check check : checks) {
            out.append(String.format(
                            Locale.ROOT,
                            "  %-40s %s (%s)",
                            check.claim() + ":",
                            check.ok() ? "OK" : "FAILED",
                            check.detail()))
                    .append(System.lineSeparator());
        }
        return out.toString();
    }
}
