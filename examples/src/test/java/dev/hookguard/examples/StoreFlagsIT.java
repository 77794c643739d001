package dev.hookguard.examples;

import static dev.hookguard.examples.sender.StormHarness.SECRETS;

import dev.hookguard.examples.receiver.DemoStore;
import dev.hookguard.examples.receiver.Receiver;
import dev.hookguard.examples.receiver.StoreKind;
import dev.hookguard.examples.receiver.StoreSettings;
import dev.hookguard.examples.sender.StormConfig;
import dev.hookguard.examples.sender.StormHarness;
import dev.hookguard.examples.sender.StormPlan;
import dev.hookguard.testkit.TestServices;
import io.lettuce.core.KeyScanCursor;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanCursor;
import io.lettuce.core.api.StatefulRedisConnection;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The demo's {@code --store=redis} and {@code --store=postgres}: the same storm, with the same exact counts,
 * on the shared Redis and PostgreSQL (from {@code HOOKGUARD_REDIS_URI} / {@code HOOKGUARD_JDBC_URL}, else
 * Testcontainers, else skipped). Each run has its own key prefix or table, and removes it afterwards.
 */
class StoreFlagsIT {

    private static final String RUN = Long.toString(System.nanoTime(), 36).toLowerCase(Locale.ROOT);

    @Test
    void shouldRunTheStormOnRedis() throws Exception {
        StoreSettings settings = settings(TestServices.redisUri(), "x", "x", "x");
        try {
            storm(StoreKind.REDIS, settings);
        } finally {
            deleteKeys(settings.redisUri(), settings.keyPrefix());
        }
    }

    @Test
    void shouldRunTheStormOnPostgres() throws Exception {
        TestServices.Database db = TestServices.postgres();
        StoreSettings settings = settings("redis://unused", db.url(), db.user(), db.password());
        try {
            storm(StoreKind.POSTGRES, settings);
        } finally {
            try (Connection connection = DriverManager.getConnection(db.url(), db.user(), db.password());
                    Statement statement = connection.createStatement()) {
                statement.execute("drop table if exists " + settings.tableName());
            }
        }
    }

    private static void storm(StoreKind kind, StoreSettings settings) throws Exception {
        StormConfig config = StormHarness.small().events(60).build();
        StormPlan plan = StormPlan.generate(StormHarness.runId(), config);
        try (DemoStore store = DemoStore.open(kind, settings);
                Receiver receiver = Receiver.start(store.store(), SECRETS, 0, StormHarness.HANDLER_TIME)) {
            StormHarness.assertExactlyOnce(StormHarness.storm(receiver, store, config, plan));
        }
    }

    /** Deletes this run's keys (and only those) from the shared Redis. */
    private static void deleteKeys(String uri, String prefix) {
        try (RedisClient client = RedisClient.create(uri);
                StatefulRedisConnection<String, String> connection = client.connect()) {
            ScanArgs matching = ScanArgs.Builder.matches(prefix + ":*").limit(500);
            ScanCursor cursor = ScanCursor.INITIAL;
            do {
                KeyScanCursor<String> page = connection.sync().scan(cursor, matching);
                if (!page.getKeys().isEmpty()) {
                    connection.sync().del(page.getKeys().toArray(String[]::new));
                }
                cursor = page;
            } while (!cursor.isFinished());
        }
    }

    private static StoreSettings settings(String redisUri, String jdbcUrl, String user, String password) {
        return new StoreSettings(
                Path.of("unused"),
                redisUri,
                jdbcUrl,
                user,
                password,
                "hookguard_demo_" + RUN,
                "hgdemo" + RUN,
                StoreSettings.DEFAULT_POOL_SIZE);
    }
}
