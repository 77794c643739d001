package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.ListFilter.Listing;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the recovery parts keep in Redis besides the records: the due queue, the open index and the
 * dead-letter index hold exactly the events they should after each step, and a record's history stays
 * bounded. The behaviour itself is the store contract's; this checks the layout the README describes.
 */
class RedisRecoveryIT {

    private static final Fingerprint FP = Fingerprint.of("body".getBytes(StandardCharsets.UTF_8));
    private static final IdempotencyPolicy POLICY = IdempotencyPolicy.custom()
            .maxAttempts(2)
            .retention(Duration.ofMinutes(10))
            .deadRetention(Duration.ofMinutes(10))
            .build();
    private static final Payload PAYLOAD = new Payload("p".getBytes(StandardCharsets.UTF_8), Map.of());

    private static RedisClient client;
    private static StatefulRedisConnection<String, byte[]> connection;
    private static RedisIdempotencyStore store;
    private static RedisKeys keys;
    private static DueIndex due;

    private String endpoint;

    @BeforeAll
    static void open() {
        client = RedisClient.create(RedisTestStores.standaloneUri());
        connection = client.connect(RedisStores.CODEC);
        RedisStoreConfig config = RedisTestStores.uniqueConfig();
        store = RedisStores.of(connection, config);
        keys = new RedisKeys(config);
        due = new DueIndex(new RedisGateway(connection.async(), Duration.ofSeconds(2), () -> {}), keys);
    }

    @AfterAll
    static void close() {
        store.close();
        connection.close();
        client.shutdown();
    }

    @BeforeEach
    void newEndpoint() {
        endpoint = "rr" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void shouldMoveEventThroughDueQueueAndOpenIndexAsItsRecordChanges() {
        EventKey key = EventKey.of(endpoint, "e1");
        assertThat(store.enqueue(key, FP, PAYLOAD, POLICY)).isEqualTo(new EnqueueOutcome.Queued());
        assertThat(dueQueue()).containsExactly("e1");

        List<EventRecord> picked = store.pick(endpoint, 10, Duration.ofMinutes(1));
        assertThat(picked)
                .singleElement()
                .satisfies(r -> assertThat(r.payload()).isEqualTo(PAYLOAD));
        long token = ((ClaimOutcome.Acquired) store.claim(key, FP, POLICY)).token();
        assertThat(dueQueue()).isEmpty();
        assertThat(openIndex()).containsExactly("e1");

        store.fail(
                key, token, new Failure(PAYLOAD, "slow", ErrorClass.TIMEOUT).retryingIn(Duration.ofHours(1)), POLICY);
        assertThat(dueQueue()).containsExactly("e1");
        assertThat(store.find(key).orElseThrow().errorClass()).isEqualTo(ErrorClass.TIMEOUT);
        assertThat(store.stats(endpoint).depth()).isEqualTo(1);
        assertThat(store.stats(endpoint).dueNow()).isZero();

        token = ((ClaimOutcome.Acquired) store.claim(key, FP, POLICY)).token();
        store.fail(
                key, token, new Failure(PAYLOAD, "slow", ErrorClass.TIMEOUT).retryingIn(Duration.ofHours(1)), POLICY);
        assertThat(store.find(key).orElseThrow().status()).isEqualTo(RecordStatus.DEAD);
        assertThat(openIndex()).isEmpty();
        assertThat(dueQueue()).isEmpty();
        assertThat(store.deadLetterCount(endpoint)).isEqualTo(1);
    }

    @Test
    void shouldKeepNewestTwentyHistoryEntriesAcrossOperatorActions() {
        EventKey key = EventKey.of(endpoint, "e1");
        store.enqueue(key, FP, PAYLOAD, POLICY);
        for (int i = 0; i < 12; i++) {
            kill(key);
            assertThat(store.replay(key, OperatorAction.by("ops", "try " + i), POLICY))
                    .isEqualTo(AdminOutcome.UPDATED);
            kill(key);
            assertThat(store.requeue(key, OperatorAction.by("ops"), POLICY)).isEqualTo(AdminOutcome.UPDATED);
        }
        assertThat(store.resolve(key, OperatorAction.by("lead", "fixed by hand"), POLICY))
                .isEqualTo(AdminOutcome.UPDATED);

        List<AuditEntry> history = store.find(key).orElseThrow().history();
        assertThat(history).hasSize(AuditEntry.MAX_HISTORY);
        assertThat(history.get(history.size() - 1))
                .satisfies(e -> assertThat(e.action()).isEqualTo(AuditEntry.RESOLVE))
                .satisfies(e -> assertThat(e.note()).isEqualTo("fixed by hand"));
        assertThat(openIndex()).isEmpty();
        assertThat(store.count(ListFilter.forEndpoint(endpoint)
                        .listings(Listing.DEAD, Listing.REJECTED, Listing.FAILED, Listing.QUEUED, Listing.STALLED)
                        .build()))
                .isZero();
    }

    @Test
    void shouldDropDueEntryLeftByACrashBeforeItsRecordScript() {
        EventKey key = EventKey.of(endpoint, "e1");
        store.claim(key, FP, POLICY);
        due.add(key, Duration.ZERO, POLICY); // the process dies here, before fail.lua

        assertThat(store.pick(endpoint, 10, Duration.ofMinutes(1))).isEmpty();
        assertThat(dueQueue()).isEmpty();
    }

    @Test
    void shouldKeepDueEntryWrittenAgainAfterThePickReservedIt() {
        EventKey key = EventKey.of(endpoint, "e1");
        store.claim(key, FP, POLICY);
        due.add(key, Duration.ZERO, POLICY);
        DueIndex.Reservation reservation = due.reserve(endpoint, 10, Duration.ofMinutes(1));
        due.add(key, Duration.ZERO, POLICY); // a receiver retry writes the entry again meanwhile

        due.prune(endpoint, reservation.counter(), reservation.until(), reservation.eventIds());

        assertThat(dueQueue()).containsExactly("e1");
    }

    private void kill(EventKey key) {
        for (int i = 0; i < POLICY.maxAttempts(); i++) {
            ClaimOutcome claimed = store.claim(key, FP, POLICY);
            if (claimed instanceof ClaimOutcome.Acquired acquired) {
                store.fail(key, acquired.token(), new Failure(PAYLOAD, "boom"), POLICY);
            }
        }
        assertThat(store.find(key).orElseThrow().status()).isEqualTo(RecordStatus.DEAD);
    }

    private List<String> dueQueue() {
        return members(keys.due(endpoint));
    }

    private List<String> openIndex() {
        return members(keys.open(endpoint));
    }

    private static List<String> members(String index) {
        return connection
                .sync()
                .zrangebyscore(index, io.lettuce.core.Range.create(0, Double.POSITIVE_INFINITY))
                .stream()
                .map(m -> new String(m, StandardCharsets.US_ASCII))
                .toList();
    }
}
