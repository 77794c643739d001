package dev.hookguard.faults;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A TCP proxy on 127.0.0.1 that the test owns, between a store and its server: requests pass at once, every reply
 * reaches the client {@code delay} late (in order), as from a slow or distant server. When the server's side closes,
 * the client's is closed at once: replies still held back are dropped, as bytes in flight are when a server's machine
 * dies.
 */
final class DelayingProxy implements AutoCloseable {

    private final ServerSocket server;
    private final int upstreamPort;
    private final Duration delay;
    private final ExecutorService threads = Executors.newCachedThreadPool(DelayingProxy::daemon);

    DelayingProxy(int upstreamPort, Duration delay) throws IOException {
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.upstreamPort = upstreamPort;
        this.delay = delay;
        threads.execute(this::accept);
    }

    int port() {
        return server.getLocalPort();
    }

    String uri() {
        return "redis://127.0.0.1:" + server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket(InetAddress.getLoopbackAddress(), upstreamPort);
                ScheduledExecutorService replies = Executors.newSingleThreadScheduledExecutor(DelayingProxy::daemon);
                threads.execute(() -> pipe(client, upstream, null));
                threads.execute(() -> pipe(upstream, client, replies));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    /** Copies {@code from} to {@code to}, each chunk {@link #delay} late when {@code later} is given. */
    private void pipe(Socket from, Socket to, ScheduledExecutorService later) {
        try (from;
                to) {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            byte[] buffer = new byte[16 * 1024];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                byte[] chunk = Arrays.copyOf(buffer, n);
                if (later == null) {
                    out.write(chunk);
                    out.flush();
                } else {
                    later.schedule(() -> write(out, chunk), delay.toMillis(), TimeUnit.MILLISECONDS);
                }
            }
        } catch (IOException e) {
            // one side went away; closing both ends the connection
        } finally {
            if (later != null) {
                later.shutdown();
            }
        }
    }

    private static void write(OutputStream out, byte[] chunk) {
        try {
            out.write(chunk);
            out.flush();
        } catch (IOException e) {
            // the client went away
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        threads.shutdownNow();
    }

    private static Thread daemon(Runnable task) {
        Thread thread = new Thread(task, "delaying-proxy");
        thread.setDaemon(true);
        return thread;
    }
}
