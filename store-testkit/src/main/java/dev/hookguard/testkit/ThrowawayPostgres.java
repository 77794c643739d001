package dev.hookguard.testkit;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
        ThrowawayPostgres postgres = new ThrowawayPostgres(bin, serverDirectory(), ThrowawayRedis.sparePort());
        postgres.runServerTool(
                "initdb", "-D", postgres.data(), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync");
        postgres.startServer();
        return postgres;
    }

    public String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    /** The port it listens on, on 127.0.0.1. */
    public int port() {
        return port;
    }

    /**
     * A streaming standby of this server, started: a base backup taken with {@code pg_basebackup -R} (which writes the
     * standby signal and the connection to this server) into a temporary directory of its own, on a spare port. It
     * takes the settings this server had when the backup was taken (the configuration files are copied).
     */
    public ThrowawayPostgres standby() throws IOException, InterruptedException {
        return standby(port);
    }

    /**
     * A streaming standby as {@link #standby()}, that reaches this server at {@code replicationPort} on 127.0.0.1: its
     * own port, or a proxy's that forwards to it (to give the replication a lag of the test's choosing).
     */
    public ThrowawayPostgres standby(int replicationPort) throws IOException, InterruptedException {
        ThrowawayPostgres standby = new ThrowawayPostgres(bin, serverDirectory(), ThrowawayRedis.sparePort());
        standby.runServerTool(
                "pg_basebackup",
                "-h",
                "127.0.0.1",
                "-p",
                Integer.toString(replicationPort),
                "-U",
                "postgres",
                "-D",
                standby.data(),
                "-R",
                "-X",
                "stream",
                "-c",
                "fast",
                "--no-sync");
        standby.startServer();
        return standby;
    }

    /** Promotes this standby to a primary ({@code pg_ctl promote}) and waits until it accepts writes. */
    public void promote() throws IOException, InterruptedException {
        runServerTool("pg_ctl", "-D", data(), "-w", "-t", "60", "promote");
    }

    /**
     * Kills every process of the server with {@code SIGKILL}: what the death of its machine looks like (no shutdown,
     * no checkpoint, no goodbye to clients, open connections reset). The postmaster is stopped ({@code SIGSTOP}) first,
     * so that it forks no process that the kill would miss and restarts none.
     */
    public void kill() throws IOException, InterruptedException {
        long pid = Long.parseLong(Files.readAllLines(Path.of(data(), "postmaster.pid"), StandardCharsets.US_ASCII)
                .get(0)
                .trim());
        ProcessHandle postmaster = ProcessHandle.of(pid)
                .orElseThrow(() -> new IllegalStateException("no postmaster with pid " + pid + " in " + dir));
        run(List.of("kill", "-STOP", Long.toString(pid)));
        List<ProcessHandle> children = postmaster.descendants().toList();
        children.forEach(ProcessHandle::destroyForcibly);
        postmaster.destroyForcibly();
        for (ProcessHandle process : children) {
            awaitExit(process);
        }
        awaitExit(postmaster);
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
     * next start runs crash recovery), as the issue's outage did.
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

    private static void awaitExit(ProcessHandle process) throws InterruptedException {
        try {
            process.onExit().get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("process " + process.pid() + " did not exit after SIGKILL", e);
        }
    }

    /** A new temporary directory for a server's files, owned by the user the server runs as. */
    private static Path serverDirectory() throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory("hookguard-pg-");
        if (isRoot()) {
            run(List.of("chown", "postgres:postgres", dir.toString()));
        }
        return dir;
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
