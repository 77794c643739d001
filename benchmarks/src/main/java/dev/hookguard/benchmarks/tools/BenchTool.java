package dev.hookguard.benchmarks.tools;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.benchmarks.BenchTable;
import dev.hookguard.benchmarks.PairCheck;
import dev.hookguard.benchmarks.Postgres;
import dev.hookguard.benchmarks.SignatureCpuTime;
import dev.hookguard.benchmarks.filter.FilterServer;
import dev.hookguard.benchmarks.peers.PeerRace;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.WebhookSigner;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The helper commands of {@code benchmarks/run.sh}:
 *
 * <pre>
 * java -cp benchmarks.jar dev.hookguard.benchmarks.tools.BenchTool setup              create the hookguard_bench* tables
 * java -cp benchmarks.jar dev.hookguard.benchmarks.tools.BenchTool teardown           drop them
 * java -cp benchmarks.jar dev.hookguard.benchmarks.tools.BenchTool truncate           empty them
 * java -cp benchmarks.jar dev.hookguard.benchmarks.tools.BenchTool pgbench-script F   write the pgbench script to F
 * java -cp benchmarks.jar dev.hookguard.benchmarks.tools.BenchTool seed               seed the duplicate workload's
 *                                                                                    completed events for pgbench
 * java -cp benchmarks.jar dev.hookguard.benchmarks.tools.BenchTool pgbench-mixed-script F  … and its script (80 %
 *                                                                                    duplicates; after seed)
 * java -cp benchmarks.jar dev.hookguard.benchmarks.tools.BenchTool redis-script NAME F  write the store's script NAME
 *                                                                                    (prelude + claim.lua, …) to F
 * java -cp benchmarks.jar dev.hookguard.benchmarks.tools.BenchTool redis-claim-args ID print claim.lua's ARGV, one a line
 * java -cp benchmarks.jar dev.hookguard.benchmarks.tools.BenchTool redis-complete-args T ID … and complete.lua's
 * java -cp benchmarks.jar dev.hookguard.benchmarks.tools.BenchTool github-signature F print the signature of body F
 * java -cp benchmarks.jar dev.hookguard.benchmarks.tools.BenchTool mac-nanos F        print t_sig: the CPU ns of one
 *                                                                                    prepared HmacSHA256 over body F
 * java -cp benchmarks.jar dev.hookguard.benchmarks.tools.BenchTool peer-race R N      the concurrent-duplicate race of
 *                                                                                    every store and peer (PeerRace)
 * </pre>
 */
public final class BenchTool {

    private BenchTool() {}

    /** Runs one command; see the class comment. */
    public static void main(String[] args) throws IOException, GeneralSecurityException {
        if (args.length == 0) {
            throw new IllegalArgumentException(
                    "name a command: setup, teardown, truncate, pgbench-script FILE, seed, pgbench-mixed-script FILE, "
                            + "redis-script NAME FILE, redis-claim-args ID, redis-complete-args TOKEN ID, github-signature FILE, "
                            + "mac-nanos FILE, peer-race ROUNDS THREADS");
        }
        switch (args[0]) {
            case "setup" ->
                onDatabase(pool -> Arrays.stream(BenchTable.values()).forEach(t -> t.createIfMissing(pool)));
            case "teardown" ->
                onDatabase(pool -> Arrays.stream(BenchTable.values()).forEach(t -> t.drop(pool)));
            case "truncate" ->
                onDatabase(pool -> Arrays.stream(BenchTable.values()).forEach(t -> t.truncate(pool)));
            case "pgbench-script" -> {
                Path file = Path.of(argument(args));
                onDatabase(pool -> write(file, PgbenchScript.capture(pool)));
            }
            case "seed" ->
                onDatabase(pool -> PairCheck.seed(
                        new JdbcIdempotencyStore(
                                pool,
                                JdbcStoreConfig.custom()
                                        .tableName(BenchTable.HOOKGUARD.tableName())
                                        .dialect(JdbcDialect.POSTGRESQL)
                                        .build()),
                        PgbenchScript.DUPLICATES));
            case "pgbench-mixed-script" -> {
                Path file = Path.of(argument(args));
                onDatabase(pool -> write(file, PgbenchScript.captureMixed(pool)));
            }
            case "redis-script" -> {
                if (args.length < 3) {
                    throw new IllegalArgumentException("redis-script needs a script name and a file name");
                }
                Files.write(Path.of(args[2]), RedisBaseline.script(args[1]));
            }
            case "redis-claim-args" -> print(RedisBaseline.claimArgs(argument(args)));
            case "redis-complete-args" -> {
                if (args.length < 3) {
                    throw new IllegalArgumentException("redis-complete-args needs a token and an event id");
                }
                print(RedisBaseline.completeArgs(args[1], args[2]));
            }
            case "peer-race" -> {
                if (args.length < 3) {
                    throw new IllegalArgumentException("peer-race needs a number of rounds and of threads");
                }
                PeerRace.run(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
            }
            case "mac-nanos" ->
                System.out.printf(
                        Locale.ROOT,
                        "%.0f%n",
                        SignatureCpuTime.preparedMacNanos(Files.readAllBytes(Path.of(argument(args))), 15, 20_000));
            case "github-signature" -> System.out.println(githubSignature(Files.readAllBytes(Path.of(argument(args)))));
            default -> throw new IllegalArgumentException("unknown command " + args[0]);
        }
    }

    /** The value of {@code X-Hub-Signature-256} for this body under {@link FilterServer#SECRET}. */
    static String githubSignature(byte[] body) {
        Headers headers = WebhookSigner.of(Scheme.GITHUB, FilterServer.SECRET).sign("unused", Instant.now(), body);
        return headers.first("X-Hub-Signature-256")
                .orElseThrow(() -> new IllegalStateException("the GitHub signer wrote no X-Hub-Signature-256"));
    }

    private static String argument(String[] args) {
        if (args.length < 2) {
            throw new IllegalArgumentException(args[0] + " needs an argument");
        }
        return args[1];
    }

    private interface DatabaseWork {
        void run(HikariDataSource pool);
    }

    private static void onDatabase(DatabaseWork work) {
        try (HikariDataSource pool = Postgres.pool(1)) {
            work.run(pool);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + file, e);
        }
    }

    private static void print(List<String> lines) {
        lines.forEach(System.out::println);
    }
}
