package dev.hookguard.redis;

import static org.awaitility.Awaitility.await;

import dev.hookguard.testkit.TestServices;
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

/**
 * A {@code redis-server} process of a test's own, on a spare port of 127.0.0.1, for tests that stop, pause
 * or reconfigure Redis: the shared servers are never touched. Skips the test (fails it with {@code CI=true})
 * when {@code redis-server} is not on the PATH.
 */
final class ThrowawayRedis implements AutoCloseable {

    private final int port;
    private final List<String> extraArgs;
    private final Path dir;
    private Process process;

    private ThrowawayRedis(int port, Path dir, List<String> extraArgs) {
        this.port = port;
        this.dir = dir;
        this.extraArgs = extraArgs;
    }

    /** Starts a server without persistence on a spare port. */
    static ThrowawayRedis start() throws IOException {
        return start(List.of());
    }

    /** Starts a server with these extra arguments (a config file first, if any). */
    static ThrowawayRedis start(List<String> extraArgs) throws IOException {
        requireRedisServer();
        ThrowawayRedis redis = new ThrowawayRedis(sparePort(), Files.createTempDirectory("hookguard-redis"), extraArgs);
        redis.startAgain();
        return redis;
    }

    int port() {
        return port;
    }

    Path dir() {
        return dir;
    }

    String uri() {
        return "redis://127.0.0.1:" + port;
    }

    /** Starts the process (again, on the same port) and waits until it answers PING. */
    void startAgain() throws IOException {
        List<String> command = new ArrayList<>(List.of("redis-server"));
        command.addAll(extraArgs);
        command.addAll(List.of(
                "--port", Integer.toString(port),
                "--bind", "127.0.0.1",
                "--save", "",
                "--appendonly", "no",
                "--dir", dir.toString()));
        process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("redis.log").toFile())
                .start();
        await().atMost(Duration.ofSeconds(20)).until(this::answersPing);
    }

    /** Kills the process at once, as a crash would, and waits until it is gone. */
    void stop() {
        process.destroyForcibly();
        try {
            process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while stopping redis-server", e);
        }
        await().atMost(Duration.ofSeconds(20)).until(() -> !answersPing());
    }

    @Override
    public void close() {
        if (process != null && process.isAlive()) {
            stop();
        }
        File[] files = dir.toFile().listFiles();
        if (files != null) {
            for (File file : files) {
                file.delete();
            }
        }
        dir.toFile().delete();
    }

    /** Sends one inline command and returns the first line of the reply. */
    String send(String command) throws IOException {
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

    private static int sparePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
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
