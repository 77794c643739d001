package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.WriteOutcome;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.SlotHash;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.event.command.CommandListener;
import io.lettuce.core.event.command.CommandStartedEvent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * On one server (standalone, Sentinel), and on a cluster with a slot per endpoint, the hot path is the bare shape: a new event's claim is one script and its
 * completion one script, both keeping the open index themselves; a duplicate is one script that writes nothing.
 * Counted with a Lettuce command listener on the store's own client; the writes checked on the server.
 */
class RedisRoundTripsIT {

    private static final Fingerprint FP = Fingerprint.of("body".getBytes(StandardCharsets.UTF_8));
    private static final IdempotencyPolicy POLICY = IdempotencyPolicy.custom()
            .lease(Duration.ofSeconds(30))
            .retention(Duration.ofMinutes(2))
            .build();
    private static final Completion DONE =
            Completion.succeeded(StoredResponse.of(200, "application/json", "{}".getBytes(StandardCharsets.UTF_8)));

    private final List<String> sent = new CopyOnWriteArrayList<>();
    private RedisClient client;
    private RedisIdempotencyStore store;
    private StatefulRedisConnection<String, byte[]> inspect;
    private String prefix;

    @BeforeEach
    void open() {
        client = RedisClient.create(RedisTestStores.standaloneUri());
        client.addListener(new CommandListener() {
            @Override
            public void commandStarted(CommandStartedEvent event) {
                sent.add(event.getCommand().getType().toString());
            }
        });
        RedisStoreConfig config = RedisTestStores.uniqueConfig();
        prefix = config.keyPrefix();
        store = RedisStores.of(client, config);
        inspect = client.connect(RedisStores.CODEC);
    }

    @AfterEach
    void close() {
        inspect.close();
        store.close();
        client.shutdown();
    }

    @Test
    void shouldClaimAndCompleteANewEventWithOneScriptEachAndKeepTheOpenIndexInThem() {
        EventKey key = EventKey.of("orders", UUID.randomUUID().toString());
        sent.clear();

        ClaimOutcome claim = store.claim(key, FP, POLICY);

        assertThat(claim).isInstanceOf(ClaimOutcome.Acquired.class);
        assertThat(sent).containsExactly("EVALSHA");
        // nothing PROCESSING unseen: the record and its open-index entry were written in the same step
        String mark = text(redis().hget(event(key), "o"));
        assertThat(redis().zscore(open(key), bytes(key.eventId()))).isEqualTo(Double.parseDouble(mark));

        sent.clear();
        WriteOutcome written = store.complete(key, ((ClaimOutcome.Acquired) claim).token(), DONE, POLICY);

        assertThat(written).isInstanceOf(WriteOutcome.Recorded.class);
        assertThat(sent).containsExactly("EVALSHA");
        assertThat(redis().zscore(open(key), bytes(key.eventId()))).isNull();
    }

    @Test
    void shouldAnswerADuplicateWithOneScriptThatWritesNothing() {
        EventKey settled = EventKey.of("orders", UUID.randomUUID().toString());
        long token = ((ClaimOutcome.Acquired) store.claim(settled, FP, POLICY)).token();
        store.complete(settled, token, DONE, POLICY);
        EventKey held = EventKey.of("orders", UUID.randomUUID().toString());
        store.claim(held, FP, POLICY);
        Map<String, String> settledBefore = hash(settled);
        Map<String, String> heldBefore = hash(held);
        List<String> indexBefore = index(held);
        sent.clear();

        ClaimOutcome duplicate = store.claim(settled, FP, POLICY);
        ClaimOutcome busy = store.claim(held, FP, POLICY);

        assertThat(duplicate).isInstanceOf(ClaimOutcome.Duplicate.class);
        assertThat(busy).isInstanceOf(ClaimOutcome.InProgress.class);
        assertThat(sent).containsExactly("EVALSHA", "EVALSHA");
        assertThat(hash(settled)).isEqualTo(settledBefore);
        assertThat(hash(held)).isEqualTo(heldBefore);
        assertThat(index(held)).isEqualTo(indexBefore);
    }

    /**
     * On a cluster with a slot per endpoint the record and the open index share a slot, so the cluster takes the same
     * path: one script per step, the index kept inside them.
     */
    @Test
    void shouldKeepTheOpenIndexInTheScriptsOnAClusterWithASlotPerEndpoint() {
        List<String> clusterSent = new CopyOnWriteArrayList<>();
        RedisClusterClient cluster = RedisClusterClient.create(
                java.util.Arrays.stream(RedisTestStores.clusterUris().split(","))
                        .map(RedisURI::create)
                        .toList());
        cluster.addListener(new CommandListener() {
            @Override
            public void commandStarted(CommandStartedEvent event) {
                clusterSent.add(event.getCommand().getType().toString());
            }
        });
        RedisStoreConfig config = RedisStoreConfig.from(RedisTestStores.uniqueConfig())
                .slotPerEndpoint(true)
                .build();
        try (RedisIdempotencyStore slotted = RedisStores.of(cluster, config);
                StatefulRedisClusterConnection<String, byte[]> look = cluster.connect(RedisStores.CODEC)) {
            EventKey key = EventKey.of("orders", UUID.randomUUID().toString());
            String record = config.keyPrefix() + ":{orders}:" + key.eventId();
            String index = config.keyPrefix() + ":open:{orders}";
            assertThat(SlotHash.getSlot(record)).isEqualTo(SlotHash.getSlot(index));
            clusterSent.clear();

            ClaimOutcome claim = slotted.claim(key, FP, POLICY);

            assertThat(claim).isInstanceOf(ClaimOutcome.Acquired.class);
            assertThat(clusterSent).containsExactly("EVALSHA");
            String mark = text(look.sync().hget(record, "o"));
            assertThat(look.sync().zscore(index, bytes(key.eventId()))).isEqualTo(Double.parseDouble(mark));

            clusterSent.clear();
            WriteOutcome written = slotted.complete(key, ((ClaimOutcome.Acquired) claim).token(), DONE, POLICY);

            assertThat(written).isInstanceOf(WriteOutcome.Recorded.class);
            assertThat(clusterSent).containsExactly("EVALSHA");
            assertThat(look.sync().zscore(index, bytes(key.eventId()))).isNull();
            assertThat(slotted.claim(key, FP, POLICY)).isInstanceOf(ClaimOutcome.Duplicate.class);
        } finally {
            cluster.shutdown();
        }
    }

    private RedisCommands<String, byte[]> redis() {
        return inspect.sync();
    }

    private List<String> index(EventKey key) {
        return redis().zrangeWithScores(open(key), 0, -1).stream()
                .map(e -> text(e.getValue()) + "=" + (long) e.getScore())
                .toList();
    }

    private Map<String, String> hash(EventKey key) {
        return redis().hgetall(event(key)).entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, e -> text(e.getValue())));
    }

    private String event(EventKey key) {
        return prefix + ":{" + key.asString() + "}";
    }

    private String open(EventKey key) {
        return prefix + ":open:{" + key.endpoint() + "}";
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private static String text(byte[] value) {
        return new String(value, StandardCharsets.ISO_8859_1);
    }
}
