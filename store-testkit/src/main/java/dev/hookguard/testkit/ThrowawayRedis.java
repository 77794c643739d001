package dev.hookguard.testkit;

import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A {@code redis-server} process of a test's own, on a spare port of 127.0.0.1, for tests that kill, pause or
 * restart Redis: the shared servers are never touched. {@link #durable()} keeps every acknowledged write across a
 * {@code kill -9} (append-only file, fsync on every write), as a production Redis that promises durability does.
 * Skips the test (fails it with {@code CI=true}) when {@code redis-server} is not on the PATH.
 */
public final class ThrowawayRedis implements AutoCloseable {

    private static final java.util.Set<Integer> HANDED_OUT = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private final int port;
    private final Path dir;
    private final List<String> config;
    private final List<String> args;
    private @Nullable Process process;

    private ThrowawayRedis(int port, Path dir, List<String> config, List<String> args) {
        this.port = port;
        this.dir = dir;
        this.config = config;
        this.args = args;
    }

    /** A server without persistence. */
    public static ThrowawayRedis start() throws IOException {
        return start(List.of("--save", "", "--appendonly", "no"));
    }

    /** A server that loses no acknowledged write when killed: {@code appendonly yes}, {@code appendfsync always}. */
    public static ThrowawayRedis durable() throws IOException {
        return start(List.of("--save", "", "--appendonly", "yes", "--appendfsync", "always"));
    }

    /** A server started with these arguments ({@code --appendonly yes}, {@code --min-replicas-to-write 1}, …). */
    public static ThrowawayRedis withArgs(List<String> args) throws IOException {
        return start(args);
    }

    /** A replica of {@code primary} ({@code --replicaof}), without persistence, plus these arguments. */
    public static ThrowawayRedis replicaOf(ThrowawayRedis primary, List<String> args) throws IOException {
        List<String> all = new ArrayList<>(List.of(
                "--save", "", "--appendonly", "no", "--replicaof", "127.0.0.1", Integer.toString(primary.port())));
        all.addAll(args);
        return start(all);
    }

    /** A Sentinel ({@code redis-server <configFile> --sentinel}) reading this configuration file. */
    public static ThrowawayRedis sentinel(Path configFile) throws IOException {
        return start(List.of(configFile.toString()), List.of("--sentinel"));
    }

    private static ThrowawayRedis start(List<String> persistence) throws IOException {
        return start(List.of(), persistence);
    }

    private static ThrowawayRedis start(List<String> config, List<String> args) throws IOException {
        requireRedisServer();
        ThrowawayRedis redis =
                new ThrowawayRedis(sparePort(), Files.createTempDirectory("hookguard-redis"), config, args);
        redis.startAgain();
        return redis;
    }

    /** The port it listens on, at 127.0.0.1. */
    public int port() {
        return port;
    }

    /** Its {@code redis://127.0.0.1:port} URI. */
    public String uri() {
        return "redis://127.0.0.1:" + port;
    }

    /** Starts the process (again, on the same port and data directory) and waits until it answers PING. */
    public void startAgain() throws IOException {
        startAgain(List.of());
    }

    /**
     * Starts the process again as a replica of {@code primary} ({@code --replicaof}), as an operator (or a Sentinel-aware
     * start script) brings back a failed primary without persistence: started as the primary it was, it would come
     * back empty, and a replica that resyncs from it would empty itself too (the hazard Redis's replication
     * documentation warns about).
     */
    public void startAgainAsReplicaOf(ThrowawayRedis primary) throws IOException {
        startAgain(List.of("--replicaof", "127.0.0.1", Integer.toString(primary.port())));
    }

    private void startAgain(List<String> more) throws IOException {
        List<String> command = new ArrayList<>(List.of("redis-server"));
        command.addAll(config); // a configuration file must come first
        command.addAll(List.of("--port", Integer.toString(port), "--bind", "127.0.0.1", "--dir", dir.toString()));
        command.addAll(args);
        command.addAll(more);
        process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(
                        dir.resolve("redis.log").toFile()))
                .start();
        try {
            await().atMost(Duration.ofSeconds(20)).until(this::answersPing);
        } catch (org.awaitility.core.ConditionTimeoutException e) {
            throw new IllegalStateException(
                    "redis-server on port " + port + " did not answer PING within 20 s"
                            + (process.isAlive() ? "" : " (it exited)") + "; its log ends: " + logTail(),
                    e);
        }
    }

    /** The last lines of the server's log, for a failure message. */
    private String logTail() {
        try {
            List<String> lines = Files.readAllLines(dir.resolve("redis.log"));
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    /** Kills the process at once ({@code SIGKILL}), as a crash would, and waits until it is gone. */
    public void kill() {
        Process running = process;
        if (running == null) {
            return;
        }
        running.destroyForcibly();
        try {
            running.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while killing redis-server", e);
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> !answersPing());
    }

    /** Stops the process ({@code SIGSTOP}), as a long pause or a partition looks to its peers; {@link #resume()} ends it. */
    public void pause() {
        signal("STOP");
    }

    /** Lets a {@link #pause() paused} process go on ({@code SIGCONT}). */
    public void resume() {
        signal("CONT");
    }

    /** True while the process runs (paused or not). */
    public boolean alive() {
        Process running = process;
        return running != null && running.isAlive();
    }

    private void signal(String name) {
        Process running = process;
        if (running == null || !running.isAlive()) {
            throw new IllegalStateException("redis-server on port " + port + " is not running");
        }
        try {
            Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(running.pid()))
                    .redirectErrorStream(true)
                    .start();
            kill.getInputStream().readAllBytes();
            if (kill.waitFor() != 0) {
                throw new IllegalStateException("kill -" + name + " " + running.pid() + " failed");
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot send SIG" + name + " to redis-server", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while sending SIG" + name, e);
        }
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            kill();
        }
        deleteTree(dir.toFile());
    }

    /** Sends one inline command and returns the first line of the reply. */
    public String send(String command) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            socket.setSoTimeout(2000);
            OutputStream out = socket.getOutputStream();
            out.write((command + "\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int c = in.read(); c != -1 && c != '\n'; c = in.read()) {
                line.append((char) c);
            }
            return line.toString().trim();
        }
    }

    private boolean answersPing() {
        try {
            return "+PONG".equals(send("PING"));
        } catch (IOException e) {
            return false;
        }
    }

    private static void deleteTree(File file) {
        File[] children = file.listFiles();
        if (children != null) {
            for (File child : children) {
                deleteTree(child);
            }
        }
        file.delete();
    }

    /**
     * A free port of 127.0.0.1 that no caller in this JVM was handed before, so that tests running at the same time
     * never pick the same port, even one whose server is down for a restart.
     */
    public static int sparePort() throws IOException {
        for (int tries = 0; tries < 100; tries++) {
            try (ServerSocket socket = new ServerSocket(0)) {
                if (HANDED_OUT.add(socket.getLocalPort())) {
                    return socket.getLocalPort();
                }
            }
        }
        throw new IOException("no spare port found in 100 tries");
    }

    private static void requireRedisServer() {
        try {
            Process version = new ProcessBuilder("redis-server", "--version")
                    .redirectErrorStream(true)
                    .start();
            version.getInputStream().readAllBytes();
            if (version.waitFor() == 0) {
                return;
            }
        } catch (IOException e) {
            // not on the PATH
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        TestServices.missing("redis-server on PATH");
    }
}
