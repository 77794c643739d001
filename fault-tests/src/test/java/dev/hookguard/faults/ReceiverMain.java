package dev.hookguard.faults;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.redis.RedisStores;
import dev.hookguard.servlet.HookguardFilter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The receiver that {@link ReceiverKillIT} and {@link PostgresFailoverIT} run as a process of their own: Jetty with the
 * filter on a Redis store or a PostgreSQL store; the handler appends the event id to a ledger (its side effect, which
 * survives a kill), then works for a while, so that handlers are in flight at a fault. Prints {@code READY <port>} once
 * it listens.
 *
 * <p>Arguments: the Redis URI or the JDBC URL, the ledger file, the lease in milliseconds.
 */
public final class ReceiverMain {

    /** How long each handler works after its side effect. */
    static final Duration WORK = Duration.ofMillis(300);

    private ReceiverMain() {}

    public static void main(String[] args) throws Exception {
        IdempotencyStore store = args[0].startsWith("jdbc:") ? postgres(args[0]) : redis(args[0]);
        Ledger ledger = new Ledger(Path.of(args[1]));
        Duration lease = Duration.ofMillis(Long.parseLong(args[2]));
        HookguardFilter filter = new HookguardFilter(
                Scenario.config(store, lease, new SimpleMeterRegistry()).build());
        Receiver receiver = Receiver.start(filter, new SideEffectServlet(id -> run(ledger, id)), 0);
        System.out.println("READY " + receiver.base().getPort());
        System.out.flush();
        new CountDownLatch(1).await(); // until killed
    }

    private static void run(Ledger ledger, String id) throws Exception {
        ledger.append(id);
        new CountDownLatch(1).await(WORK.toMillis(), TimeUnit.MILLISECONDS); // the rest of the business work
    }

    /** The Redis store the receivers of the suite use (key prefix {@code faults}, 500 ms command timeout). */
    static IdempotencyStore redis(String uri) {
        RedisStoreConfig config = RedisStoreConfig.custom()
                .keyPrefix("faults")
                .commandTimeout(Duration.ofMillis(500))
                .build();
        return Scenario.connect(() -> RedisStores.standalone(uri, config));
    }

    private static IdempotencyStore postgres(String url) {
        HikariDataSource pool = Scenario.failoverPool(url, 24);
        return Scenario.connect(() -> new JdbcIdempotencyStore(pool, JdbcStoreConfig.ofDefaults()));
    }
}
