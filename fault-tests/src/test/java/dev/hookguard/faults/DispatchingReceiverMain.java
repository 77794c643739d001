package dev.hookguard.faults;

import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.servlet.HookguardFilter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The receiver that {@link DispatcherKillIT} runs as a process of its own and kills mid-dispatch: Jetty with the
 * filter in async intake on a Redis store, and its dispatcher; the handler appends the event id to a ledger (its side
 * effect, which survives the kill), then works for {@link ReceiverMain#WORK}, so that dispatches are in flight when
 * the process dies. Prints {@code READY <port>} once it listens.
 *
 * <p>Arguments: the Redis URI, the ledger file, the port, then the dispatcher's settings as {@link
 * Scenario#dispatcher} takes them.
 */
public final class DispatchingReceiverMain {

    private DispatchingReceiverMain() {}

    public static void main(String[] args) throws Exception {
        RedisStoreConfig config = RedisStoreConfig.custom()
                .keyPrefix("faults")
                .commandTimeout(Duration.ofMillis(500))
                .build();
        RedisIdempotencyStore store = Scenario.connect(() -> RedisStores.standalone(args[0], config));
        Ledger ledger = new Ledger(Path.of(args[1]));
        int port = Integer.parseInt(args[2]);
        Duration lease = Duration.ofMillis(Long.parseLong(args[3]));
        Duration window = Duration.ofMillis(Long.parseLong(args[4]));
        HookguardFilter filter = new HookguardFilter(Scenario.asyncConfig(
                        store,
                        lease,
                        new SimpleMeterRegistry(),
                        Scenario.dispatcher(URI.create("http://127.0.0.1:" + port), window))
                .build());
        Receiver receiver = Receiver.start(filter, new SideEffectServlet(id -> run(ledger, id)), port);
        System.out.println("READY " + receiver.base().getPort());
        System.out.flush();
        new CountDownLatch(1).await(); // until killed
    }

    static void run(Ledger ledger, String id) throws Exception {
        ledger.append(id);
        new CountDownLatch(1).await(ReceiverMain.WORK.toMillis(), TimeUnit.MILLISECONDS); // the rest of the work
    }
}
