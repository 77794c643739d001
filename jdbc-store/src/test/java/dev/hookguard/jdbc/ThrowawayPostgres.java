package dev.hookguard.jdbc;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Assumptions;

/**
 * A PostgreSQL cluster of this test's own, in a temporary directory on a free port, that the test may stop and start:
 * the shared server on 5432 is never touched. Made with the installed server binaries ({@code initdb}, {@code
 * pg_ctl}); PostgreSQL refuses to run as root, so as root they run as the {@code postgres} user via {@code runuser}.
 */
final class ThrowawayPostgres implements AutoCloseable {

    private final Path bin;
    private final Path dir;
    private final int port;

    private ThrowawayPostgres(Path bin, Path dir, int port) {
        this.bin = bin;
        this.dir = dir;
        this.port = port;
    }

    /** A new, started cluster; skips the test (fails it with {@code CI=true}) when no server binaries are installed. */
    static ThrowawayPostgres start() throws IOException, InterruptedException {
        Path bin = serverBinaries();
        if (bin == null) {
            String message = "no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                throw new IllegalStateException(message + " (CI=true: a missing service is a failure)");
            }
            Assumptions.abort(message + "; skipping");
        }
        Path dir = Files.createTempDirectory("hookguard-pg-");
        ThrowawayPostgres postgres = new ThrowawayPostgres(bin, dir, freePort());
        if (isRoot()) {
            run(List.of("chown", "postgres:postgres", dir.toString()));
        }
        postgres.runServerTool(
                "initdb", "-D", postgres.data(), "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync");
        postgres.startServer();
        return postgres;
    }

    String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
    }

    /** Starts the stopped server and waits until it accepts connections. */
    void startServer() throws IOException, InterruptedException {
        String options = "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c fsync=off";
        runServerTool("pg_ctl", "-D", data(), "-l", dir.resolve("server.log").toString(), "-o", options, "-w", "start");
    }

    /** Stops the server as an operator's restart would ({@code pg_ctl stop -m fast}): sessions are cut. */
    void stopServer() throws IOException, InterruptedException {
        runServerTool("pg_ctl", "-D", data(), "-m", "fast", "-w", "stop");
    }

    /** Stops the server at once and deletes the cluster. */
    @Override
    public void close() throws IOException {
        try {
            runServerTool("pg_ctl", "-D", data(), "-m", "immediate", "-w", "stop");
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

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
