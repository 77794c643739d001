package dev.hookguard.jdbc;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.WriteOutcome;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.time.Duration;
import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.ResultQuery;
import org.jooq.exception.DataAccessException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one transactional path, shared by {@link JdbcIdempotentExecutor} and the Spring adapter's transactional mode:
 * the claim, the handler's own SQL and the verdict are statements of one transaction on one connection, which
 * commits once per event.
 *
 * <ol>
 *   <li>{@link #begin} claims as the transaction's first statement. The claimed row stays locked until the
 *       transaction ends, so a concurrent duplicate waits for it at most the lock wait (then {@link
 *       ClaimOutcome.InProgress}: answer 409 with {@code Retry-After}) and, once the holder committed, gets {@link
 *       ClaimOutcome.Duplicate}. Nobody can take the event over while the transaction lives; if it dies (crash,
 *       lost connection) the database rolls the claim back with everything else.
 *   <li>The handler writes on the same connection.
 *   <li>{@link #complete} writes the fenced verdict in the transaction; the caller commits. It answers {@link
 *       WriteOutcome.Stale} when the handler outlived its lease: the caller rolls back, as after a failure.
 *   <li>After a failure the caller rolls back (the handler's writes and the claim), then {@link #recordFailure} records
 *       FAILED or DEAD with the payload in a short transaction of its own: it claims the event again and fails it.
 * </ol>
 *
 * <p>The caller owns the connection: it commits, rolls back and closes it. When the outcome is not {@link
 * ClaimOutcome.Acquired} the caller rolls back (nothing of the claim is to be kept). Use READ COMMITTED: under
 * REPEATABLE READ PostgreSQL refuses a duplicate's claim with a serialization failure once the holder committed.
 * Not thread-safe; one per event.
 */
public final class TransactionalClaim {

    /** What a duplicate that gave up waiting for the holder's row lock is told: retry shortly. */
    public static final Duration CONTENDED_RETRY = Duration.ofSeconds(1);

    private static final Logger log = LoggerFactory.getLogger(TransactionalClaim.class);

    private final JdbcIdempotencyStore store;
    private final LockWait lockWait;
    private final Connection connection;
    private final EventKey key;
    private final Fingerprint fingerprint;
    private final IdempotencyPolicy policy;
    private final ClaimOutcome outcome;
    private final long claimedAt;

    private TransactionalClaim(
            JdbcIdempotencyStore store,
            LockWait lockWait,
            Connection connection,
            EventKey key,
            Fingerprint fingerprint,
            IdempotencyPolicy policy,
            ClaimOutcome outcome,
            long claimedAt) {
        this.store = store;
        this.lockWait = lockWait;
        this.connection = connection;
        this.key = key;
        this.fingerprint = fingerprint;
        this.policy = policy;
        this.outcome = outcome;
        this.claimedAt = claimedAt;
    }

    /**
     * Claims {@code key} as the first statement of the open transaction on {@code connection}. A deadlock or
     * serialization failure rolls the transaction back and the claim starts over (at most three times).
     *
     * @param connection a connection to the store's database with auto-commit off and nothing done yet in its
     *     transaction
     * @param lockWait how long to wait for the row lock of a concurrent holder of the event
     * @throws IllegalArgumentException when {@code connection} is in auto-commit mode or {@code lockWait} is not
     *     positive
     * @throws StoreUnavailableException when the database fails; roll back
     */
    public static TransactionalClaim begin(
            JdbcIdempotencyStore store,
            Connection connection,
            EventKey key,
            Fingerprint fingerprint,
            IdempotencyPolicy policy,
            Duration lockWait) {
        return begin(store, new LockWait(store.dialect(), lockWait), connection, null, key, fingerprint, policy);
    }

    /** As above; with {@code savepoint} the claim follows the caller's earlier work, and a conflict is not retried. */
    static TransactionalClaim begin(
            JdbcIdempotencyStore store,
            LockWait lockWait,
            Connection connection,
            @Nullable Savepoint savepoint,
            EventKey key,
            Fingerprint fingerprint,
            IdempotencyPolicy policy) {
        JdbcIdempotentExecutor.requireTransaction(connection);
        DSLContext dsl = store.session().dsl(connection);
        for (int retry = 0; ; retry++) {
            long started = System.nanoTime();
            try {
                ClaimOutcome outcome = claim(store, lockWait, dsl, key, fingerprint, policy);
                return new TransactionalClaim(store, lockWait, connection, key, fingerprint, policy, outcome, started);
            } catch (DataAccessException e) {
                if (lockWait.isTimeout(e)) {
                    return new TransactionalClaim(
                            store,
                            lockWait,
                            connection,
                            key,
                            fingerprint,
                            policy,
                            new ClaimOutcome.InProgress(CONTENDED_RETRY),
                            started);
                }
                if (savepoint != null || retry >= JdbcSession.MAX_CONFLICT_RETRIES || !StoreErrors.isConflict(e)) {
                    throw StoreErrors.unavailable("claim " + key + " in a transaction", e);
                }
                try {
                    connection.rollback();
                } catch (SQLException rollback) {
                    e.addSuppressed(rollback);
                    throw StoreErrors.unavailable("claim " + key + " in a transaction", e);
                }
            }
        }
    }

    /**
     * The claim in the transaction of {@code dsl}: PostgreSQL's guarded upsert, or insert-if-absent and, when the row
     * may be taken over, a locked read and an update (H2, MariaDB/MySQL). A refused attempt is followed by a plain read
     * that tells duplicate, in progress, mismatch or dead without upgrading any lock.
     */
    private static ClaimOutcome claim(
            JdbcIdempotencyStore store,
            LockWait lockWait,
            DSLContext dsl,
            EventKey key,
            Fingerprint fingerprint,
            IdempotencyPolicy policy) {
        ClaimQueries queries = store.claimQueries();
        boolean upsert = store.dialect().upsertReturning();
        for (int round = 1; round <= ClaimStrategy.MAX_ROUNDS; round++) {
            if (upsert) {
                ResultQuery<Record> claim = queries.upsert();
                claim.bind(ClaimQueries.ENDPOINT, key.endpoint())
                        .bind(ClaimQueries.EVENT_ID, key.eventId())
                        .bind(ClaimQueries.FINGERPRINT, fingerprint.hex())
                        .bind(ClaimQueries.LEASE_MS, policy.lease().toMillis())
                        .bind(
                                ClaimQueries.RETENTION_MS,
                                ClaimQueries.unfinishedRetention(policy).toMillis());
                Optional<Record> acquired = lockWait.fetchOptional(dsl, claim);
                if (acquired.isPresent()) {
                    return new ClaimOutcome.Acquired(
                            acquired.get().get("token", Long.class),
                            acquired.get().get("attempts", Integer.class));
                }
            } else {
                Optional<Long> inserted = inserted(store, lockWait, dsl, key, fingerprint, policy);
                if (inserted.isPresent()) {
                    return new ClaimOutcome.Acquired(inserted.get(), 1);
                }
            }
            ClaimDecision decision =
                    decide(store, queries.read(dsl, key, false).fetchOptional().map(r -> r), fingerprint);
            if (decision instanceof ClaimDecision.Report report) {
                return report.outcome();
            }
            if (upsert || !(decision instanceof ClaimDecision.TakeOver)) {
                continue; // the row changed since the refusal: start over
            }
            ClaimDecision locked =
                    decide(store, lockWait.fetchOptional(dsl, queries.read(dsl, key, true)), fingerprint);
            if (locked instanceof ClaimDecision.Report report) {
                return report.outcome();
            }
            if (locked instanceof ClaimDecision.TakeOver takeOver
                    && queries.takeOver(dsl, key, fingerprint, policy, takeOver).execute() == 1) {
                return takeOver.acquired();
            }
        }
        log.warn("Claim of {} gave up after {} rounds of concurrent changes", key, ClaimStrategy.MAX_ROUNDS);
        return ClaimStrategy.CONTENDED;
    }

    private static Optional<Long> inserted(
            JdbcIdempotencyStore store,
            LockWait lockWait,
            DSLContext dsl,
            EventKey key,
            Fingerprint fingerprint,
            IdempotencyPolicy policy) {
        ClaimQueries queries = store.claimQueries();
        var row = queries.freshRow(key, fingerprint, policy);
        if (store.dialect() == JdbcDialect.MYSQL) {
            return LockingClaim.insertedToken(store.session(), queries, dsl, key, row);
        }
        try {
            return lockWait.fetchOptional(dsl, queries.insertIfAbsent(dsl, key, row))
                    .map(r -> r.get(0, Long.class));
        } catch (DataAccessException e) {
            if (StoreErrors.isIntegrityViolation(e)) {
                return Optional.empty(); // H2's MERGE met a concurrent insert of the key
            }
            throw e;
        }
    }

    private static ClaimDecision decide(JdbcIdempotencyStore store, Optional<Record> row, Fingerprint fingerprint) {
        if (row.isEmpty()) {
            return new ClaimDecision.Missing();
        }
        ClaimQueries queries = store.claimQueries();
        return ClaimDecision.of(
                store.mapper().claimRow(row.get()), fingerprint, queries.dbNow(row.get()), queries.dbMicros(row.get()));
    }

    /** What the claim found: {@link ClaimOutcome.Acquired} when the handler is to run in this transaction. */
    public ClaimOutcome outcome() {
        return outcome;
    }

    /** True when the claim acquired the event. */
    public boolean acquired() {
        return outcome instanceof ClaimOutcome.Acquired;
    }

    /** True when the handler has held the event longer than its lease (measured from the claim). */
    public boolean leaseElapsed() {
        return System.nanoTime() - claimedAt >= policy.lease().toNanos();
    }

    /**
     * Writes the fenced verdict as a statement of the transaction; final when the caller commits. {@link
     * WriteOutcome.Stale} when the handler outlived its lease (or the claim's row changed, which the row lock rules
     * out): the caller rolls back and records the failure.
     *
     * @throws IllegalStateException when the claim did not acquire the event
     * @throws StoreUnavailableException when the statement fails; roll back
     */
    public WriteOutcome complete(Completion completion) {
        ClaimOutcome.Acquired acquired = held();
        if (leaseElapsed()) {
            log.warn(
                    "The handler of {} ran longer than its lease of {}; its transaction is rolled back",
                    key,
                    policy.lease());
            return new WriteOutcome.Stale();
        }
        try {
            return store.writes().complete(store.session().dsl(connection), key, acquired.token(), completion, policy);
        } catch (DataAccessException e) {
            throw StoreErrors.unavailable("complete " + key + " in the handler's transaction", e);
        }
    }

    /**
     * After the caller rolled the transaction back: records {@code failure} (FAILED, or DEAD on the last attempt,
     * with its payload) in a short transaction of its own on another pooled connection, which claims the event again
     * and fails it. {@link WriteOutcome.Stale} when another delivery holds or finished the event meanwhile: its run is
     * the one that counts.
     *
     * @throws StoreUnavailableException when the database fails
     */
    public WriteOutcome recordFailure(Failure failure) {
        held();
        return store.session().transaction("record the failure of " + key, dsl -> {
            ClaimOutcome again;
            try {
                again = claim(store, lockWait, dsl, key, fingerprint, policy);
            } catch (DataAccessException e) {
                if (lockWait.isTimeout(e)) {
                    return new WriteOutcome.Stale();
                }
                throw e;
            }
            if (!(again instanceof ClaimOutcome.Acquired reclaimed)) {
                return new WriteOutcome.Stale();
            }
            return dsl.connectionResult(c -> store.writes().fail(c, key, reclaimed.token(), failure, policy));
        });
    }

    private ClaimOutcome.Acquired held() {
        if (outcome instanceof ClaimOutcome.Acquired acquired) {
            return acquired;
        }
        throw new IllegalStateException("the claim of " + key + " did not acquire the event: " + outcome);
    }
}
