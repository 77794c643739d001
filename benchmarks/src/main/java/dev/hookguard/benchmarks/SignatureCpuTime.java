package dev.hookguard.benchmarks;

import dev.hookguard.benchmarks.filter.FilterServer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * {@link SignatureBenchmark}'s HMAC pairs (verifier and prepared-{@code Mac} baseline) timed for a busy machine: in
 * one JVM, the two of a pair alternating round by round, each round timed by the thread's CPU time rather than the
 * wall clock, so that time spent waiting for a core does not count. Not a JMH benchmark: a cross-check of its ratios
 * when the machine is shared. {@code java -cp benchmarks/target/benchmarks.jar
 * dev.hookguard.benchmarks.SignatureCpuTime [rounds] [calls]} prints each round's ratio and the median.
 */
public final class SignatureCpuTime {

    /** Where every result's hash goes, so that no call can be optimised away. */
    private static volatile int sink;

    private SignatureCpuTime() {}

    /** Runs every pair; the arguments are the rounds (default 9) and the calls per round (default 20 000). */
    public static void main(String[] args) throws GeneralSecurityException {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 9;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
        SignatureBenchmark benchmark = new SignatureBenchmark();
        benchmark.sign();
        SignatureBenchmark.PreparedMac mac = new SignatureBenchmark.PreparedMac();
        mac.prepare();
        Map<String, List<Supplier<Object>>> pairs = new LinkedHashMap<>();
        pairs.put("stripe", List.of(benchmark::stripeVerify, () -> benchmark.rawMacStripeContent(mac)));
        pairs.put("github", List.of(benchmark::githubVerify, () -> benchmark.rawMacBody(mac)));
        pairs.put("paddle", List.of(benchmark::paddleVerify, () -> benchmark.rawMacPaddleContent(mac)));
        pairs.put("square", List.of(benchmark::squareVerify, () -> benchmark.rawMacSquareContent(mac)));
        pairs.put("twilio (escape-dense)", List.of(benchmark::twilioVerify, () -> benchmark.rawMacTwilioContent(mac)));
        pairs.put(
                "twilio (SMS form)", List.of(benchmark::twilioSmsVerify, () -> benchmark.rawMacTwilioSmsContent(mac)));
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (Map.Entry<String, List<Supplier<Object>>> pair : pairs.entrySet()) {
            List<Double> ratios = new ArrayList<>();
            StringBuilder line = new StringBuilder(pair.getKey()).append(':');
            for (int round = 0; round < rounds; round++) {
                double verify = nanosPerCall(threads, pair.getValue().get(0), calls);
                double raw = nanosPerCall(threads, pair.getValue().get(1), calls);
                ratios.add(verify / raw);
                line.append(String.format(" %.0f/%.0f ns", verify, raw));
            }
            List<Double> warm = new ArrayList<>(ratios.subList(rounds / 3, rounds)); // the first third warms up
            warm.sort(null);
            System.out.printf(
                    "%s%n  median ratio of the last %d rounds: %.2f×%n", line, warm.size(), warm.get(warm.size() / 2));
        }
    }

    /**
     * {@code t_sig} of issue 28's filter goal: the nanoseconds of thread CPU one prepared {@code HmacSHA256} takes over
     * {@code body} (no verifier around it), the median of the last two thirds of {@code rounds} rounds of {@code
     * calls} each.
     */
    public static double preparedMacNanos(byte[] body, int rounds, int calls) throws GeneralSecurityException {
        if (rounds < 3 || calls < 1) {
            throw new IllegalArgumentException(
                    "need at least 3 rounds and 1 call per round, not " + rounds + " and " + calls);
        }
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(FilterServer.SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        List<Double> nanos = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            nanos.add(nanosPerCall(threads, () -> mac.doFinal(body), calls));
        }
        List<Double> warm = new ArrayList<>(nanos.subList(rounds / 3, rounds)); // the first third warms up
        warm.sort(null);
        return warm.get(warm.size() / 2);
    }

    private static double nanosPerCall(ThreadMXBean threads, Supplier<Object> call, int calls) {
        int hashes = 0;
        long start = threads.getCurrentThreadCpuTime();
        for (int i = 0; i < calls; i++) {
            hashes += call.get().hashCode();
        }
        long nanos = threads.getCurrentThreadCpuTime() - start;
        sink = hashes;
        return nanos / (double) calls;
    }
}
