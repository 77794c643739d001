package dev.hookguard.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A PostgreSQL cluster of a test's own, in a temporary directory on a spare port of 127.0.0.1, that the test may
 * crash and restart: the shared server is never touched. Made with the installed server binaries ({@code initdb},
 * {@code pg_ctl}); PostgreSQL refuses to run as root, so as root they run as the {@code postgres} user via {@code
 * runuser}. Skips the test (fails it with {@code CI=true}) when no server binaries are installed.
 */
public final class ThrowawayPostgres implements AutoCloseable {

    private final Path bin;
    private final Path dir;
    private final int port;

    private ThrowawayPostgres(Path bin, Path dir, int port) {
        this.bin = bin;
        this.dir = dir;
        this.port = port;
    }

    /** A new, started cluster with a {@code postgres} superuser that needs no password. */
    public static ThrowawayPostgres start() throws IOException, InterruptedException {
        Path bin = serverBinaries();
        if (bin == null) {
            TestServices.missing("PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql");
            throw new IllegalStateException("unreachable");
        }
        Path dir = Files.createTempDirectory("hookguard-pg-");
        ThrowawayPostgres postgres = new ThrowawayPostgres(bin, dir, ThrowawayRedis.sparePort());
        if (isRoot()) {
            run(List.of("chown", "postgres:postgres", dir.toString()));
        }
        postgres.runServerTool(
                "initdb", "-D", postgres.data(), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync");
        postgres.startServer();
        return postgres;
    }

    public String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    /** Starts the stopped (or crashed) server and waits until it accepts connections. */
    public void startServer() throws IOException, InterruptedException {
        String options = "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c fsync=off";
        runServerTool("pg_ctl", "-D", data(), "-l", dir.resolve("server.log").toString(), "-o", options, "-w", "start");
    }

    /** Stops the server cleanly ({@code pg_ctl stop -m fast}), as an operator's restart does. */
    public void stopServer() throws IOException, InterruptedException {
        runServerTool("pg_ctl", "-D", data(), "-m", "fast", "-w", "stop");
    }

    /**
     * Crashes the server ({@code pg_ctl stop -m immediate}: every process quits at once, without a checkpoint, so the
     * next start runs crash recovery), as the outage did.
     */
    public void crash() throws IOException, InterruptedException {
        runServerTool("pg_ctl", "-D", data(), "-m", "immediate", "-w", "stop");
    }

    /** Stops the server at once and deletes the cluster. */
    @Override
    public void close() throws IOException {
        try {
            crash();
        } catch (IllegalStateException alreadyStopped) {
            // nothing to stop
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }

    private String data() {
        return dir.resolve("data").toString();
    }

    private void runServerTool(String tool, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        if (isRoot()) {
            command.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        command.add(bin.resolve(tool).toString());
        command.addAll(List.of(args));
        run(command);
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(120, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " failed:\n" + output);
        }
    }

    private static @Nullable Path serverBinaries() throws IOException {
        Path root = Path.of("/usr/lib/postgresql");
        if (!Files.isDirectory(root)) {
            return null;
        }
        try (Stream<Path> versions = Files.list(root)) {
            return versions.map(v -> v.resolve("bin"))
                    .filter(b -> Files.isExecutable(b.resolve("initdb")) && Files.isExecutable(b.resolve("pg_ctl")))
                    .max(Comparator.comparing(ThrowawayPostgres::majorVersion))
                    .orElse(null);
        }
    }

    private static int majorVersion(Path bin) {
        try {
            return Integer.parseInt(bin.getParent().getFileName().toString());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }
}
