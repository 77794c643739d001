package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The dead-letter index when the process dies between its two commands (index entry, then transition
 * script), simulated by running one half by hand: a dead record must never be missing from the listing,
 * and leftovers must be neither listed nor kept forever.
 */
class DeadLetterIndexIT {

    private static final Fingerprint FP = Fingerprint.of("body".getBytes(StandardCharsets.UTF_8));
    private static final IdempotencyPolicy ONE_ATTEMPT = IdempotencyPolicy.custom()
            .maxAttempts(1)
            .retention(Duration.ofMinutes(10))
            .deadRetention(Duration.ofMinutes(10))
            .build();

    private static RedisClient client;
    private static StatefulRedisConnection<String, byte[]> connection;
    private static RedisStoreConfig config;
    private static RedisIdempotencyStore store;
    private static DeadLetterIndex index;
    private static RedisKeys keys;

    private String endpoint;

    @BeforeAll
    static void open() {
        client = RedisClient.create(RedisTestStores.standaloneUri());
        connection = client.connect(RedisStores.CODEC);
        config = RedisTestStores.uniqueConfig();
        store = RedisStores.of(connection, config);
        keys = new RedisKeys(config);
        index = new DeadLetterIndex(new RedisGateway(connection.async(), Duration.ofSeconds(2), () -> {}), keys);
    }

    @AfterAll
    static void close() {
        store.close();
        connection.close();
        client.shutdown();
    }

    @BeforeEach
    void newEndpoint() {
        endpoint = "dl" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void shouldNeitherListNorDropEntryWhoseRecordIsStillProcessing() {
        EventKey key = key("e1");
        long token = acquire(key);
        index.add(key, ONE_ATTEMPT); // the process dies here, before fail.lua

        assertThat(allListed()).isEmpty();
        assertThat(indexed(key)).isTrue();

        store.fail(key, token, new Failure(Payload.of(new byte[] {1}), "boom"), ONE_ATTEMPT);
        assertThat(allListed()).extracting(r -> r.key().eventId()).containsExactly("e1");
    }

    @Test
    void shouldDropLeftoverEntryOnceItsRecordSettledWithoutDying() {
        EventKey key = key("e1");
        long token = acquire(key);
        index.add(key, ONE_ATTEMPT);
        store.complete(key, token, Completion.succeeded(StoredResponse.empty(200)), ONE_ATTEMPT);

        assertThat(allListed()).isEmpty();
        assertThat(indexed(key)).isFalse();
    }

    @Test
    void shouldDropEntryLeftByResolveThatDiedBeforeRemovingIt() {
        EventKey key = key("e1");
        kill(key);
        store.resolve(key, OperatorAction.by("ops", "done"), ONE_ATTEMPT);
        index.add(key, ONE_ATTEMPT); // as if the resolve had died before removing the entry

        assertThat(allListed()).isEmpty();
        assertThat(indexed(key)).isFalse();
    }

    @Test
    void shouldKeepEntryWhenAnotherWasAddedAfterTheCounterWasRead() {
        EventKey key = key("e1");
        kill(key);
        long counter = index.counter(endpoint);
        index.add(key("e2"), ONE_ATTEMPT);

        index.remove(key, counter);

        assertThat(indexed(key)).isTrue();
    }

    @Test
    void shouldListEventAgainWhenItDiesAgainAfterRequeue() {
        EventKey key = key("e1");
        kill(key);
        assertThat(store.requeue(key, OperatorAction.by("ops"), ONE_ATTEMPT)).isEqualTo(AdminOutcome.UPDATED);
        assertThat(allListed()).isEmpty();

        kill(key);

        assertThat(allListed()).extracting(r -> r.key().eventId()).containsExactly("e1");
    }

    @Test
    void shouldPageOneByOneInUpdatedTimeThenEventIdOrder() {
        for (String id : List.of("c", "a", "b", "a:1")) {
            kill(key(id));
        }
        List<String> expected = Stream.of("c", "a", "b", "a:1")
                .map(id -> store.find(key(id)).orElseThrow())
                .sorted(Comparator.comparing(EventRecord::updatedAt)
                        .thenComparing(r -> r.key().eventId()))
                .map(r -> r.key().eventId())
                .toList();

        List<String> ids = new ArrayList<>();
        @Nullable String cursor = null;
        do {
            RecordPage page = store.list(ListFilter.deadLetters(endpoint), cursor, 1);
            page.records().forEach(r -> ids.add(r.key().eventId()));
            cursor = page.nextCursor();
        } while (cursor != null && ids.size() < 10);

        assertThat(ids).isEqualTo(expected);
    }

    private EventKey key(String id) {
        return EventKey.of(endpoint, id);
    }

    private static long acquire(EventKey key) {
        return ((ClaimOutcome.Acquired) store.claim(key, FP, ONE_ATTEMPT)).token();
    }

    private static void kill(EventKey key) {
        store.fail(key, acquire(key), new Failure(Payload.of(new byte[] {1}), "boom"), ONE_ATTEMPT);
        assertThat(store.find(key)).get().extracting(EventRecord::status).isEqualTo(RecordStatus.DEAD);
    }

    private boolean indexed(EventKey key) {
        return connection
                        .sync()
                        .zscore(keys.deadLetters(endpoint), key.eventId().getBytes(StandardCharsets.US_ASCII))
                != null;
    }

    private List<EventRecord> allListed() {
        return store.list(ListFilter.deadLetters(endpoint), null, 100).records();
    }
}
