package dev.hookguard.faults;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.servlet.DispatcherConfig;
import dev.hookguard.servlet.HookguardFilter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The receiver that {@link SyncReceiverKillIT} runs as a process of its own and kills with handlers in flight: Jetty
 * with the filter in sync intake on an endpoint with receiver retries ({@link Scenario#receiverRetriesConfig}), on a
 * Redis or PostgreSQL store, and its dispatcher, told this node's address at start-up; the handler appends the event
 * id to a ledger (its side effect, which survives the kill), then works for {@link #WORK}. Prints {@code READY <port>}
 * once it listens.
 *
 * <p>Arguments: {@code redis} or {@code postgres}, the store's URI (Redis URI or JDBC URL), the ledger file, the port,
 * the lease in milliseconds.
 */
public final class SyncReceiverMain {

    /** How long each handler works after its side effect: long enough that every one is in flight at the kill. */
    static final Duration WORK = Duration.ofSeconds(2);

    private SyncReceiverMain() {}

    public static void main(String[] args) throws Exception {
        IdempotencyStore store = "postgres".equals(args[0]) ? postgres(args[1]) : ReceiverMain.redis(args[1]);
        Ledger ledger = new Ledger(Path.of(args[2]));
        int port = Integer.parseInt(args[3]);
        Duration lease = Duration.ofMillis(Long.parseLong(args[4]));
        HookguardFilter filter = new HookguardFilter(Scenario.receiverRetriesConfig(
                        store,
                        lease,
                        new SimpleMeterRegistry(),
                        DispatcherConfig.from(Scenario.dispatcher(
                                        URI.create("http://127.0.0.1:" + port), Duration.ofSeconds(10)))
                                .workers(SyncReceiverKillIT.EVENTS)
                                .maxInFlight(SyncReceiverKillIT.EVENTS) // every record left behind at once
                                .build())
                .build());
        Receiver receiver = Receiver.start(filter, new SideEffectServlet(id -> run(ledger, id)), port);
        System.out.println("READY " + receiver.base().getPort());
        System.out.flush();
        new CountDownLatch(1).await(); // until killed
    }

    private static void run(Ledger ledger, String id) throws Exception {
        ledger.append(id);
        new CountDownLatch(1).await(WORK.toMillis(), TimeUnit.MILLISECONDS); // the rest of the work
    }

    private static IdempotencyStore postgres(String url) {
        HikariDataSource pool = new HikariDataSource();
        pool.setJdbcUrl(url);
        pool.setUsername("postgres");
        pool.setMaximumPoolSize(24);
        pool.setInitializationFailTimeout(-1);
        return Scenario.connect(() -> new JdbcIdempotencyStore(
                pool, JdbcStoreConfig.custom().createSchemaIfMissing(true).build()));
    }
}
