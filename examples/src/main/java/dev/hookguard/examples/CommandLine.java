package dev.hookguard.examples;

import dev.hookguard.examples.receiver.StoreKind;
import dev.hookguard.examples.sender.Backoff;
import dev.hookguard.examples.sender.SenderKind;
import dev.hookguard.examples.sender.StormConfig;
import dev.hookguard.servlet.Intake;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.Locale;

/** Reads the demo's command line: {@code --name=value} or {@code --name value}; see {@link #USAGE}. */
final class CommandLine {

    /** What {@code --help} prints. */
    static final String USAGE = """
            Usage: ./demo [options]     (or: java -jar examples/target/hookguard-examples.jar [options])

            Starts a webhook receiver behind the Hookguard filter, storms it with a sender that behaves like a
            real provider, and prints what happened.

              --events=N          distinct events                              (default 10000; 2000
                                                                               with --intake=async)
              --copies=N          genuine deliveries of each event             (default 3; 1 with
                                                                               --sender=github)
              --senders=N         requests in flight at once                   (default 32)
              --failure-rate=R    events whose handler fails, half once and
                                  half always: 2% or 0.02                      (default 2%)
              --tamper-rate=R     events that also get a forged delivery       (default 1%)
              --stale-rate=R      events that also get a stale replay          (default 1%)
              --store=KIND        h2 (file ./data/hookguard-demo), redis (HOOKGUARD_REDIS_URI), or
                                  postgres (HOOKGUARD_JDBC_URL, _USER, _PASSWORD)   (default h2)
              --port=N            receiver port, 0 for any free port           (default 0)
              --handler-time=D    time the handler works on an event           (default 10ms)
              --sender=KIND       retrying: retries every copy with backoff, like Stripe or Svix;
                                  github: sends each delivery once and never retries; the
                                  receiver's endpoints then retry (retries: receiver) (default retrying)
              --intake=MODE       sync: the handler runs inside the request; async: the delivery
                                  is stored and answered 202 at once, the dispatcher runs the
                                  handler; the summary compares intake latency with the
                                  handler time                                  (default sync)
              --serve             keep the receiver running after the storm (Ctrl-C stops it)
              --seed=N            seed of the plan of events and chaos         (default random)
              --base-delay=D      backoff window of the first retry            (default 50ms)
              --max-delay=D       cap of every retry delay, Retry-After too    (default 2s)
              --max-attempts=N    attempts per delivery before giving up       (default 6; 1 with
                                                                               --sender=github)
              --later-within=D    window for the third and later copies        (default 2s)
              --help              this text

            With --sender=github or --intake=async the receiver finishes the events after the storm: the
            demo waits until every event's record is final and checks the store's verdicts (every event
            SUCCEEDED but the always-failing ones, which are DEAD, and no handler ran twice). Exit status 1
            when a check fails.

            Examples:
              ./demo --events=500 --sender=github
              ./demo --intake=async --handler-time=2s
            """;

    private CommandLine() {}

    /** The options of these arguments; throws {@link IllegalArgumentException} naming a bad one. */
    static DemoOptions parse(String... args) {
        Deque<String> rest = new ArrayDeque<>(Arrays.asList(args));
        StormConfig.Builder storm = StormConfig.custom();
        Duration base = Backoff.DEFAULT_BASE;
        Duration cap = Backoff.DEFAULT_CAP;
        int attempts = Backoff.DEFAULT_MAX_ATTEMPTS;
        StoreKind store = DemoOptions.DEFAULT_STORE;
        int port = DemoOptions.DEFAULT_PORT;
        Duration handlerTime = DemoOptions.DEFAULT_HANDLER_TIME;
        boolean serve = false;
        boolean help = false;
        SenderKind sender = DemoOptions.DEFAULT_SENDER;
        Intake intake = DemoOptions.DEFAULT_INTAKE;
        boolean copiesGiven = false;
        boolean eventsGiven = false;
        boolean attemptsGiven = false;
        while (!rest.isEmpty()) {
            String arg = rest.pop();
            String name = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
            switch (name) {
                case "--serve" -> serve = true;
                case "--help", "-h" -> help = true;
                case "--events" -> {
                    storm.events(whole(name, value(arg, rest)));
                    eventsGiven = true;
                }
                case "--copies" -> {
                    storm.copies(whole(name, value(arg, rest)));
                    copiesGiven = true;
                }
                case "--senders" -> storm.senders(whole(name, value(arg, rest)));
                case "--failure-rate" -> storm.failureRate(share(name, value(arg, rest)));
                case "--tamper-rate" -> storm.tamperRate(share(name, value(arg, rest)));
                case "--stale-rate" -> storm.staleRate(share(name, value(arg, rest)));
                case "--seed" -> storm.seed(number(name, value(arg, rest)));
                case "--later-within" -> storm.laterWithin(duration(name, value(arg, rest)));
                case "--base-delay" -> base = duration(name, value(arg, rest));
                case "--max-delay" -> cap = duration(name, value(arg, rest));
                case "--max-attempts" -> {
                    attempts = whole(name, value(arg, rest));
                    attemptsGiven = true;
                }
                case "--store" -> store = StoreKind.parse(value(arg, rest));
                case "--port" -> port = whole(name, value(arg, rest));
                case "--handler-time" -> handlerTime = duration(name, value(arg, rest));
                case "--sender" -> sender = SenderKind.parse(value(arg, rest));
                case "--intake" -> intake = intake(value(arg, rest));
                default -> throw new IllegalArgumentException("unknown option '" + arg + "'; see --help");
            }
        }
        if (sender == SenderKind.GITHUB) {
            if (attemptsGiven && attempts != 1) {
                throw new IllegalArgumentException(
                        "--max-attempts must be 1 with --sender=github (it never retries) but was " + attempts);
            }
            attempts = 1;
            if (!copiesGiven) {
                storm.copies(1);
            }
        }
        if (intake == Intake.ASYNC && !eventsGiven) {
            storm.events(StormConfig.DEFAULT_ASYNC_EVENTS);
        }
        return new DemoOptions(
                storm.backoff(new Backoff(base, cap, attempts)).build(),
                store,
                port,
                handlerTime,
                serve,
                help,
                sender,
                intake);
    }

    private static Intake intake(String value) {
        return switch (value) {
            case "sync" -> Intake.SYNC;
            case "async" -> Intake.ASYNC;
            default -> throw new IllegalArgumentException("--intake must be sync or async but was '" + value + "'");
        };
    }

    private static String value(String arg, Deque<String> rest) {
        int equals = arg.indexOf('=');
        if (equals >= 0) {
            return arg.substring(equals + 1);
        }
        if (rest.isEmpty() || rest.peek().startsWith("--")) {
            throw new IllegalArgumentException(arg + " needs a value");
        }
        return rest.pop();
    }

    private static int whole(String name, String value) {
        try {
            return Integer.parseInt(value.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number but was '" + value + "'");
        }
    }

    private static long number(String name, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number but was '" + value + "'");
        }
    }

    /** {@code 2%}, {@code 2.5%} or {@code 0.02}. */
    private static double share(String name, String value) {
        try {
            return value.endsWith("%")
                    ? Double.parseDouble(value.substring(0, value.length() - 1)) / 100
                    : Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a share such as 2% or 0.02 but was '" + value + "'");
        }
    }

    /** {@code 50ms}, {@code 2s}, {@code 1m}, or ISO-8601 such as {@code PT2S}. */
    private static Duration duration(String name, String value) {
        String text = value.toLowerCase(Locale.ROOT);
        try {
            if (text.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(text.substring(0, text.length() - 2)));
            }
            if (text.endsWith("s") && !text.startsWith("pt")) {
                return Duration.ofSeconds(Long.parseLong(text.substring(0, text.length() - 1)));
            }
            if (text.endsWith("m") && !text.startsWith("pt")) {
                return Duration.ofMinutes(Long.parseLong(text.substring(0, text.length() - 1)));
            }
            return Duration.parse(value);
        } catch (NumberFormatException | DateTimeParseException e) {
            throw new IllegalArgumentException(
                    name + " must be a duration such as 50ms, 2s or PT2S but was '" + value + "'");
        }
    }
}
