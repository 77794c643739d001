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
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each store row's baseline sends what its row says: the bare Redis job two {@code EVALSHA} per new event and one per
 * duplicate, nothing else (counted by a Lettuce command listener), and so does the feature floor beside it, which
 * keeps the fingerprint, the lease and the response and leaves the open index empty; the bare JDBC job the guarded UPSERT and the
 * fenced UPDATE per new event and the UPSERT alone per duplicate (counted on the data source).
 */
class BaselinesIT {

    private static final int EVENTS = 20;

    @BeforeAll
    static void services() {
        BenchServices.configure();
    }

    @ParameterizedTest
    @EnumSource(BareRedis.Shape.class)
    void bareRedisShouldSendTwoEvalshaPerNewEventAndOnePerDuplicate(BareRedis.Shape shape) {
        List<String> sent = new CopyOnWriteArrayList<>();
        RedisClient client = RedisClient.create(BenchEnvironment.redisUri());
        client.addListener(new CommandListener() {
            @Override
            public void commandStarted(CommandStartedEvent event) {
                sent.add(event.getCommand().getType().toString());
            }
        });
        try (StatefulRedisConnection<byte[], byte[]> connection = client.connect(BareRedis.codec())) {
            BareRedis bare = new BareRedis(connection, BenchEnvironment.PREFIX, shape);
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
    void theFeatureFloorShouldKeepFingerprintLeaseAndResponseAndLeaveTheOpenIndexEmpty() {
        RedisClient client = RedisClient.create(BenchEnvironment.redisUri());
        try (StatefulRedisConnection<byte[], byte[]> connection = client.connect(BareRedis.codec())) {
            BareRedis floor = new BareRedis(connection, BenchEnvironment.PREFIX, BareRedis.Shape.FLOOR);
            String endpoint = "floor-it-" + UUID.randomUUID().toString().substring(0, 8);
            byte[] index = ascii(BenchEnvironment.PREFIX + ":open:{" + endpoint + "}");
            byte[] key = ascii(BenchEnvironment.PREFIX + ":{" + endpoint + ":e1}");

            byte[] token = floor.claim(endpoint, "e1");
            Double held = connection.sync().zscore(index, ascii("e1"));
            boolean recorded = floor.complete(endpoint, "e1", token);
            Map<byte[], byte[]> record = connection.sync().hgetall(key);

            assertThat(token).isNotNull();
            assertThat(held).isNotNull(); // open while PROCESSING, under the lease's end
            assertThat(recorded).isTrue();
            assertThat(connection.sync().exists(index)).isZero();
            Map<String, String> fields = new TreeMap<>();
            record.forEach((name, value) -> fields.put(new String(name, StandardCharsets.US_ASCII), hexOrText(value)));
            assertThat(fields).containsEntry("s", "S").containsEntry("r", "200 application/json\n{\"ok\":true}");
            assertThat(fields).containsOnlyKeys("s", "t", "f", "l", "r");
            assertThat(record.entrySet().stream()
                            .filter(e -> new String(e.getKey(), StandardCharsets.US_ASCII).equals("f"))
                            .findFirst()
                            .orElseThrow()
                            .getValue())
                    .hasSize(32);
            assertThat(floor.claim(endpoint, "e1")).isNull(); // a duplicate, answered with the stored response
            assertThat(floor.complete(endpoint, "e1", token)).isFalse(); // settled: the fence refuses
        } finally {
            client.shutdown();
        }
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static String hexOrText(byte[] value) {
        String text = new String(value, StandardCharsets.UTF_8);
        return text.chars().allMatch(c -> c >= 0x20 && c < 0x7f || c == '\n')
                ? text
                : HexFormat.of().formatHex(value);
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
