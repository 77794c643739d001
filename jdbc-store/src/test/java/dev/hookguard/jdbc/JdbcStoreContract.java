package dev.hookguard.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore.AuditLine;
import dev.hookguard.core.operator.OperatorStore.AuditQuery;
import dev.hookguard.jdbc.internal.DatabaseTime;
import dev.hookguard.jdbc.internal.JdbcSession;
import dev.hookguard.jdbc.internal.UpsertClaim;
import dev.hookguard.jdbc.internal.sql.ClaimQueries;
import dev.hookguard.jdbc.internal.sql.EventsTable;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ObjLongConsumer;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What the JDBC store does beyond the store contract, on every dialect: a claim whose read races a completion, failure,
 * lease expiry or purge; a claim that keeps out of the caller's transaction; the purge, which keeps queued and due
 * records and deletes expired audit lines in batches; audit lines kept for longer than a database can store; tokens
 * across purge; the migration of a V1 table.
 * The transactional mode has its own {@link TransactionalModeContract}.
 */
abstract class JdbcStoreContract {

    static final IdempotencyPolicy POLICY = IdempotencyPolicy.custom()
            .retention(Duration.ofMinutes(10))
            .deadRetention(Duration.ofMinutes(10))
            .build();
    static final Duration SHORT = Duration.ofMillis(400);
    static final IdempotencyPolicy SHORT_LEASE =
            IdempotencyPolicy.from(POLICY).lease(SHORT).build();
    static final Fingerprint FP = Fingerprint.of("body".getBytes(StandardCharsets.UTF_8));

    JdbcIdempotencyStore store;
    String endpoint;

    /** This dialect's database, opened once per test class. */
    abstract TestDatabase database();

    @BeforeEach
    void setUpStore() {
        store = database().store();
        endpoint = "j" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }

    EventKey key(String id) {
        return EventKey.of(endpoint, id);
    }

    static Payload payload(String body) {
        return new Payload(body.getBytes(StandardCharsets.UTF_8), Map.of("webhook-id", List.of(body)));
    }

    ClaimOutcome.Acquired acquire(EventKey key, IdempotencyPolicy policy) {
        return (ClaimOutcome.Acquired) store.claim(key, FP, policy);
    }

    @Test
    void shouldReportDuplicateWhenRecordCompletesBetweenRefusedClaimAndRead() throws Exception {
        ClaimOutcome outcome = claimRacing(
                key("e1"),
                POLICY,
                (k, token) -> store.complete(k, token, Completion.succeeded(StoredResponse.empty(201)), POLICY));

        assertThat(outcome).isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, StoredResponse.empty(201)));
    }

    @Test
    void shouldAcquireWhenRecordFailsBetweenRefusedClaimAndRead() throws Exception {
        AtomicLong first = new AtomicLong();
        ClaimOutcome outcome = claimRacing(key("e1"), POLICY, (k, token) -> {
            first.set(token);
            store.fail(k, token, new Failure(payload("p"), "HTTP 503"), POLICY);
        });

        assertThat(outcome).isInstanceOfSatisfying(ClaimOutcome.Acquired.class, again -> {
            assertThat(again.attempt()).isEqualTo(2);
            assertThat(again.token()).isGreaterThan(first.get());
        });
    }

    @Test
    void shouldAcquireWhenLeaseExpiresBetweenRefusedClaimAndRead() throws Exception {
        AtomicLong first = new AtomicLong();
        // long enough that the held first claim is still live when the second one is refused on it
        IdempotencyPolicy twoSeconds =
                IdempotencyPolicy.from(POLICY).lease(Duration.ofSeconds(2)).build();
        ClaimOutcome outcome = claimRacing(key("e1"), twoSeconds, (k, token) -> {
            first.set(token);
            await().atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> !database().now().isBefore(leaseUntil(k)));
        });

        assertThat(outcome).isInstanceOfSatisfying(ClaimOutcome.Acquired.class, again -> {
            assertThat(again.attempt()).isEqualTo(2);
            assertThat(again.token()).isGreaterThan(first.get());
        });
    }

    @Test
    void shouldAcquireAfreshWhenRecordIsPurgedBetweenRefusedClaimAndRead() throws Exception {
        AtomicLong purged = new AtomicLong();
        ClaimOutcome outcome = claimRacing(key("e1"), POLICY, (k, token) -> {
            purged.set(token);
            database().delete(database().table, k);
        });

        assertThat(outcome).isInstanceOfSatisfying(ClaimOutcome.Acquired.class, fresh -> {
            assertThat(fresh.attempt()).isEqualTo(1);
            assertThat(fresh.token()).isGreaterThan(purged.get());
        });
    }

    @Test
    void shouldClaimInItsOwnTransactionWhileCallerHoldsOne() throws Exception {
        try (Connection caller = database().dataSource.getConnection()) {
            caller.setAutoCommit(false);
            DSL.using(caller, database().dialect.sqlDialect(), JdbcSession.SETTINGS)
                    .fetchCount(DSL.table(DSL.name(database().table)));

            assertThat(store.claim(key("e1"), FP, POLICY))
                    .isInstanceOfSatisfying(
                            ClaimOutcome.Acquired.class,
                            acquired -> assertThat(acquired.attempt()).isEqualTo(1));

            caller.rollback();
        }
        assertThat(store.find(key("e1")).orElseThrow().status()).isEqualTo(RecordStatus.PROCESSING);
        assertThat(store.claim(key("e1"), FP, POLICY)).isInstanceOf(ClaimOutcome.InProgress.class);
    }

    @Test
    void shouldPurgeOnlyRecordsPastTheirRetentionInBatches() {
        String table = database().table + "_p";
        store = purgingInPairs(table);
        try {
            IdempotencyPolicy brief =
                    IdempotencyPolicy.from(SHORT_LEASE).retention(SHORT).build();
            IdempotencyPolicy briefDead = IdempotencyPolicy.from(POLICY)
                    .deadRetention(SHORT)
                    .maxAttempts(1)
                    .build();
            IdempotencyPolicy longDead =
                    IdempotencyPolicy.from(brief).maxAttempts(1).build();
            List<EventKey> expiring = List.of(
                    succeeded("s1", brief),
                    succeeded("s2", brief),
                    succeeded("s3", brief),
                    failed("f1", brief),
                    failed("d1", briefDead),
                    abandoned("p1", brief));
            List<EventKey> kept = List.of(
                    succeeded("s4", POLICY),
                    failed("d2", longDead),
                    abandoned("p2", POLICY),
                    failed("f2", POLICY),
                    queued("q1", brief),
                    dueLater("f3", brief));
            await().atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(50))
                    .until(() -> expiring.stream().allMatch(k -> store.find(k).isEmpty())
                            && database().now().isAfter(createdAt(key("q1")).plus(SHORT)));

            assertThat(store.purgeExpired()).isEqualTo(expiring.size());

            assertThat(database().rows(table)).isEqualTo(kept.size());
            assertThat(kept).allMatch(k -> store.find(k).isPresent());
            assertThat(store.purgeExpired()).isZero();
        } finally {
            JdbcSchema.drop(database().dataSource, database().dialect, table);
        }
    }

    @Test
    void shouldPurgeAuditLinesPastTheTimeTheyWereKeptForInBatches() {
        String table = database().table + "_a";
        store = purgingInPairs(table);
        try {
            Instant now = database().now();
            for (int i = 0; i < 5; i++) {
                store.appendAudit(auditLine("old" + i, now.minus(Duration.ofHours(2))), Duration.ofHours(1));
            }
            AuditLine kept = auditLine("kept", now);
            store.appendAudit(kept, Duration.ofHours(1));

            assertThat(store.purge()).isEqualTo(new JdbcIdempotencyStore.Purged(0, 5));

            assertThat(database().rows(table + JdbcStoreConfig.AUDIT_SUFFIX)).isEqualTo(1);
            assertThat(store.audit(AuditQuery.all(endpoint), null, 10).lines()).containsExactly(kept);
            assertThat(store.purgeExpired()).isZero();
        } finally {
            JdbcSchema.drop(database().dataSource, database().dialect, table);
        }
    }

    @Test
    void shouldKeepAnAuditLineForLongerThanTheDatabaseStoresUntilTheLastTimeItStores() {
        AuditLine line = auditLine("forever", database().now());

        store.appendAudit(line, Duration.ofSeconds(Long.MAX_VALUE));

        assertThat(store.audit(AuditQuery.all(endpoint), null, 10).lines()).containsExactly(line);
    }

    @Test
    void shouldRefuseAnAuditCursorThatIsNoPositiveIdNamingIt() {
        for (String cursor : List.of("", "0", "-3", "1.5", "12:e1")) {
            assertThatThrownBy(() -> store.audit(AuditQuery.all(endpoint), cursor, 10))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("'" + cursor + "'");
        }
    }

    @Test
    void shouldStartTokensAtDatabaseTimeInMicrosecondsAndNeverRepeatThemAfterPurge() {
        IdempotencyPolicy brief = IdempotencyPolicy.from(SHORT_LEASE)
                .retention(SHORT)
                .maxAttempts(100)
                .build();
        long before = database().now().toEpochMilli();
        long last = acquire(key("t"), brief).token();
        assertThat(last).isBetween((before - 1) * 1000, (database().now().toEpochMilli() + 1) * 1000);
        for (int i = 0; i < 20; i++) {
            store.fail(key("t"), last, new Failure(payload("t"), "HTTP 500"), brief);
            long next = acquire(key("t"), brief).token();
            assertThat(next).isGreaterThan(last);
            last = next;
        }
        store.complete(key("t"), last, Completion.succeeded(StoredResponse.empty(200)), brief);
        await().atMost(Duration.ofSeconds(10))
                .pollInterval(Duration.ofMillis(50))
                .until(() -> store.find(key("t")).isEmpty());
        assertThat(store.purgeExpired()).isPositive();

        assertThat(acquire(key("t"), brief).token()).isGreaterThan(last);
    }

    @Test
    void shouldMigrateVersionOneTableInPlaceKeepingItsRows() {
        String table = database().table + "_v1";
        try {
            JdbcSchema.MIGRATIONS
                    .get(0)
                    .statements(database().dialect, table)
                    .forEach(database().dsl()::execute);
            insertVersionOneRow(table, key("old"));
            JdbcStoreConfig config = JdbcStoreConfig.from(database().config())
                    .tableName(table)
                    .createSchemaIfMissing(true)
                    .build();
            store = new JdbcIdempotencyStore(database().dataSource, config);

            assertThat(store.find(key("old")).orElseThrow().status()).isEqualTo(RecordStatus.SUCCEEDED);
            assertThat(store.claim(key("old"), FP, POLICY)).isInstanceOf(ClaimOutcome.Duplicate.class);
            assertThat(store.claim(key("new"), FP, POLICY)).isInstanceOf(ClaimOutcome.Acquired.class);
            assertThat(new JdbcIdempotencyStore(database().dataSource, config).find(key("new")))
                    .isPresent();
        } finally {
            JdbcSchema.drop(database().dataSource, database().dialect, table);
        }
    }

    /** A SUCCEEDED row as version 1 of the store wrote it, into a table of version 1. */
    private void insertVersionOneRow(String table, EventKey key) {
        EventsTable t = new EventsTable(table, database().dialect);
        DatabaseTime time = new DatabaseTime(database().dialect);
        database()
                .dsl()
                .insertInto(t.table)
                .set(t.endpoint, key.endpoint())
                .set(t.eventId, key.eventId())
                .set(t.formatVersion, 1)
                .set(t.status, RecordStatus.SUCCEEDED.code())
                .set(t.fingerprint, FP.hex())
                .set(t.token, 1L)
                .set(t.attempts, 1)
                .set(t.expiresAt, time.after(Duration.ofHours(1)))
                .set(t.responseStatus, 200)
                .set(t.responseBodyOmitted, false)
                .set(t.createdAt, time.now())
                .set(t.updatedAt, time.now())
                .set(t.completedAt, time.now())
                .execute();
    }

    /** A store on a table of its own, created now (the test drops it), that purges two rows per statement. */
    private JdbcIdempotencyStore purgingInPairs(String table) {
        JdbcStoreConfig config = JdbcStoreConfig.from(database().config())
                .tableName(table)
                .createSchemaIfMissing(true)
                .purgeBatchSize(2)
                .build();
        return new JdbcIdempotencyStore(database().dataSource, config);
    }

    private AuditLine auditLine(String eventId, Instant at) {
        return new AuditLine(endpoint, eventId, new AuditEntry(at, "ops", AuditEntry.SKIP, "note of " + eventId));
    }

    private EventKey succeeded(String id, IdempotencyPolicy policy) {
        store.complete(
                key(id), acquire(key(id), policy).token(), Completion.succeeded(StoredResponse.empty(200)), policy);
        return key(id);
    }

    private EventKey failed(String id, IdempotencyPolicy policy) {
        store.fail(key(id), acquire(key(id), policy).token(), new Failure(payload(id), "HTTP 500"), policy);
        return key(id);
    }

    /** QUEUED with a retention that ends long before anyone picks it: still never purged. */
    private EventKey queued(String id, IdempotencyPolicy policy) {
        assertThat(store.enqueue(key(id), FP, payload(id), policy)).isInstanceOf(EnqueueOutcome.Queued.class);
        return key(id);
    }

    /** FAILED in the due queue, due in an hour: never purged while it waits. */
    private EventKey dueLater(String id, IdempotencyPolicy policy) {
        Failure failure = new Failure(payload(id), "HTTP 503", ErrorClass.SERVER_ERROR, Duration.ofHours(1));
        store.fail(key(id), acquire(key(id), policy).token(), failure, policy);
        return key(id);
    }

    private EventKey abandoned(String id, IdempotencyPolicy policy) {
        acquire(key(id), policy);
        return key(id);
    }

    private Instant createdAt(EventKey key) {
        return store.find(key).orElseThrow().createdAt();
    }

    private Instant leaseUntil(EventKey key) {
        Instant until = store.find(key).orElseThrow().leaseUntil();
        assertThat(until).isNotNull();
        return until;
    }

    /** Sessions of this test's PostgreSQL database that wait for a lock. */
    private long waitingOnLocks() {
        Object count = database()
                .dsl()
                .fetchValue("select count(*) from pg_stat_activity"
                        + " where datname = current_database() and wait_event_type = 'Lock'");
        return ((Number) count).longValue();
    }

    /**
     * Claims {@code key} (token T), then claims it again with a store that runs {@code race(key, T)} once, between the
     * refused attempt and its separate read, and returns that second claim's outcome; asserts that the race ran.
     *
     * <p>PostgreSQL's claim reads the refusing row in the same statement, so a separate read happens only when that
     * statement's snapshot misses the row: the first claim is therefore held uncommitted in a transaction until the
     * second one waits for its row lock, and committed then. The second statement, whose snapshot predates the commit,
     * is refused on the committed row and sees no row beside it: its separate read runs, after the race.
     */
    private ClaimOutcome claimRacing(EventKey key, IdempotencyPolicy policy, ObjLongConsumer<EventKey> race)
            throws Exception {
        AtomicLong first = new AtomicLong();
        AtomicInteger raced = new AtomicInteger();
        JdbcIdempotencyStore racing =
                new JdbcIdempotencyStore(database().dataSource, database().config(), k -> {
                    if (raced.getAndIncrement() == 0) {
                        race.accept(k, first.get());
                    }
                });
        ClaimOutcome outcome;
        if (database().dialect != JdbcDialect.POSTGRESQL) {
            first.set(acquire(key, policy).token());
            outcome = racing.claim(key, FP, policy);
        } else {
            ExecutorService second = Executors.newSingleThreadExecutor();
            try (Connection holder = database().dataSource.getConnection()) {
                holder.setAutoCommit(false);
                UpsertClaim claims = (UpsertClaim) store.claims();
                ClaimOutcome held = claims.claimOrRead(
                                holder,
                                key,
                                FP,
                                policy.lease().toMillis(),
                                ClaimQueries.unfinishedRetention(policy).toMillis())
                        .orElseThrow();
                first.set(((ClaimOutcome.Acquired) held).token());
                Future<ClaimOutcome> waiting = second.submit(() -> racing.claim(key, FP, policy));
                await().atMost(Duration.ofSeconds(10))
                        .pollInterval(Duration.ofMillis(20))
                        .until(() -> waitingOnLocks() > 0);
                holder.commit();
                outcome = waiting.get(20, TimeUnit.SECONDS);
            } finally {
                second.shutdownNow();
            }
        }
        assertThat(raced).as("the separate read after a refusal ran").hasPositiveValue();
        return outcome;
    }
}
