package dev.hookguard.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.executor.Execution;
import dev.hookguard.core.executor.Verdict;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The transactional mode on every dialect: a handler's own writes and the SUCCEEDED record commit together or not at
 * all, in a transaction of the executor's own or joined to the caller's.
 */
abstract class TransactionalModeContract {

    private static final IdempotencyPolicy POLICY = JdbcStoreContract.POLICY;
    private static final Fingerprint FP = JdbcStoreContract.FP;
    private static final StoredResponse OK =
            StoredResponse.of(200, "text/plain", "done".getBytes(StandardCharsets.UTF_8));

    private JdbcIdempotencyStore store;
    private JdbcIdempotentExecutor executor;
    private Effects effects;
    private String endpoint;

    abstract TestDatabase database();

    @BeforeEach
    void setUp() {
        store = database().store();
        executor = new JdbcIdempotentExecutor(store);
        effects = database().effects;
        endpoint = "x" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }

    @AfterEach
    void closeExecutor() {
        executor.close();
    }

    private EventKey key(String id) {
        return EventKey.of(endpoint, id);
    }

    private String effect(String id) {
        return endpoint + "-" + id;
    }

    private List<String> effects() {
        return effects.all(database().plainDsl()).stream()
                .filter(e -> e.startsWith(endpoint))
                .toList();
    }

    private Payload payload() {
        return new Payload("{}".getBytes(StandardCharsets.UTF_8), Map.of("webhook-id", List.of(endpoint)));
    }

    private EventRecord record(String id) {
        return store.find(key(id)).orElseThrow();
    }

    @Test
    void shouldCommitHandlerWritesTogetherWithSucceededRecord() throws Exception {
        Execution execution = executor.executeInTransaction(key("e1"), FP, payload(), POLICY, tx -> {
            effects.write(tx.dsl(), effect("e1"));
            return OK;
        });

        assertThat(execution).isEqualTo(new Execution.Handled(OK, Verdict.PROCESSED));
        assertThat(effects()).containsExactly(effect("e1"));
        assertThat(record("e1").status()).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(store.claim(key("e1"), FP, POLICY))
                .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, OK));
    }

    @Test
    void shouldLeaveNeitherWritesNorSucceededRecordWhenHandlerThrows() {
        assertThatThrownBy(() -> executor.executeInTransaction(key("e1"), FP, payload(), POLICY, tx -> {
                    effects.write(tx.dsl(), effect("e1"));
                    throw new IllegalStateException("boom");
                }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("boom");

        assertThat(effects()).isEmpty();
        assertThat(record("e1").status()).isEqualTo(RecordStatus.FAILED);
        assertThat(record("e1").lastError()).isEqualTo("java.lang.IllegalStateException: boom");
        assertThat(record("e1").payload()).isEqualTo(payload());
    }

    @Test
    void shouldRollBackHandlerWritesOnRetryableStatus() throws Exception {
        Execution execution = executor.executeInTransaction(key("e1"), FP, payload(), POLICY, tx -> {
            effects.write(tx.dsl(), effect("e1"));
            return StoredResponse.empty(503);
        });

        assertThat(execution).isEqualTo(new Execution.Handled(StoredResponse.empty(503), Verdict.FAILED));
        assertThat(effects()).isEmpty();
        assertThat(record("e1").lastError()).isEqualTo("HTTP 503");
    }

    /**
     * A fresh event's row is written SUCCEEDED by the claim and filled in by the verdict; a retry takes the FAILED row
     * over as PROCESSING, and its verdict in the same transaction settles it just the same.
     */
    @Test
    void shouldSettleARetryThatTakesTheFailedRecordOver() throws Exception {
        executor.executeInTransaction(key("e1"), FP, payload(), POLICY, tx -> StoredResponse.empty(503));
        assertThat(record("e1").status()).isEqualTo(RecordStatus.FAILED);

        Execution retried = executor.executeInTransaction(key("e1"), FP, payload(), POLICY, tx -> {
            effects.write(tx.dsl(), effect("e1"));
            return OK;
        });

        assertThat(retried).isEqualTo(new Execution.Handled(OK, Verdict.PROCESSED));
        assertThat(effects()).containsExactly(effect("e1"));
        assertThat(record("e1").status()).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(record("e1").attempts()).isEqualTo(2);
        assertThat(record("e1").response()).isEqualTo(OK);
        assertThat(store.claim(key("e1"), FP, POLICY))
                .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, OK));
    }

    @Test
    void shouldCommitHandlerWritesTogetherWithRejection() throws Exception {
        Execution execution = executor.executeInTransaction(key("e1"), FP, payload(), POLICY, tx -> {
            effects.write(tx.dsl(), effect("e1"));
            return StoredResponse.empty(422);
        });

        assertThat(execution).isEqualTo(new Execution.Handled(StoredResponse.empty(422), Verdict.REJECTED));
        assertThat(effects()).containsExactly(effect("e1"));
        assertThat(record("e1").status()).isEqualTo(RecordStatus.REJECTED);
        assertThat(record("e1").payload()).isEqualTo(payload());
    }

    @Test
    void shouldRollBackAndRecordTheFailureWhenTheHandlerOutlivesItsLease() throws Exception {
        IdempotencyPolicy shortLease = JdbcStoreContract.SHORT_LEASE;

        Execution execution = executor.executeInTransaction(key("e1"), FP, payload(), shortLease, tx -> {
            long started = System.nanoTime(); // after the claim
            effects.write(tx.dsl(), effect("e1"));
            await().atMost(Duration.ofSeconds(10))
                    .pollInterval(Duration.ofMillis(20))
                    .until(() ->
                            System.nanoTime() - started > shortLease.lease().toNanos());
            return OK;
        });

        assertThat(execution).isEqualTo(new Execution.Handled(OK, Verdict.FAILED));
        assertThat(effects()).isEmpty();
        assertThat(record("e1").status()).isEqualTo(RecordStatus.FAILED);
        assertThat(record("e1").lastError()).contains("longer than its lease");
        assertThat(record("e1").payload()).isEqualTo(payload());
    }

    /**
     * One commit and no round trip beyond the statements: the claim, the handler's insert and the verdict; or, for a
     * first attempt answered with an empty 200, which leaves the row exactly as the claim wrote it, no verdict
     * statement at all. The record reads as any other success.
     */
    @ParameterizedTest(name = "empty 200: {0}")
    @ValueSource(booleans = {false, true})
    void shouldCommitOnceWithNoRoundTripBeyondTheStatements(boolean empty200) throws Exception {
        StoredResponse answer = empty200 ? StoredResponse.empty(200) : OK;
        CountingDataSource counting = new CountingDataSource(database().dataSource);
        JdbcIdempotentExecutor countedExecutor = new JdbcIdempotentExecutor(
                new JdbcIdempotencyStore(counting.dataSource, database().config()));
        countedExecutor.executeInTransaction(key("warm"), FP, payload(), POLICY, tx -> answer);
        counting.reset();

        Execution execution = countedExecutor.executeInTransaction(key("e1"), FP, payload(), POLICY, tx -> {
            effects.write(tx.dsl(), effect("e1"));
            return answer;
        });

        assertThat(execution).isEqualTo(new Execution.Handled(answer, Verdict.PROCESSED));
        assertThat(counting.commits).as("commits per event").hasValue(1);
        assertThat(counting.statements)
                .as(empty200 ? "claim, the handler's insert" : "claim, the handler's insert, the verdict")
                .hasValue((empty200 ? 2 : 3) + (database().dialect == JdbcDialect.MYSQL ? 1 : 0));
        assertThat(counting.isolationCalls).as("isolation inquiries").hasValue(0);
        assertThat(effects()).containsExactly(effect("e1"));
        EventRecord record = record("e1");
        assertThat(record.status()).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(record.response()).isEqualTo(answer);
        assertThat(record.attempts()).isEqualTo(1);
        assertThat(record.leaseUntil()).isNull();
        assertThat(store.claim(key("e1"), FP, POLICY))
                .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, answer));
    }

    @Test
    void shouldRunTheHandlerOnceAndTellConcurrentDuplicatesInProgressWithinTheBound() throws Exception {
        int threads = 16;
        AtomicInteger runs = new AtomicInteger();
        CountDownLatch othersDone = new CountDownLatch(threads - 1);
        CountDownLatch start = new CountDownLatch(1);
        List<Execution> results = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        JdbcIdempotentExecutor bounded = new JdbcIdempotentExecutor(store, Duration.ofMillis(200));
        java.util.concurrent.ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<java.util.concurrent.Future<Execution>> futures = new java.util.ArrayList<>();
            for (int i = 0; i < threads; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    Execution execution = bounded.executeInTransaction(key("e1"), FP, payload(), POLICY, tx -> {
                        runs.incrementAndGet();
                        effects.write(tx.dsl(), effect("e1"));
                        // holds the row lock until every duplicate has given up waiting for it
                        assertThat(othersDone.await(60, java.util.concurrent.TimeUnit.SECONDS))
                                .isTrue();
                        return OK;
                    });
                    if (execution instanceof Execution.NotRun) {
                        othersDone.countDown();
                    }
                    results.add(execution);
                    return execution;
                }));
            }
            start.countDown();
            for (var future : futures) {
                future.get(90, java.util.concurrent.TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }

        assertThat(runs).hasValue(1);
        assertThat(results).containsOnlyOnce(new Execution.Handled(OK, Verdict.PROCESSED));
        assertThat(results)
                .filteredOn(Execution.NotRun.class::isInstance)
                .hasSize(threads - 1)
                .allMatch(e -> ((Execution.NotRun) e).outcome() instanceof ClaimOutcome.InProgress);
        assertThat(effects()).containsExactly(effect("e1"));
        assertThat(store.claim(key("e1"), FP, POLICY))
                .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, OK));
    }

    @Test
    void shouldAnswerDuplicateToADuplicateThatWaitedForTheHolderToCommit() throws Exception {
        CountDownLatch claimed = new CountDownLatch(1);
        CountDownLatch finish = new CountDownLatch(1);
        JdbcIdempotentExecutor patient = new JdbcIdempotentExecutor(store, Duration.ofSeconds(20));
        java.util.concurrent.ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            var holder = pool.submit(() -> executor.executeInTransaction(key("e1"), FP, payload(), POLICY, tx -> {
                effects.write(tx.dsl(), effect("e1"));
                claimed.countDown();
                assertThat(finish.await(30, java.util.concurrent.TimeUnit.SECONDS))
                        .isTrue();
                return OK;
            }));
            if (!claimed.await(30, java.util.concurrent.TimeUnit.SECONDS)) {
                holder.get(1, java.util.concurrent.TimeUnit.SECONDS); // tells why the holder never got there
            }
            var duplicate = pool.submit(() -> patient.executeInTransaction(key("e1"), FP, payload(), POLICY, tx -> OK));
            finish.countDown();

            assertThat(holder.get(30, java.util.concurrent.TimeUnit.SECONDS))
                    .isEqualTo(new Execution.Handled(OK, Verdict.PROCESSED));
            assertThat(duplicate.get(30, java.util.concurrent.TimeUnit.SECONDS))
                    .isIn(
                            new Execution.NotRun(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, OK)),
                            new Execution.Handled(OK, Verdict.PROCESSED));
        } finally {
            pool.shutdownNow();
        }
        assertThat(effects()).containsExactly(effect("e1"));
    }

    @Test
    void shouldNotRunHandlerForDuplicate() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        executor.executeInTransaction(key("e1"), FP, payload(), POLICY, tx -> {
            runs.incrementAndGet();
            return OK;
        });

        Execution second = executor.executeInTransaction(key("e1"), FP, payload(), POLICY, tx -> {
            runs.incrementAndGet();
            return OK;
        });

        assertThat(second).isEqualTo(new Execution.NotRun(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, OK)));
        assertThat(runs).hasValue(1);
    }

    @Test
    void shouldMakeJoinedHandlerWritesFinalOnlyWhenCallerCommits() throws Exception {
        try (Connection caller = database().dataSource.getConnection()) {
            caller.setAutoCommit(false);
            effects.write(dsl(caller), effect("before"));

            Execution execution = executor.executeInTransaction(key("e1"), FP, payload(), POLICY, caller, tx -> {
                effects.write(tx.dsl(), effect("e1"));
                return OK;
            });

            assertThat(execution).isEqualTo(new Execution.Handled(OK, Verdict.PROCESSED));
            assertThat(effects()).isEmpty();
            assertThat(store.find(key("e1")))
                    .as("nothing visible before the caller commits")
                    .isEmpty();
            caller.commit();
        }
        assertThat(effects()).containsExactly(effect("before"), effect("e1"));
        assertThat(record("e1").status()).isEqualTo(RecordStatus.SUCCEEDED);
    }

    @Test
    void shouldLeaveNothingOfTheEventWhenCallerRollsBackJoinedTransaction() throws Exception {
        try (Connection caller = database().dataSource.getConnection()) {
            caller.setAutoCommit(false);
            executor.executeInTransaction(key("e1"), FP, payload(), POLICY, caller, tx -> {
                effects.write(tx.dsl(), effect("e1"));
                return OK;
            });

            caller.rollback();
        }
        assertThat(effects()).isEmpty();
        assertThat(store.find(key("e1"))).isEmpty();
        assertThat(store.claim(key("e1"), FP, POLICY)).isInstanceOf(ClaimOutcome.Acquired.class);
    }

    @Test
    void shouldRollBackOnlyToSavepointWhenJoinedHandlerThrows() throws Exception {
        try (Connection caller = database().dataSource.getConnection()) {
            caller.setAutoCommit(false);
            effects.write(dsl(caller), effect("before"));

            assertThatThrownBy(() -> executor.executeInTransaction(key("e1"), FP, payload(), POLICY, caller, tx -> {
                        effects.write(tx.dsl(), effect("e1"));
                        throw new IllegalStateException("boom");
                    }))
                    .hasMessage("boom");

            effects.write(dsl(caller), effect("after"));
            caller.commit();
        }
        assertThat(effects()).containsExactly(effect("after"), effect("before"));
        assertThat(record("e1").status()).isEqualTo(RecordStatus.FAILED);
    }

    @Test
    void shouldRefuseJoinedConnectionInAutoCommitModeBeforeClaiming() throws Exception {
        try (Connection caller = database().dataSource.getConnection()) {
            caller.setAutoCommit(true);

            assertThatThrownBy(() -> executor.executeInTransaction(key("e1"), FP, payload(), POLICY, caller, tx -> OK))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("autoCommit");
        }
        assertThat(store.find(key("e1"))).isEmpty();
    }

    @Test
    void shouldCompleteInTheCallersTransactionOnlyWhenItCommits() throws Exception {
        long token = ((ClaimOutcome.Acquired) store.claim(key("e1"), FP, POLICY)).token();
        try (Connection caller = database().dataSource.getConnection()) {
            caller.setAutoCommit(false);
            effects.write(dsl(caller), effect("e1"));

            WriteOutcome outcome = store.complete(caller, key("e1"), token, Completion.succeeded(OK), POLICY);

            assertThat(outcome).isEqualTo(new WriteOutcome.Recorded(RecordStatus.SUCCEEDED));
            assertThat(record("e1").status()).isEqualTo(RecordStatus.PROCESSING);
            caller.commit();
        }
        assertThat(effects()).containsExactly(effect("e1"));
        assertThat(store.claim(key("e1"), FP, POLICY))
                .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, OK));
    }

    @Test
    void shouldLeaveTheRecordProcessingWhenTheCallerRollsBackACompletion() throws Exception {
        long token = ((ClaimOutcome.Acquired) store.claim(key("e1"), FP, POLICY)).token();
        try (Connection caller = database().dataSource.getConnection()) {
            caller.setAutoCommit(false);
            effects.write(dsl(caller), effect("e1"));
            store.complete(caller, key("e1"), token, Completion.succeeded(OK), POLICY);

            caller.rollback();
        }
        assertThat(effects()).isEmpty();
        assertThat(record("e1").status()).isEqualTo(RecordStatus.PROCESSING);
    }

    @Test
    void shouldAnswerStaleToACompletionInTheCallersTransactionWithALostToken() throws Exception {
        long token = ((ClaimOutcome.Acquired) store.claim(key("e1"), FP, POLICY)).token();
        try (Connection caller = database().dataSource.getConnection()) {
            caller.setAutoCommit(false);

            WriteOutcome outcome = store.complete(caller, key("e1"), token + 1, Completion.succeeded(OK), POLICY);

            assertThat(outcome).isEqualTo(new WriteOutcome.Stale());
            caller.rollback();
        }
    }

    @Test
    void shouldRefuseACompletionOnAConnectionInAutoCommitMode() throws Exception {
        long token = ((ClaimOutcome.Acquired) store.claim(key("e1"), FP, POLICY)).token();
        try (Connection caller = database().dataSource.getConnection()) {
            caller.setAutoCommit(true);

            assertThatThrownBy(() -> store.complete(caller, key("e1"), token, Completion.succeeded(OK), POLICY))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("autoCommit");
        }
        assertThat(record("e1").status()).isEqualTo(RecordStatus.PROCESSING);
    }

    private DSLContext dsl(Connection connection) {
        return DSL.using(connection, database().dialect.sqlDialect());
    }
}
