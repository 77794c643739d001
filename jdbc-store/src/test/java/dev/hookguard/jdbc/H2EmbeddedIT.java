package dev.hookguard.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.junit.jupiter.api.Test;

/** H2 as the embedded default: a file database keeps its records across restarts; the purger runs on a schedule. */
class H2EmbeddedIT {

    private static final EventKey KEY = EventKey.of("h2", "evt_1");

    @Test
    void shouldKeepRecordsWhenFileDatabaseIsReopened() {
        String url = TestDatabase.h2Url();
        JdbcStoreConfig config =
                JdbcStoreConfig.custom().createSchemaIfMissing(true).build();
        try (HikariDataSource first = TestDatabase.pool(url, "sa", "", c -> {})) {
            JdbcIdempotencyStore store = new JdbcIdempotencyStore(first, config);
            long token =
                    ((ClaimOutcome.Acquired) store.claim(KEY, JdbcStoreContract.FP, JdbcStoreContract.POLICY)).token();
            store.complete(KEY, token, Completion.succeeded(StoredResponse.empty(202)), JdbcStoreContract.POLICY);
        }

        try (HikariDataSource reopened = TestDatabase.pool(url, "sa", "", c -> {})) {
            JdbcIdempotencyStore store = new JdbcIdempotencyStore(reopened, config);

            assertThat(store.claim(KEY, JdbcStoreContract.FP, JdbcStoreContract.POLICY))
                    .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, StoredResponse.empty(202)));
        }
    }

    @Test
    void shouldPurgeExpiredRecordsOnScheduleAndSurviveFailedRuns() {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        try (HikariDataSource pool = TestDatabase.pool(TestDatabase.h2Url(), "sa", "", c -> {})) {
            JdbcIdempotencyStore store = new JdbcIdempotencyStore(
                    pool, JdbcStoreConfig.custom().createSchemaIfMissing(true).build());
            IdempotencyPolicy brief = IdempotencyPolicy.from(JdbcStoreContract.SHORT_LEASE)
                    .retention(JdbcStoreContract.SHORT)
                    .build();
            store.claim(KEY, JdbcStoreContract.FP, brief);
            JdbcSchema.drop(pool, JdbcDialect.H2, JdbcStoreConfig.DEFAULT_TABLE_NAME);
            JdbcPurger purger = new JdbcPurger(store);

            purger.schedule(scheduler, Duration.ofMillis(50));
            purger.run();
            JdbcSchema.createIfMissing(pool, JdbcDialect.H2, JdbcStoreConfig.DEFAULT_TABLE_NAME);
            store.claim(KEY, JdbcStoreContract.FP, brief);

            await().atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> TestDatabase.rows(pool, JdbcDialect.H2, JdbcStoreConfig.DEFAULT_TABLE_NAME) == 0);
        } finally {
            scheduler.shutdownNow();
        }
    }
}
