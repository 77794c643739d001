package dev.hookguard.faults;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.ForwardingRecoveryStore;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.servlet.HookguardFilter;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * The receiver that {@link ColdStartIT} starts in a fresh JVM: async intake on PostgreSQL with the default store
 * timeout (1 s) and a pool as an application configures it by default (HikariCP, 10 connections); the store is warmed
 * at start-up unless told not to, to compare. Prints {@code READY <port>} once it listens.
 *
 * <p>Arguments: the JDBC URL, the port, {@code warm} or {@code cold}.
 */
public final class ColdStartMain {

    private ColdStartMain() {}

    public static void main(String[] args) throws Exception {
        HikariDataSource pool = new HikariDataSource();
        pool.setJdbcUrl(args[0]);
        pool.setUsername("postgres");
        RecoveryStore jdbc = new JdbcIdempotencyStore(pool, JdbcStoreConfig.ofDefaults());
        RecoveryStore store = "warm".equals(args[2])
                ? jdbc
                : new ForwardingRecoveryStore(jdbc) {
                    @Override
                    public void warmUp() {
                        // as before the warm-up existed
                    }
                };
        int port = Integer.parseInt(args[1]);
        HookguardFilter filter = new HookguardFilter(Scenario.asyncConfig(
                        store,
                        Duration.ofSeconds(30),
                        new SimpleMeterRegistry(),
                        Scenario.dispatcher(URI.create("http://127.0.0.1:" + port), Duration.ofSeconds(10)))
                .storeTimeout(Duration.ofSeconds(1)) // the default, which the first deliveries of a cold store met
                .build());
        Receiver receiver = Receiver.start(filter, new SideEffectServlet(id -> {}), port);
        System.out.println("READY " + receiver.base().getPort());
        System.out.flush();
        new CountDownLatch(1).await(); // until killed
    }
}
