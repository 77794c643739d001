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
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.jooq.DSLContext;
import org.jooq.impl.DSL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

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
    void shouldRollBackHandlerWritesWhenLeaseWasTakenOverMeanwhile() throws Exception {
        IdempotencyPolicy shortLease = JdbcStoreContract.SHORT_LEASE;
        ScheduledExecutorService stalled = Executors.newSingleThreadScheduledExecutor();
        CountDownLatch release = new CountDownLatch(1);
        stalled.execute(() -> awaitQuietly(release));
        AtomicReference<ClaimOutcome> takeover = new AtomicReference<>();
        try (JdbcIdempotentExecutor withoutRenewal = new JdbcIdempotentExecutor(store, stalled)) {
            Execution execution = withoutRenewal.executeInTransaction(key("e1"), FP, payload(), shortLease, tx -> {
                effects.write(tx.dsl(), effect("e1"));
                takeover.set(await().atMost(Duration.ofSeconds(10))
                        .pollInterval(Duration.ofMillis(50))
                        .until(() -> store.claim(key("e1"), FP, shortLease), ClaimOutcome.Acquired.class::isInstance));
                return OK;
            });

            assertThat(execution).isEqualTo(new Execution.Handled(OK, Verdict.STALE));
        } finally {
            release.countDown();
            stalled.shutdownNow();
        }
        assertThat(effects()).isEmpty();
        assertThat(record("e1").status()).isEqualTo(RecordStatus.PROCESSING);
        assertThat(record("e1").token()).isEqualTo(((ClaimOutcome.Acquired) takeover.get()).token());
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
            assertThat(record("e1").status()).isEqualTo(RecordStatus.PROCESSING);
            caller.commit();
        }
        assertThat(effects()).containsExactly(effect("before"), effect("e1"));
        assertThat(record("e1").status()).isEqualTo(RecordStatus.SUCCEEDED);
    }

    @Test
    void shouldLeaveRecordProcessingWhenCallerRollsBackJoinedTransaction() throws Exception {
        try (Connection caller = database().dataSource.getConnection()) {
            caller.setAutoCommit(false);
            executor.executeInTransaction(key("e1"), FP, payload(), POLICY, caller, tx -> {
                effects.write(tx.dsl(), effect("e1"));
                return OK;
            });

            caller.rollback();
        }
        assertThat(effects()).isEmpty();
        assertThat(record("e1").status()).isEqualTo(RecordStatus.PROCESSING);
        assertThat(store.claim(key("e1"), FP, POLICY)).isInstanceOf(ClaimOutcome.InProgress.class);
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

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
