package dev.hookguard.examples;

import dev.hookguard.examples.receiver.DeadLetters;
import dev.hookguard.examples.receiver.DemoEndpoint;
import dev.hookguard.examples.receiver.DemoSecrets;
import dev.hookguard.examples.receiver.DemoStore;
import dev.hookguard.examples.receiver.Receiver;
import dev.hookguard.examples.receiver.StoreKind;
import dev.hookguard.examples.receiver.StoreSettings;
import dev.hookguard.examples.sender.Backoff;
import dev.hookguard.examples.sender.SenderKind;
import dev.hookguard.examples.sender.Storm;
import dev.hookguard.examples.sender.StormConfig;
import dev.hookguard.examples.sender.StormPlan;
import dev.hookguard.examples.sender.StormReport;
import dev.hookguard.examples.sender.WebhookSender;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;

/**
 * The demo's entry point: opens the store, starts the {@link Receiver}, storms it with the {@link Storm}, prints
 * the {@link Summary}, and stops — or, with {@code --serve}, keeps the receiver running. Exit status: 0 when
 * every check of the summary held, 1 when one failed, 2 for a bad command line, 3 when the store cannot be
 * opened or the port is taken.
 */
public final class Demo {

    /**
     * How long the demo waits, after the storm, for the receiver to finish one more event before it gives up on the
     * rest (they are then reported as not final, and the check fails).
     */
    static final Duration SETTLE_QUIET = Duration.ofSeconds(60);

    private Demo() {}

    /** Runs the demo with these arguments ({@code --help} lists them) and exits with its status. */
    public static void main(String[] args) throws Exception {
        System.setProperty("org.jooq.no-logo", "true");
        System.setProperty("org.jooq.no-tips", "true");
        int status = run(args, System.getenv(), System.out, System.err, System.console() != null);
        System.exit(status);
    }

    /**
     * Runs the demo and returns its exit status; the summary goes to {@code out}, progress and errors to {@code
     * err}.
     */
    static int run(String[] args, Map<String, String> env, PrintStream out, PrintStream err, boolean interactive)
            throws Exception {
        DemoOptions options;
        try {
            options = CommandLine.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("hookguard demo: " + e.getMessage());
            err.print(CommandLine.USAGE);
            return 2;
        }
        if (options.help()) {
            out.print(CommandLine.USAGE);
            return 0;
        }
        DemoSecrets secrets;
        try {
            secrets = DemoSecrets.fromEnv(env).requireValid();
        } catch (IllegalArgumentException e) {
            err.println("hookguard demo: " + e.getMessage());
            return 2;
        }
        DemoStore store;
        try {
            store = DemoStore.open(options.store(), StoreSettings.fromEnv(env));
        } catch (Exception e) {
            err.println("hookguard demo: cannot open the " + options.store().flag() + " store: " + e.getMessage());
            err.println(hint(options.store()));
            return 3;
        }
        try (store) {
            Receiver receiver;
            try {
                receiver = Receiver.start(
                        store.store(),
                        secrets,
                        options.port(),
                        options.handlerTime(),
                        options.intake(),
                        options.sender());
            } catch (IOException e) {
                err.println("hookguard demo: cannot listen on 127.0.0.1:" + options.port() + ": " + e.getMessage());
                err.println("Pick another --port, or --port=0 for any free one.");
                return 3;
            }
            try (receiver) {
                return storm(options, store, receiver, secrets, out, Progress.to(err, interactive));
            }
        }
    }

    private static int storm(
            DemoOptions options,
            DemoStore store,
            Receiver receiver,
            DemoSecrets secrets,
            PrintStream out,
            Progress progress)
            throws Exception {
        StormConfig config = options.storm();
        out.println("Receiver on " + receiver.base() + ", store: " + store.description());
        out.println(describe(options));
        WebhookSender sender =
                new WebhookSender(WebhookSender.newClient(), receiver.base(), secrets, Clock.systemUTC());
        StormPlan plan = StormPlan.generate(Long.toString(Instant.now().toEpochMilli(), 36), config);
        StormReport report = new Storm(config, sender).run(plan, progress);
        Settlement settlement = null;
        if (options.receiverSettles()) {
            int events = plan.events().size();
            settlement = Settlement.await(store.store(), plan, SETTLE_QUIET, done -> progress.settling(done, events));
        }
        long deadLetters = DeadLetters.count(store.store(), plan.idPrefix());
        Summary.Mode mode = new Summary.Mode(
                options.sender(),
                options.intake(),
                options.handlerTime(),
                receiver.dispatches(),
                receiver.refusedDispatches());
        Summary summary = Summary.of(
                report, receiver.ledger(), deadLetters, store.description(), receiver.metrics(), mode, settlement);
        store.fileBytes().ifPresent(summary::storeFile);
        out.println();
        out.print(summary.render());
        if (options.serve()) {
            out.println();
            out.println("Serving on " + receiver.base() + " (metrics: " + receiver.metrics() + "); Ctrl-C stops.");
            receiver.join();
        }
        return summary.passed() ? 0 : 1;
    }

    private static String describe(DemoOptions options) {
        StormConfig config = options.storm();
        Backoff backoff = config.backoff();
        String retries = options.sender() == SenderKind.GITHUB
                ? "sender: github, never retries"
                : String.format(
                        Locale.ROOT,
                        "retries: full jitter %d ms..%d ms, %d attempts",
                        backoff.base().toMillis(),
                        backoff.cap().toMillis(),
                        backoff.maxAttempts());
        String receiver = options.receiverSettles()
                ? String.format(
                        Locale.ROOT,
                        "%nReceiver: intake %s, the receiver retries (full jitter %d ms..%d ms, %d attempts,"
                                + " at least Retry-After), handler time %d ms",
                        options.intake().name().toLowerCase(Locale.ROOT),
                        Receiver.RETRY_BASE.toMillis(),
                        Receiver.RETRY_CAP.toMillis(),
                        DemoEndpoint.MAX_ATTEMPTS,
                        options.handlerTime().toMillis())
                : "";
        return String.format(
                        Locale.ROOT,
                        "Storm: %,d events x %d copies, %d senders, %.1f%% failing handlers, %.1f%% forged,"
                                + " %.1f%% stale; %s",
                        config.events(),
                        config.copies(),
                        config.senders(),
                        config.failureRate() * 100,
                        config.tamperRate() * 100,
                        config.staleRate() * 100,
                        retries)
                + receiver;
    }

    private static String hint(StoreKind kind) {
        return switch (kind) {
            case H2 -> "Is another demo running on the same file? Set HOOKGUARD_DEMO_H2_FILE to use another one.";
            case REDIS -> "Start Redis, or point HOOKGUARD_REDIS_URI at one (default redis://127.0.0.1:6379).";
            case POSTGRES ->
                "Start PostgreSQL, or set HOOKGUARD_JDBC_URL, HOOKGUARD_JDBC_USER, HOOKGUARD_JDBC_PASSWORD.";
        };
    }
}
