package dev.hookguard.benchmarks.tools;

import dev.hookguard.benchmarks.Workload;
import dev.hookguard.core.RecordStatus;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code ARGV} of {@code claim.lua} and {@code complete.lua} for one pair of {@link Workload}, in the layout
 * {@code RedisIdempotencyStore} sends them, as text for {@code redis-benchmark}. The one difference: the store
 * sends the fingerprint as its 32 raw bytes, which a command line cannot carry, so the baseline sends 32
 * characters of its hex form (same length, and the scripts only store and compare it).
 */
public final class RedisBaseline {

    private RedisBaseline() {}

    /** {@code claim.lua}'s ARGV: fingerprint, lease (ms), how long an unfinished record is kept (ms). */
    public static List<String> claimArgs() {
        long lease = Workload.LEASE.toMillis();
        return List.of(
                Workload.FINGERPRINT.hex().substring(0, 32),
                Long.toString(lease),
                Long.toString(Math.max(Workload.RETENTION.toMillis(), lease)));
    }

    /**
     * {@code complete.lua}'s ARGV for the first claim of an event (token 1): token, {@code S}, retention (ms),
     * {@code 0} (no dead-letter index needed), HTTP status, then the response's fields {@code rc} and {@code rb}.
     */
    public static List<String> completeArgs() {
        List<String> args = new ArrayList<>(List.of(
                "1",
                RecordStatus.SUCCEEDED.code(),
                Long.toString(Workload.RETENTION.toMillis()),
                "0",
                Integer.toString(Workload.RESPONSE.status())));
        if (Workload.RESPONSE.contentType() != null) {
            args.add("rc");
            args.add(Workload.RESPONSE.contentType());
        }
        args.add("rb");
        args.add(new String(Workload.RESPONSE.body(), StandardCharsets.UTF_8));
        return args;
    }
}
