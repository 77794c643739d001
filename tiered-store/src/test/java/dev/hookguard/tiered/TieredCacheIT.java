package dev.hookguard.tiered;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.ForwardingRecoveryStore;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.testkit.TestServices;
import dev.hookguard.tiered.internal.CachedVerdict;
import dev.hookguard.tiered.internal.VerdictCache;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the cache answers and, above all, what it never answers: a verdict an operator changed (replay, requeue,
 * resolve, skip), a record purged past its retention, an entry planted by hand that is not a settled verdict. The
 * authority is wrapped so the tests see which claims reached the database.
 */
class TieredCacheIT {

    private static final IdempotencyPolicy POLICY = IdempotencyPolicy.custom()
            .retention(Duration.ofMinutes(10))
            .deadRetention(Duration.ofMinutes(10))
            .build();
    private static final Fingerprint FP = Fingerprint.of("body".getBytes(StandardCharsets.UTF_8));
    private static final Fingerprint OTHER_FP = Fingerprint.of("other".getBytes(StandardCharsets.UTF_8));
    private static final OperatorAction OPERATOR = OperatorAction.by("ops", "fixed by hand");
    private static final StoredResponse CREATED = StoredResponse.of(201, "application/json", bytes("{\"ok\":1}"));
    private static final StoredResponse REFUSED = StoredResponse.of(400, "text/plain", bytes("no"));

    private static TieredTestStores stores;
    private static RedisClient redis;
    private static StatefulRedisConnection<byte[], byte[]> connection;

    private final AtomicInteger databaseClaims = new AtomicInteger();
    private JdbcIdempotencyStore authority;
    private TieredStore store;
    private String endpoint;

    @BeforeAll
    static void open() {
        stores = new TieredTestStores(TestServices.redisUri());
        redis = RedisClient.create(TestServices.redisUri());
        connection = redis.connect(ByteArrayCodec.INSTANCE);
    }

    @AfterAll
    static void close() {
        connection.close();
        redis.shutdown();
        stores.close();
    }

    @BeforeEach
    void setUp() {
        authority = stores.authority();
        store = stores.store(
                new ForwardingRecoveryStore(authority) {
                    @Override
                    public ClaimOutcome claim(
                            EventKey key, Fingerprint fingerprint, Payload payload, IdempotencyPolicy policy) {
                        databaseClaims.incrementAndGet();
                        return super.claim(key, fingerprint, payload, policy);
                    }
                },
                stores.config());
        endpoint = "c" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    @Test
    void shouldAnswerSettledDuplicatesFromTheCacheWithoutTheDatabase() {
        EventKey key = settle("e1", Completion.succeeded(CREATED));
        awaitCached(key);
        int before = databaseClaims.get();

        assertThat(store.claim(key, FP, POLICY)).isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, CREATED));
        assertThat(store.claim(key, OTHER_FP, POLICY)).isInstanceOf(ClaimOutcome.Mismatch.class);
        assertThat(databaseClaims.get()).isEqualTo(before);
        assertThat(redisCommands().pttl(cacheKey(key)))
                .as("cached no longer than the record is kept")
                .isBetween(1L, POLICY.retention().toMillis());
    }

    @Test
    void shouldNeverAnswerForARejectedRecordAnOperatorReplayed() {
        EventKey key = rejectedAndCached("r1");

        assertThat(store.replay(key, OPERATOR, POLICY)).isEqualTo(AdminOutcome.UPDATED);

        assertThat(isTombstone(key)).isTrue();
        assertThat(store.claim(key, FP, POLICY)).isInstanceOf(ClaimOutcome.Acquired.class);
    }

    @Test
    void shouldNeverAnswerForARejectedRecordAnOperatorRequeued() {
        EventKey key = rejectedAndCached("r2");

        assertThat(store.requeue(key, OPERATOR, POLICY)).isEqualTo(AdminOutcome.UPDATED);

        assertThat(store.claim(key, FP, POLICY)).isInstanceOf(ClaimOutcome.Acquired.class);
    }

    @Test
    void shouldAnswerTheResolvedVerdictNotTheCachedRejection() {
        EventKey key = rejectedAndCached("r3");

        assertThat(store.resolve(key, OPERATOR, POLICY)).isEqualTo(AdminOutcome.UPDATED);
        int before = databaseClaims.get();

        assertThat(store.claim(key, FP, POLICY))
                .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, StoredResponse.empty(200)));
        assertThat(databaseClaims.get()).as("answered by the database").isEqualTo(before + 1);
    }

    @Test
    void shouldLeaveATombstoneWhenAnOperatorResolvesADeadRecord() {
        IdempotencyPolicy once = IdempotencyPolicy.from(POLICY).maxAttempts(1).build();
        EventKey key = key("d1");
        ClaimOutcome.Acquired acquired = (ClaimOutcome.Acquired) store.claim(key, FP, once);
        store.fail(key, acquired.token(), new Failure(payload(), "HTTP 500"), once);
        assertThat(store.claim(key, FP, once)).isInstanceOf(ClaimOutcome.Dead.class);

        assertThat(store.resolve(key, OPERATOR, once)).isEqualTo(AdminOutcome.UPDATED);

        assertThat(isTombstone(key)).isTrue();
        assertThat(store.claim(key, FP, once))
                .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, StoredResponse.empty(200)));
    }

    @Test
    void shouldForgetAVerdictWhoseRecordWasPurgedPastItsRetention() {
        IdempotencyPolicy brief =
                IdempotencyPolicy.from(POLICY).retention(Duration.ofSeconds(1)).build();
        EventKey key = key("p1");
        ClaimOutcome.Acquired acquired = (ClaimOutcome.Acquired) store.claim(key, FP, brief);
        store.complete(key, acquired.token(), Completion.succeeded(CREATED), brief);
        await().atMost(Duration.ofSeconds(20))
                .pollInterval(Duration.ofMillis(100))
                .until(() -> authority.find(key).isEmpty());
        authority.purgeExpired();

        assertThat(redisCommands().exists(cacheKey(key))).isZero();
        assertThat(store.claim(key, FP, brief)).isInstanceOf(ClaimOutcome.Acquired.class);
    }

    @Test
    void shouldNotAnswerAnEntryPlantedByHandThatIsNoSettledVerdict() {
        IdempotencyPolicy many = IdempotencyPolicy.from(POLICY).maxAttempts(100).build();
        EventKey key = key("f1");
        ClaimOutcome.Acquired acquired = (ClaimOutcome.Acquired) store.claim(key, FP, many);
        store.fail(key, acquired.token(), new Failure(payload(), "HTTP 503"), many);
        for (Map<String, String> planted : List.of(
                entry("1", "F", FP.hex()),
                entry("1", "P", FP.hex()),
                entry("1", "D", FP.hex()),
                entry("2", "S", FP.hex()),
                entry("1", "S", "not-a-fingerprint"))) {
            plant(key, planted);
            int before = databaseClaims.get();

            ClaimOutcome outcome = store.claim(key, FP, many);

            assertThat(outcome).as("planted %s", planted).isInstanceOf(ClaimOutcome.Acquired.class);
            assertThat(databaseClaims.get()).isEqualTo(before + 1);
            store.fail(key, ((ClaimOutcome.Acquired) outcome).token(), new Failure(payload(), "HTTP 503"), many);
        }
    }

    @Test
    void shouldRefuseAFillAfterAnEvictionHowLateItComes() throws Exception {
        VerdictCache cache = new VerdictCache(connection.async(), stores.keyPrefix, () -> {});
        EventKey key = key("late");
        cache.evict(key, 60_000).toCompletableFuture().get();

        boolean written = cache.fill(key, new CachedVerdict(RecordStatus.REJECTED, FP, REFUSED), 60_000)
                .toCompletableFuture()
                .get();

        assertThat(written).isFalse();
        assertThat(store.claim(key, FP, POLICY)).isInstanceOf(ClaimOutcome.Acquired.class);
    }

    private EventKey rejectedAndCached(String id) {
        EventKey key = settle(id, Completion.rejected(REFUSED, payload()));
        awaitCached(key);
        assertThat(store.claim(key, FP, POLICY)).isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.REJECTED, REFUSED));
        return key;
    }

    private EventKey settle(String id, Completion completion) {
        EventKey key = key(id);
        ClaimOutcome.Acquired acquired = (ClaimOutcome.Acquired) store.claim(key, FP, POLICY);
        store.complete(key, acquired.token(), completion, POLICY);
        return key;
    }

    private void awaitCached(EventKey key) {
        await().atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(20))
                .until(() -> redisCommands().hexists(cacheKey(key), bytes("s")));
    }

    private boolean isTombstone(EventKey key) {
        return redisCommands().hexists(cacheKey(key), bytes("x"));
    }

    private void plant(EventKey key, Map<String, String> fields) {
        Map<byte[], byte[]> raw = new LinkedHashMap<>();
        fields.forEach((name, value) -> raw.put(bytes(name), bytes(value)));
        redisCommands().del(cacheKey(key));
        redisCommands().hset(cacheKey(key), raw);
        redisCommands().pexpire(cacheKey(key), 60_000);
    }

    private static Map<String, String> entry(String format, String status, String fingerprint) {
        return Map.of("v", format, "s", status, "f", fingerprint, "c", "200", "b", "stale", "o", "0");
    }

    private byte[] cacheKey(EventKey key) {
        return bytes(stores.keyPrefix + ":{" + key.asString() + "}");
    }

    private RedisCommands<byte[], byte[]> redisCommands() {
        return connection.sync();
    }

    private EventKey key(String id) {
        return EventKey.of(endpoint, id);
    }

    private static Payload payload() {
        return new Payload(bytes("body"), Map.of("webhook-id", List.of("x")));
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
