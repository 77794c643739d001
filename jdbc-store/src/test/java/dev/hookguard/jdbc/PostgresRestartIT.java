package dev.hookguard.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.testkit.ThrowawayPostgres;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL restarted while claims run: every call during the outage fails fast with {@link
 * StoreUnavailableException} (never another exception, never a hang), and the store recovers by itself once the
 * server is back, with every acknowledged claim still there. Runs on a cluster of its own ({@link ThrowawayPostgres}).
 */
class PostgresRestartIT {

    private static final Duration HANG_GUARD = Duration.ofSeconds(30);

    private static ThrowawayPostgres postgres;
    private static HikariDataSource pool;
    private static JdbcIdempotencyStore store;

    @BeforeAll
    static void startCluster() throws Exception {
        postgres = ThrowawayPostgres.start();
        pool = TestDatabase.pool(postgres.url(), "postgres", "", c -> {
            c.setMaximumPoolSize(4);
            c.setConnectionTimeout(1000);
            c.setValidationTimeout(500);
        });
        store = new JdbcIdempotencyStore(
                pool, JdbcStoreConfig.custom().createSchemaIfMissing(true).build());
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (pool != null) {
            pool.close();
        }
        if (postgres != null) {
            postgres.close();
        }
    }

    @Test
    void shouldReportStoreUnavailableDuringRestartAndRecoverAfterwards() throws Exception {
        ClaimOutcome.Acquired held =
                (ClaimOutcome.Acquired) store.claim(key("held"), JdbcStoreContract.FP, JdbcStoreContract.POLICY);
        ClaimLoop loop = new ClaimLoop();
        Thread worker = new Thread(loop::run, "claims-during-restart");
        worker.start();
        try {
            await().atMost(HANG_GUARD).until(() -> loop.acquired.size() >= 20);

            postgres.stopServer();
            await().atMost(HANG_GUARD).until(() -> loop.unavailable.get() >= 1);
            assertTimeoutPreemptively(
                    HANG_GUARD,
                    () -> assertThatThrownBy(() -> store.find(key("held")))
                            .isInstanceOf(StoreUnavailableException.class));
            int acquiredBeforeRestart = loop.acquired.size();

            postgres.startServer();
            await().atMost(Duration.ofSeconds(60)).until(() -> loop.acquired.size() > acquiredBeforeRestart + 20);
        } finally {
            loop.stop.set(true);
            worker.join(HANG_GUARD.toMillis());
        }

        assertThat(loop.failures).isEmpty();
        assertThat(loop.acquired).allMatch(k -> store.find(k).isPresent());
        assertThat(store.complete(
                        key("held"),
                        held.token(),
                        Completion.succeeded(StoredResponse.empty(200)),
                        JdbcStoreContract.POLICY))
                .isEqualTo(new WriteOutcome.Recorded(RecordStatus.SUCCEEDED));
    }

    private static EventKey key(String id) {
        return EventKey.of("restart", id);
    }

    /** Claims new events one after another until stopped, sorting what happens. Bounded by count. */
    private static final class ClaimLoop {
        final AtomicBoolean stop = new AtomicBoolean();
        final List<EventKey> acquired = new CopyOnWriteArrayList<>();
        final AtomicInteger unavailable = new AtomicInteger();
        final List<Throwable> failures = new CopyOnWriteArrayList<>();

        void run() {
            for (int i = 0; i < 100_000 && !stop.get(); i++) {
                EventKey key = key("e" + i);
                try {
                    if (store.claim(key, JdbcStoreContract.FP, JdbcStoreContract.POLICY)
                            instanceof ClaimOutcome.Acquired) {
                        acquired.add(key);
                    }
                } catch (StoreUnavailableException e) {
                    unavailable.incrementAndGet();
                } catch (RuntimeException e) {
                    failures.add(e);
                }
            }
        }
    }
}
