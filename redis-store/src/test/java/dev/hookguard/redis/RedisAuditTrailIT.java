package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore.AuditLine;
import dev.hookguard.core.operator.OperatorStore.AuditPage;
import dev.hookguard.core.operator.OperatorStore.AuditQuery;
import io.lettuce.core.Range;
import io.lettuce.core.RedisClient;
import io.lettuce.core.StreamMessage;
import io.lettuce.core.XAddArgs;
import io.lettuce.core.api.StatefulRedisConnection;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the store contract leaves to the Redis audit trail ({@link AuditTrail}, {@link AuditStream}): the stream's key
 * and fields, the trim of each append, the bound of one read, the ids a time range reads and the cursors it refuses.
 */
class RedisAuditTrailIT {

    private static final Duration KEEP = Duration.ofDays(1);

    private static RedisClient client;
    private static StatefulRedisConnection<String, byte[]> connection;
    private static RedisGateway redis;
    private static RedisKeys keys;
    private static AuditTrail trail;

    private String endpoint;

    @BeforeAll
    static void open() {
        client = RedisClient.create(RedisTestStores.standaloneUri());
        connection = client.connect(RedisStores.CODEC);
        redis = new RedisGateway(connection.async(), Duration.ofSeconds(5), () -> {});
        keys = new RedisKeys(RedisTestStores.uniqueConfig());
        trail = new AuditTrail(redis, keys, Clock.systemUTC());
    }

    @AfterAll
    static void close() {
        connection.close();
        client.shutdown();
    }

    @BeforeEach
    void newEndpoint() {
        endpoint = "au" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void shouldKeepOneStreamEntryPerLineInTheEndpointsSlotWithOnlyTheFieldsItHas() {
        Instant at = now();
        trail.append(line(null, "bob", AuditEntry.PAUSE, null, at), KEEP);
        trail.append(line("evt_1", "alice", AuditEntry.RESOLVE, "INC-7 | fix: ledger", at), KEEP);

        List<StreamMessage<String, byte[]>> entries =
                connection.sync().xrange(keys.audit(endpoint), Range.create("-", "+"));

        assertThat(keys.audit(endpoint)).isEqualTo(keys.due(endpoint).replace(":due:", ":audit:"));
        assertThat(entries).hasSize(2);
        assertThat(entries.get(0).getBody()).containsOnlyKeys("t", "u", "a", "x");
        assertThat(text(entries.get(0), "x"))
                .isEqualTo(Long.toString(at.plus(KEEP).toEpochMilli()));
        assertThat(entries.get(1).getBody()).containsOnlyKeys("t", "u", "a", "n", "i", "x");
        assertThat(text(entries.get(1), "n")).isEqualTo("INC-7 | fix: ledger");
        assertThat(text(entries.get(1), "i")).isEqualTo("evt_1");
    }

    @Test
    void shouldDropLinesOlderThanTheRetentionWhenItAppends() {
        Instant threeDaysAgo = Instant.now().minus(Duration.ofDays(3));
        for (int i = 0; i < 300; i++) { // appended three days ago: ids of then
            AuditLine old = line("e" + i, "ops", AuditEntry.SKIP, null, threeDaysAgo);
            connection
                    .sync()
                    .xadd(
                            keys.audit(endpoint),
                            new XAddArgs().id(threeDaysAgo.toEpochMilli() + "-" + (i + 1)),
                            AuditStream.encode(old, threeDaysAgo.plus(KEEP).toEpochMilli()));
        }
        AuditLine fresh = line("fresh", "ops", AuditEntry.SKIP, null, now());

        trail.append(fresh, KEEP);

        assertThat(connection.sync().xlen(keys.audit(endpoint))).isLessThan(150); // whole stream nodes dropped
        assertThat(trail.read(AuditQuery.all(endpoint), null, 10).lines()).containsExactly(fresh);
    }

    @Test
    void shouldStopAtTheScanBoundWithACursorToGoOnFrom() {
        AuditLine wanted = line("wanted", "alice", AuditEntry.REPLAY, null, now());
        trail.append(wanted, KEEP);
        for (int i = 0; i < AuditTrail.MAX_SCAN; i++) {
            trail.append(line("e" + i, "bob", AuditEntry.SKIP, null, Instant.now()), KEEP);
        }
        AuditQuery alices = new AuditQuery(endpoint, "alice", null, null, null);

        AuditPage bounded = trail.read(alices, null, 10);
        AuditPage rest = trail.read(alices, bounded.nextCursor(), 10);

        assertThat(bounded.lines()).isEmpty();
        assertThat(bounded.nextCursor()).isNotNull();
        assertThat(rest.lines()).containsExactly(wanted);
        assertThat(rest.nextCursor()).isNull();
    }

    @Test
    void shouldReadOnlyTheIdsOfATimeRangeWidenedByTheMargin() {
        Instant now = now();
        AuditLine hourAgo = line("h", "ops", AuditEntry.REQUEUE, null, now.minus(Duration.ofHours(1)));
        AuditLine weekAgo = line("w", "ops", AuditEntry.REQUEUE, null, now.minus(Duration.ofDays(7)));
        trail.append(weekAgo, Duration.ofDays(30)); // dated a week before its append: outside the margin
        trail.append(hourAgo, Duration.ofDays(30));

        assertThat(trail.read(new AuditQuery(endpoint, null, null, now.minus(Duration.ofHours(2)), null), null, 10)
                        .lines())
                .containsExactly(hourAgo);
        assertThat(trail.read(new AuditQuery(endpoint, null, null, null, now.minus(Duration.ofDays(6))), null, 10)
                        .lines())
                .as("a line whose time lies further from its append than the margin is missed by a time range")
                .isEmpty();
        assertThat(trail.read(AuditQuery.all(endpoint), null, 10).lines()).containsExactly(hourAgo, weekAgo);
    }

    @Test
    void shouldTakeOnlyStreamIdsAsCursors() {
        trail.append(line("e1", "ops", AuditEntry.SKIP, null, Instant.now()), KEEP);

        assertThat(trail.read(AuditQuery.all(endpoint), "0-0", 10).lines()).isEmpty();
        assertThat(trail.read(AuditQuery.all(endpoint), "1-0", 10).lines()).isEmpty();
        assertThat(trail.read(AuditQuery.all(endpoint), "99999999999999-0", 10).lines())
                .hasSize(1);
        for (String bad : List.of("", "-", "1-", "-1", "1", "1-x", "+1-2", "1-2-3", "99999999999999999999-0")) {
            assertThatThrownBy(() -> trail.read(AuditQuery.all(endpoint), bad, 10))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + bad + "'");
        }
    }

    private AuditLine line(@Nullable String eventId, String actor, String action, @Nullable String note, Instant at) {
        return new AuditLine(endpoint, eventId, new AuditEntry(at, actor, action, note));
    }

    /** Now, to the millisecond, as the trail keeps times. */
    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }

    private static String text(StreamMessage<String, byte[]> entry, String field) {
        return new String(entry.getBody().get(field), StandardCharsets.UTF_8);
    }
}
