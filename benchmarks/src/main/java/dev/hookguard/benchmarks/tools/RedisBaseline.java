package dev.hookguard.benchmarks.tools;

import dev.hookguard.benchmarks.Workload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.redis.RedisStores;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code RedisIdempotencyStore} sends for one pair of {@link Workload}, as text for {@code redis-benchmark}:
 * the scripts exactly as the store loads them ({@link RedisStores#scriptText}: {@code prelude.lua} + the
 * operation's file) and their {@code ARGV} in the store's layout. The store's pair on one server (standalone,
 * Sentinel) is {@code claim.lua} on the event's hash and its endpoint's open index (the script adds the entry under
 * a random mark), then {@code complete.lua} on the same two keys with the token the claim returned (the script
 * drops the entry). Reported beside the Redis row, never its target (that is the bare job). Two differences:
 * the store sends the fingerprint as its 32 raw bytes, which a command line cannot carry, so the baseline sends 32
 * characters of its hex form (same length, and the scripts only store and compare it); and the mark is a constant
 * (the store draws a random one per claim).
 */
public final class RedisBaseline {

    /** The open-index mark every baseline claim carries. */
    public static final String MARK = "4242424242";

    private RedisBaseline() {}

    /** The assembled text of one of the store's scripts, as {@code SCRIPT LOAD} receives it. */
    public static byte[] script(String resource) {
        return RedisStores.scriptText(resource);
    }

    /**
     * {@code claim.lua}'s ARGV: fingerprint, then in one argument, space-separated, the lease (ms), how long an
     * unfinished record is kept (ms), the mark and the event id {@code member} (the open index's member).
     */
    public static List<String> claimArgs(String member) {
        long lease = Workload.LEASE.toMillis();
        return List.of(
                Workload.FINGERPRINT.hex().substring(0, 32),
                lease + " " + Math.max(Workload.RETENTION.toMillis(), lease) + " " + MARK + " " + member);
    }

    /**
     * {@code complete.lua}'s ARGV for the claim that returned {@code token}: token, {@code S}, retention (ms),
     * {@code 0} (no dead-letter index needed), HTTP status, no error class, the event id {@code member}, no attempt
     * (a first attempt that succeeds logs none) and the attempts kept, then the response's fields {@code rc} and
     * {@code rb}.
     */
    public static List<String> completeArgs(String token, String member) {
        List<String> args = new ArrayList<>(List.of(
                token,
                RecordStatus.SUCCEEDED.code(),
                Long.toString(Workload.RETENTION.toMillis()),
                "0",
                Integer.toString(Workload.RESPONSE.status()),
                "",
                member,
                "",
                Integer.toString(dev.hookguard.core.IdempotencyPolicy.DEFAULT_ATTEMPT_LOG)));
        if (Workload.RESPONSE.contentType() != null) {
            args.add("rc");
            args.add(Workload.RESPONSE.contentType());
        }
        args.add("rb");
        args.add(new String(Workload.RESPONSE.body(), StandardCharsets.UTF_8));
        return args;
    }
}
