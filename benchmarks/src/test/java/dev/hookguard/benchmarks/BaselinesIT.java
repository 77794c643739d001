package dev.hookguard.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.benchmarks.bare.BareJdbc;
import dev.hookguard.benchmarks.bare.BareRedis;
import dev.hookguard.benchmarks.tools.StatementCapture;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.event.command.CommandListener;
import io.lettuce.core.event.command.CommandStartedEvent;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Each store row's baseline sends what its row says: the bare Redis job two {@code EVALSHA} per new event and one per
 * duplicate, nothing else (counted by a Lettuce command listener); the bare JDBC job the guarded UPSERT and the
 * fenced UPDATE per new event and the UPSERT alone per duplicate (counted on the data source).
 */
class BaselinesIT {

    private static final int EVENTS = 20;

    @BeforeAll
    static void services() {
        BenchServices.configure();
    }

    @Test
    void bareRedisShouldSendTwoEvalshaPerNewEventAndOnePerDuplicate() {
        List<String> sent = new CopyOnWriteArrayList<>();
        RedisClient client = RedisClient.create(BenchEnvironment.redisUri());
        client.addListener(new CommandListener() {
            @Override
            public void commandStarted(CommandStartedEvent event) {
                sent.add(event.getCommand().getType().toString());
            }
        });
        try (StatefulRedisConnection<byte[], byte[]> connection = client.connect(BareRedis.codec())) {
            BareRedis bare = new BareRedis(connection, BenchEnvironment.PREFIX);
            String endpoint = "bare-it-" + UUID.randomUUID().toString().substring(0, 8);
            sent.clear();

            for (int i = 0; i < EVENTS; i++) {
                bare.claimAndComplete(endpoint, "e" + i);
            }
            assertThat(sent).hasSize(2 * EVENTS).containsOnly("EVALSHA");

            sent.clear();
            for (int i = 0; i < EVENTS; i++) {
                bare.duplicate(endpoint, "e" + i);
            }
            assertThat(sent).hasSize(EVENTS).containsOnly("EVALSHA");
        } finally {
            client.shutdown();
        }
    }

    @Test
    void bareJdbcShouldSendTheUpsertAndTheFencedUpdatePerNewEventAndTheUpsertPerDuplicate() {
        try (HikariDataSource pool = Postgres.pool(1)) {
            boolean created = BenchTable.BARE.createIfMissing(pool);
            try {
                StatementCapture capture = new StatementCapture();
                DataSource counted = capture.wrap(pool);
                BareJdbc bare = new BareJdbc(counted, BenchTable.BARE.tableName());
                String endpoint = "bare-it-" + UUID.randomUUID().toString().substring(0, 8);

                for (int i = 0; i < EVENTS; i++) {
                    bare.claimAndComplete(endpoint, "e" + i);
                }
                List<String> pairs = sqls(capture);
                assertThat(pairs).hasSize(2 * EVENTS);
                for (int i = 0; i < EVENTS; i++) {
                    assertThat(pairs.get(2 * i)).startsWith("INSERT INTO").contains("ON CONFLICT", "RETURNING");
                    assertThat(pairs.get(2 * i + 1)).startsWith("UPDATE").contains("token = ?");
                }

                for (int i = 0; i < EVENTS; i++) {
                    bare.duplicate(endpoint, "e" + i);
                }
                assertThat(sqls(capture).subList(2 * EVENTS, 3 * EVENTS))
                        .allSatisfy(sql -> assertThat(sql).startsWith("INSERT INTO"));
                assertThat(sqls(capture)).hasSize(3 * EVENTS);
            } finally {
                if (created) {
                    BenchTable.BARE.drop(pool);
                }
            }
        }
    }

    private static List<String> sqls(StatementCapture capture) {
        return capture.executed().stream().map(StatementCapture.Executed::sql).toList();
    }
}
