package dev.hookguard.faults;

import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.servlet.HookguardFilter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The receiver that {@link ReceiverKillIT} runs as a process of its own and kills: Jetty with the filter on a Redis
 * store; the handler appends the event id to a ledger file (its side effect, which survives the kill), then works for
 * a while, so that handlers are in flight when the process dies. Prints {@code READY <port>} once it listens.
 *
 * <p>Arguments: the Redis URI, the ledger file, the lease in milliseconds.
 */
public final class ReceiverMain {

    /** How long each handler works after its side effect. */
    static final Duration WORK = Duration.ofMillis(300);

    private ReceiverMain() {}

    public static void main(String[] args) throws Exception {
        RedisStoreConfig config = RedisStoreConfig.custom()
                .keyPrefix("faults")
                .commandTimeout(Duration.ofMillis(500))
                .build();
        RedisIdempotencyStore store = Scenario.connect(() -> RedisStores.standalone(args[0], config));
        Path ledger = Path.of(args[1]);
        Duration lease = Duration.ofMillis(Long.parseLong(args[2]));
        HookguardFilter filter = new HookguardFilter(
                Scenario.config(store, lease, new SimpleMeterRegistry()).build());
        Receiver receiver = Receiver.start(filter, new SideEffectServlet(id -> run(ledger, id)), 0);
        System.out.println("READY " + receiver.base().getPort());
        System.out.flush();
        new CountDownLatch(1).await(); // until killed
    }

    private static void run(Path ledger, String id) throws IOException, InterruptedException {
        try (FileChannel file = FileChannel.open(ledger, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            file.write(ByteBuffer.wrap((id + "\n").getBytes(StandardCharsets.US_ASCII)));
            file.force(false);
        }
        new CountDownLatch(1).await(WORK.toMillis(), TimeUnit.MILLISECONDS); // the rest of the business work
    }
}
