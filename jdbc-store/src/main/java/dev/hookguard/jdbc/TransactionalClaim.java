package dev.hookguard.jdbc;

import dev.hookguard.core.Claim;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.jdbc.internal.ClaimDecision;
import dev.hookguard.jdbc.internal.ClaimStrategy;
import dev.hookguard.jdbc.internal.JdbcSession;
import dev.hookguard.jdbc.internal.LockWait;
import dev.hookguard.jdbc.internal.StoreErrors;
import dev.hookguard.jdbc.internal.sql.ClaimQueries;
import dev.hookguard.jdbc.internal.sql.EventRowMapper;
import dev.hookguard.jdbc.internal.sql.TransactionalStatements;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
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
 *       lost connection) the database rolls the claim back with everything else. A fresh event's row is written as
 *       its success leaves it (SUCCEEDED, an empty 200 until the verdict writes the handler's response): nobody sees
 *       it before the commit, and the verdict then changes no indexed column (on PostgreSQL a HOT update), or, for an
 *       empty 200 of a first attempt, which is that very row, writes nothing.
 *   <li>The handler writes on the same connection.
 *   <li>{@link #complete} writes the fenced verdict in the transaction; the caller commits. It answers {@link
 *       WriteOutcome.Stale} when the handler outlived its lease: the caller rolls back, as after a failure.
 *   <li>After a failure the caller rolls back (the handler's writes and the claim), then {@link #recordFailure} records
 *       FAILED or DEAD with the payload in a short transaction of its own: it claims the event again and fails it.
 * </ol>
 *
 * <p>The caller owns the connection: it commits, rolls back and closes it. When the outcome is not {@link
 * ClaimOutcome.Acquired} the caller rolls back (nothing of the claim is to be kept); when it is, the caller commits
 * only after {@link #complete}, or rolls back. Use READ COMMITTED: under
 * REPEATABLE READ PostgreSQL refuses a duplicate's claim with a serialization failure once the holder committed.
 * Not thread-safe; one per event.
 */
public final class TransactionalClaim {

    /** What a duplicate that gave up waiting for the holder's row lock is told: retry shortly. */
    public static final Duration CONTENDED_RETRY = Duration.ofSeconds(1);

    private static final Logger log = LoggerFactory.getLogger(TransactionalClaim.class);

    private final JdbcIdempotencyStore store;
    private final TransactionalStatements statements;
    private final Connection connection;
    private final EventKey key;
    private final Fingerprint fingerprint;
    private final IdempotencyPolicy policy;
    private final ClaimOutcome outcome;
    private final @Nullable Claim held;
    /** Whether the claim wrote a fresh row (SUCCEEDED, {@link ClaimQueries#openedInTransaction()}), not a takeover. */
    private final boolean opened;

    private final long claimedAt;

    private TransactionalClaim(
            JdbcIdempotencyStore store,
            TransactionalStatements statements,
            Connection connection,
            EventKey key,
            Fingerprint fingerprint,
            IdempotencyPolicy policy,
            Claimed claimed,
            long claimedAt) {
        this.store = store;
        this.statements = statements;
        this.connection = connection;
        this.key = key;
        this.fingerprint = fingerprint;
        this.policy = policy;
        this.outcome = claimed.outcome();
        this.held = outcome instanceof ClaimOutcome.Acquired acquired ? acquired.claim(key, policy) : null;
        this.opened = claimed.opened() && held != null;
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
        return begin(store, store.transactionalStatements(lockWait), connection, null, key, fingerprint, policy);
    }

    /** As above; with {@code savepoint} the claim follows the caller's earlier work, and a conflict is not retried. */
    static TransactionalClaim begin(
            JdbcIdempotencyStore store,
            TransactionalStatements statements,
            Connection connection,
            @Nullable Savepoint savepoint,
            EventKey key,
            Fingerprint fingerprint,
            IdempotencyPolicy policy) {
        JdbcIdempotentExecutor.requireTransaction(connection);
        for (int retry = 0; ; retry++) {
            long started = System.nanoTime();
            Claimed claimed;
            try {
                claimed = claim(store, statements, connection, key, fingerprint, policy, false);
            } catch (SQLException | DataAccessException e) {
                if (!statements.lockWait().isTimeout(e)) {
                    if (savepoint != null || retry >= JdbcSession.MAX_CONFLICT_RETRIES || !StoreErrors.isConflict(e)) {
                        throw StoreErrors.unavailable("claim " + key + " in a transaction", e);
                    }
                    try {
                        connection.rollback();
                    } catch (SQLException rollback) {
                        e.addSuppressed(rollback);
                        throw StoreErrors.unavailable("claim " + key + " in a transaction", e);
                    }
                    continue;
                }
                claimed = new Claimed(new ClaimOutcome.InProgress(CONTENDED_RETRY), false);
            }
            return new TransactionalClaim(store, statements, connection, key, fingerprint, policy, claimed, started);
        }
    }

    /**
     * The claim in the transaction on {@code connection}, with statements rendered once and bound here: PostgreSQL's
     * guarded upsert with the refused row beside it (one statement, one round trip with the lock wait), or
     * insert-if-absent and, when the row may be taken over, a locked read and an update (H2, MariaDB/MySQL). A refusal
     * that does not tell its cause is followed by a plain read that tells duplicate, in progress, mismatch or dead
     * without upgrading any lock. A fresh row is written as its success leaves it ({@link
     * ClaimQueries#openedInTransaction()}: nobody sees it before the verdict commits with it, and the verdict then
     * changes no indexed column), or PROCESSING with {@code toFail}, for the short transaction that fails it at once.
     * The fresh row of the handler's transaction is kept for the retention: it commits only settled.
     */
    private static Claimed claim(
            JdbcIdempotencyStore store,
            TransactionalStatements statements,
            Connection connection,
            EventKey key,
            Fingerprint fingerprint,
            IdempotencyPolicy policy,
            boolean toFail)
            throws SQLException {
        long lease = policy.lease().toMillis();
        long retention = (toFail ? ClaimQueries.unfinishedRetention(policy) : policy.retention()).toMillis();
        LockWait lockWait = statements.lockWait();
        for (int round = 1; round <= ClaimStrategy.MAX_ROUNDS; round++) {
            if (statements.upsert()) {
                try (PreparedStatement statement = statements
                                .claimOrRead(toFail)
                                .prepare(
                                        connection,
                                        key.endpoint(),
                                        key.eventId(),
                                        fingerprint.hex(),
                                        lease,
                                        retention);
                        ResultSet rs = lockWait.executeQuery(statement)) {
                    if (rs.next()) {
                        if (rs.getBoolean("acquired")) {
                            return new Claimed(
                                    new ClaimOutcome.Acquired(rs.getLong("token"), rs.getInt("attempts")),
                                    ClaimQueries.openedInTransaction(rs.getString("status")));
                        }
                        if (decide(store, rs, fingerprint) instanceof ClaimDecision.Report report) {
                            return new Claimed(report.outcome(), false);
                        }
                        continue; // the row changed since the refusal: start over
                    }
                }
            } else {
                Optional<Long> inserted = inserted(statements, connection, key, fingerprint, lease, retention, toFail);
                if (inserted.isPresent()) {
                    return new Claimed(new ClaimOutcome.Acquired(inserted.get(), 1), !toFail);
                }
            }
            ClaimDecision decision;
            try (PreparedStatement statement = statements.read().prepare(connection, key.endpoint(), key.eventId());
                    ResultSet rs = statement.executeQuery()) {
                decision = rs.next() ? decide(store, rs, fingerprint) : new ClaimDecision.Missing();
            }
            if (decision instanceof ClaimDecision.Report report) {
                return new Claimed(report.outcome(), false);
            }
            if (statements.upsert() || !(decision instanceof ClaimDecision.TakeOver)) {
                continue; // the row changed since the refusal: start over
            }
            ClaimDecision locked;
            try (PreparedStatement statement =
                            statements.readLocked().prepare(connection, key.endpoint(), key.eventId());
                    ResultSet rs = lockWait.executeQuery(statement)) {
                locked = rs.next() ? decide(store, rs, fingerprint) : new ClaimDecision.Missing();
            }
            if (locked instanceof ClaimDecision.Report report) {
                return new Claimed(report.outcome(), false);
            }
            // rare (a failed, queued, expired or abandoned row): built with jOOQ per call, like LockingClaim's
            if (locked instanceof ClaimDecision.TakeOver takeOver
                    && store.claimQueries()
                                    .takeOver(store.session().dsl(connection), key, fingerprint, null, policy, takeOver)
                                    .execute()
                            == 1) {
                return new Claimed(takeOver.acquired(), false);
            }
        }
        log.warn("Claim of {} gave up after {} rounds of concurrent changes", key, ClaimStrategy.MAX_ROUNDS);
        return new Claimed(ClaimStrategy.CONTENDED, false);
    }

    /**
     * The new row's token, or empty when the key exists (also when H2's {@code MERGE} met a concurrent insert of the
     * key and failed with a duplicate key). MySQL reads the new row's token in a second statement.
     */
    private static Optional<Long> inserted(
            TransactionalStatements statements,
            Connection connection,
            EventKey key,
            Fingerprint fingerprint,
            long lease,
            long retention,
            boolean toFail)
            throws SQLException {
        try (PreparedStatement statement = statements
                .insert(toFail)
                .prepare(connection, key.endpoint(), key.eventId(), fingerprint.hex(), lease, retention)) {
            if (statements.mysql()) {
                if (statement.executeUpdate() != 1) {
                    return Optional.empty();
                }
                try (PreparedStatement token = statements.tokenOf().prepare(connection, key.endpoint(), key.eventId());
                        ResultSet rs = token.executeQuery()) {
                    return rs.next() ? Optional.of(rs.getLong(1)) : Optional.empty();
                }
            }
            try (ResultSet rs = statements.lockWait().executeQuery(statement)) {
                return rs.next() ? Optional.of(rs.getLong(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            if (e.getSQLState() != null && e.getSQLState().startsWith("23")) {
                return Optional.empty(); // H2's MERGE met a concurrent insert of the key
            }
            throw e;
        }
    }

    /** The decision on the claim row at {@code rs}, read with the database's time. */
    private static ClaimDecision decide(JdbcIdempotencyStore store, ResultSet rs, Fingerprint fingerprint)
            throws SQLException {
        EventRowMapper mapper = store.mapper();
        Instant now = mapper.instant(rs, ClaimQueries.DB_NOW);
        if (now == null) {
            throw new SQLException("claim read without the database's time");
        }
        return ClaimDecision.of(mapper.claimRow(rs), fingerprint, now, rs.getLong(ClaimQueries.DB_MICROS));
    }

    /** What the claim found: {@link ClaimOutcome.Acquired} when the handler is to run in this transaction. */
    public ClaimOutcome outcome() {
        return outcome;
    }

    /**
     * The claim held (key, fencing token, policy): the same value the executor's {@code InFlight.claim()} gives, so
     * the transactional mode carries the claim as the plain one does.
     *
     * @throws IllegalStateException when the claim did not acquire the event
     */
    public Claim claim() {
        return held();
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
        Claim claim = held();
        if (leaseElapsed()) {
            log.warn(
                    "The handler of {} ran longer than its lease of {}; its transaction is rolled back",
                    key,
                    policy.lease());
            return new WriteOutcome.Stale();
        }
        if (opened && ClaimQueries.leavesOpenedRow(completion)) { // the claim wrote this very row: nothing to update
            return new WriteOutcome.Recorded(RecordStatus.SUCCEEDED);
        }
        try {
            return store.writes().completeInTransaction(connection, key, claim.token(), completion, policy);
        } catch (SQLException e) {
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
        return store.session().transactionJdbc("record the failure of", key, c -> {
            ClaimOutcome again;
            try {
                again = claim(store, statements, c, key, fingerprint, policy, true)
                        .outcome();
            } catch (SQLException | DataAccessException e) {
                if (statements.lockWait().isTimeout(e)) {
                    return new WriteOutcome.Stale();
                }
                throw e;
            }
            if (!(again instanceof ClaimOutcome.Acquired reclaimed)) {
                return new WriteOutcome.Stale();
            }
            return store.writes().fail(c, key, reclaimed.token(), failure, policy);
        });
    }

    private Claim held() {
        if (held != null) {
            return held;
        }
        throw new IllegalStateException("the claim of " + key + " did not acquire the event: " + outcome);
    }

    /** What a claim found, and whether it wrote a fresh row ({@link ClaimQueries#openedInTransaction()}). */
    private record Claimed(ClaimOutcome outcome, boolean opened) {}
}
