package dev.hookguard.jdbc;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.DueQueue.QueueStats;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.operator.EndpointControls.EndpointState;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.AuditLine;
import dev.hookguard.core.operator.OperatorStore.AuditPage;
import dev.hookguard.core.operator.OperatorStore.AuditQuery;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import dev.hookguard.jdbc.internal.ClaimStrategy;
import dev.hookguard.jdbc.internal.DatabaseTime;
import dev.hookguard.jdbc.internal.FencedWrites;
import dev.hookguard.jdbc.internal.JdbcAuditTrail;
import dev.hookguard.jdbc.internal.JdbcDueQueue;
import dev.hookguard.jdbc.internal.JdbcEndpointControls;
import dev.hookguard.jdbc.internal.JdbcOperatorStore;
import dev.hookguard.jdbc.internal.JdbcPurge;
import dev.hookguard.jdbc.internal.JdbcSession;
import dev.hookguard.jdbc.internal.JdbcWarmUp;
import dev.hookguard.jdbc.internal.LockingClaim;
import dev.hookguard.jdbc.internal.StoreErrors;
import dev.hookguard.jdbc.internal.UpsertClaim;
import dev.hookguard.jdbc.internal.sql.AdminQueries;
import dev.hookguard.jdbc.internal.sql.AuditQueries;
import dev.hookguard.jdbc.internal.sql.ClaimQueries;
import dev.hookguard.jdbc.internal.sql.EventRowMapper;
import dev.hookguard.jdbc.internal.sql.EventsTable;
import dev.hookguard.jdbc.internal.sql.OperatorQueries;
import dev.hookguard.jdbc.internal.sql.PurgeQueries;
import dev.hookguard.jdbc.internal.sql.QueueQueries;
import dev.hookguard.jdbc.internal.sql.ReadQueries;
import dev.hookguard.jdbc.internal.sql.RenderedStatement;
import dev.hookguard.jdbc.internal.sql.TransactionalStatements;
import dev.hookguard.jdbc.internal.sql.WriteQueries;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Consumer;
import java.util.function.IntUnaryOperator;
import javax.sql.DataSource;
import org.jspecify.annotations.Nullable;

/**
 * The {@link RecoveryStore} (hot path, due queue, operator side) on one table of a PostgreSQL, H2 or MariaDB/MySQL
 * database, reached through any {@link DataSource} (a HikariCP pool in production). Thread-safe; create one per table
 * and share it.
 *
 * <p>Every operation borrows its own connection and runs as one auto-committed statement or one short transaction of
 * its own, never inside a transaction the caller has open, so pass the pool itself, not a transaction-aware proxy. The
 * claim is a single guarded upsert on PostgreSQL, which also returns the row that refused it, and insert-if-absent
 * plus a locked read elsewhere (see {@link UpsertClaim}, {@link LockingClaim}); every later write is an {@code UPDATE}
 * fenced by the claim's token. The hot path's statements (claim, renew, complete, fail, find) are rendered once when
 * the store is created and bound per call with plain JDBC ({@link RenderedStatement}). Leases and
 * retention follow the database's clock, in milliseconds; fencing tokens start at its time in microseconds and never
 * repeat for a key. Records past their retention behave as absent at once and are deleted by {@link #purgeExpired()},
 * except records in the due queue ({@link JdbcDueQueue}), which never expire while there. Operators' actions ({@link
 * JdbcOperatorStore}) keep a bounded audit history in the row; an endpoint's pause or resume is a row of the table {@code
 * <table>_controls} ({@link JdbcEndpointControls}); the endpoints' audit trails are rows of the table {@code
 * <table>_audit} ({@link JdbcAuditTrail}), each line kept for the time it was appended with. A deadlock or
 * serialization failure is retried up to three times; any other database failure is a {@link
 * dev.hookguard.core.StoreUnavailableException}. The module README lists the tables, their migrations and every
 * statement.
 */
public final class JdbcIdempotencyStore implements RecoveryStore {

    private final JdbcStoreConfig config;
    private final JdbcDialect dialect;
    private final JdbcSession session;
    private final EventRowMapper mapper;
    private final RenderedStatement find;
    private final AdminQueries admin;
    private final JdbcDueQueue queue;
    private final JdbcOperatorStore operators;
    private final JdbcPurge purge;
    private final JdbcEndpointControls controls;
    private final JdbcAuditTrail audit;
    private final FencedWrites writes;
    private final ClaimStrategy claims;
    private final ClaimQueries claimQueries;
    /** The transactional path's statements, rendered once per lock wait (an application uses one or two). */
    private final ConcurrentMap<Duration, TransactionalStatements> transactional = new ConcurrentHashMap<>();

    /** A store on the table {@code hookguard_events}, dialect detected from the data source. */
    public JdbcIdempotencyStore(DataSource dataSource) {
        this(dataSource, JdbcStoreConfig.ofDefaults());
    }

    /**
     * A store as configured. Borrows a connection now only to detect the dialect (when not configured) and to create
     * the schema (when asked to).
     *
     * @throws dev.hookguard.core.StoreUnavailableException when that connection cannot be had
     */
    public JdbcIdempotencyStore(DataSource dataSource, JdbcStoreConfig config) {
        this(dataSource, config, key -> {});
    }

    /** As above; {@code afterRefusal} runs between a refused claim attempt and its read, so tests can race them. */
    JdbcIdempotencyStore(DataSource dataSource, JdbcStoreConfig config, Consumer<EventKey> afterRefusal) {
        this.config = config;
        this.dialect = config.dialect() != null ? config.dialect() : JdbcDialect.detect(dataSource);
        if (config.createSchemaIfMissing()) {
            JdbcSchema.createIfMissing(dataSource, dialect, config.tableName());
        }
        EventsTable table = new EventsTable(config.tableName(), dialect);
        DatabaseTime time = new DatabaseTime(dialect);
        ClaimQueries claimQueries = new ClaimQueries(table, time);
        WriteQueries writeQueries = new WriteQueries(table, time, claimQueries);
        this.session = new JdbcSession(dataSource, dialect);
        this.claimQueries = claimQueries;
        this.mapper = new EventRowMapper(table);
        this.find = RenderedStatement.of(
                JdbcSession.renderer(dialect),
                new ReadQueries(table, time, claimQueries).find(),
                ClaimQueries.ENDPOINT,
                ClaimQueries.EVENT_ID);
        this.admin = new AdminQueries(table, time, claimQueries);
        this.queue = new JdbcDueQueue(session, claimQueries, new QueueQueries(table, time, claimQueries), mapper);
        this.operators =
                new JdbcOperatorStore(session, new OperatorQueries(table, time, claimQueries, writeQueries), mapper);
        this.purge = new JdbcPurge(session, new PurgeQueries(table, claimQueries));
        this.controls = new JdbcEndpointControls(session, config.tableName(), dialect);
        this.audit = new JdbcAuditTrail(session, new AuditQueries(config.tableName(), time));
        this.writes = new FencedWrites(dialect, table, writeQueries);
        this.claims = dialect.upsertReturning()
                ? new UpsertClaim(session, claimQueries, mapper, afterRefusal)
                : new LockingClaim(session, claimQueries, mapper, afterRefusal);
    }

    @Override
    public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
        return claims.claim(key, fingerprint, null, policy);
    }

    /**
     * The claim in the same one statement (PostgreSQL) or insert-if-absent and locked take-over (H2, MariaDB/MySQL) as
     * the plain one, its row keeping {@code payload} when new or when it keeps none.
     */
    @Override
    public ClaimOutcome claim(
            EventKey key, Fingerprint fingerprint, @Nullable Payload payload, IdempotencyPolicy policy) {
        return claims.claim(key, fingerprint, payload, policy);
    }

    @Override
    public WriteOutcome renew(EventKey key, long token, IdempotencyPolicy policy) {
        return session.autoCommitJdbc("renew", key, connection -> writes.renew(connection, key, token, policy));
    }

    @Override
    public WriteOutcome complete(EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
        return session.autoCommitJdbc(
                "complete", key, connection -> writes.complete(connection, key, token, completion, policy));
    }

    /**
     * As {@link #complete(EventKey, long, Completion, IdempotencyPolicy)}, but as one statement of the caller's open
     * transaction on {@code connection}, for integrations whose transaction is managed elsewhere (the Spring adapter's
     * transactional mode, where the servlet filter claimed the event and the handler writes through Spring's
     * transaction). The verdict becomes final only when the caller commits; if the caller rolls back, the record stays
     * PROCESSING until its lease ends and a redelivery runs the handler again. A {@link WriteOutcome.Stale} result
     * means the lease was taken over: the caller must roll back.
     *
     * @param connection a connection to this store's database with auto-commit off; the caller commits, rolls back and
     *     closes it
     * @throws IllegalArgumentException when {@code connection} is in auto-commit mode
     * @throws dev.hookguard.core.StoreUnavailableException when the statement fails
     */
    public WriteOutcome complete(
            Connection connection, EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
        JdbcIdempotentExecutor.requireTransaction(connection);
        try {
            return writes.complete(connection, key, token, completion, policy);
        } catch (SQLException e) {
            throw StoreErrors.unavailable("complete " + key + " in the caller's transaction", e);
        }
    }

    @Override
    public WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
        return session.autoCommitJdbc(
                "record failure of", key, connection -> writes.fail(connection, key, token, failure, policy));
    }

    /**
     * Holds a few of the pool's connections at once (so the pool opens them now) and runs the hot path's statements
     * once on each: a find of a key that does not exist, and the claim's statements in a transaction rolled back
     * ({@link JdbcWarmUp}). Writes nothing.
     */
    @Override
    public void warmUp() {
        JdbcWarmUp.run(session, new JdbcWarmUp.Statements() {
            @Override
            public void find(Connection connection, EventKey key) throws SQLException {
                try (PreparedStatement statement = find.prepare(connection, key.endpoint(), key.eventId());
                        ResultSet rs = statement.executeQuery()) {
                    rs.next();
                }
            }

            @Override
            public void claim(Connection connection, EventKey key, IdempotencyPolicy policy) throws SQLException {
                claims.warm(connection, key, policy);
            }
        });
    }

    @Override
    public Optional<EventRecord> find(EventKey key) {
        return session.autoCommitJdbc("find", key, connection -> {
            try (PreparedStatement statement = find.prepare(connection, key.endpoint(), key.eventId());
                    ResultSet rs = statement.executeQuery()) {
                return rs.next() ? Optional.of(mapper.record(rs)) : Optional.empty();
            }
        });
    }

    @Override
    public EnqueueOutcome enqueue(EventKey key, Fingerprint fingerprint, Payload payload, IdempotencyPolicy policy) {
        return queue.enqueue(key, fingerprint, payload, policy);
    }

    /**
     * PostgreSQL: one {@code UPDATE … FROM (SELECT … FOR UPDATE SKIP LOCKED) … RETURNING}; H2, MariaDB: one short
     * transaction of {@code SELECT … FOR UPDATE SKIP LOCKED} and an {@code UPDATE} of the locked rows.
     */
    @Override
    public List<EventRecord> pick(String endpoint, int limit, Duration window) {
        return queue.pick(endpoint, limit, window);
    }

    @Override
    public boolean schedule(EventKey key, Duration delay, IdempotencyPolicy policy) {
        return queue.schedule(key, delay, policy);
    }

    @Override
    public int release(List<EventRecord> picked) {
        return queue.release(picked);
    }

    /** One aggregate over the endpoint's due index: O(depth) index entries, no row or payload read. */
    @Override
    public QueueStats stats(String endpoint) {
        return queue.stats(endpoint);
    }

    @Override
    public RecordPage list(ListFilter filter, @Nullable String cursor, int limit) {
        return operators.list(filter, cursor, limit);
    }

    @Override
    public long count(ListFilter filter) {
        return operators.count(filter);
    }

    /** One {@code SELECT count(*)} over the operator index (index-only on PostgreSQL). */
    @Override
    public long deadLetterCount(String endpoint) {
        return operators.deadLetterCount(endpoint);
    }

    @Override
    public AdminOutcome replay(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return operators.replay(key, action, policy);
    }

    @Override
    public AdminOutcome requeue(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return operators.requeue(key, action, policy);
    }

    @Override
    public AdminOutcome resolve(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return operators.resolve(key, action, policy);
    }

    @Override
    public AdminOutcome skip(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return operators.skip(key, action, policy);
    }

    /** One {@code DELETE} guarded by key, status and {@code updated_at} ({@link JdbcPurge}). */
    @Override
    public AdminOutcome purge(EventKey key, Instant updatedAt) {
        return purge.purge(key, updatedAt);
    }

    @Override
    public EndpointState pause(String endpoint, OperatorAction action) {
        return controls.change(endpoint, true, action, AuditEntry.PAUSE);
    }

    @Override
    public EndpointState resume(String endpoint, OperatorAction action) {
        return controls.change(endpoint, false, action, AuditEntry.RESUME);
    }

    /** One {@code SELECT} by primary key of the endpoint controls' table. */
    @Override
    public EndpointState controls(String endpoint) {
        return controls.read(endpoint);
    }

    /** One auto-committed {@code INSERT} into the audit trail's table; the line's time is kept in milliseconds. */
    @Override
    public void appendAudit(AuditLine line, Duration keepFor) {
        audit.append(line, keepFor);
    }

    /**
     * One {@code SELECT} of the endpoint's live lines by descending id (the order of appending) on {@code
     * <table>_audit_walk_idx}; the cursor is the decimal id of the page's last line.
     */
    @Override
    public AuditPage audit(AuditQuery query, @Nullable String cursor, int limit) {
        return audit.read(query, cursor, limit);
    }

    /**
     * Deletes every record past its retention (FAILED, SUCCEEDED and REJECTED after {@code policy.retention()}, DEAD
     * after {@code policy.deadRetention()}, abandoned claims after their lease and retention), then every audit line
     * past the time it was kept for, each in auto-committed batches of {@link JdbcStoreConfig#purgeBatchSize()} rows so
     * that no lock is held for long.
     *
     * @return how many rows were deleted: records and audit lines together
     */
    public int purgeExpired() {
        return purge().rows();
    }

    /** The purge of {@link #purgeExpired()}, counting records and audit lines apart (for {@link JdbcPurger}'s log). */
    Purged purge() {
        int records = inBatches(batch -> session.autoCommit(
                "purge expired records",
                dsl -> admin.purgeBatch(dsl, dialect, batch).execute()));
        return new Purged(records, inBatches(audit::purgeBatch));
    }

    /** Runs {@code deleteBatch} with the configured batch size until a batch comes back short; the rows deleted. */
    private int inBatches(IntUnaryOperator deleteBatch) {
        int batch = config.purgeBatchSize();
        int total = 0;
        int deleted;
        do {
            deleted = deleteBatch.applyAsInt(batch);
            total += deleted;
        } while (deleted >= batch);
        return total;
    }

    /**
     * What one purge deleted.
     *
     * @param records expired records
     * @param auditLines audit lines past the time they were kept for
     */
    record Purged(int records, int auditLines) {

        int rows() {
            return records + auditLines;
        }
    }

    /** The database this store speaks to. */
    public JdbcDialect dialect() {
        return dialect;
    }

    /** This store's configuration. */
    public JdbcStoreConfig config() {
        return config;
    }

    JdbcSession session() {
        return session;
    }

    FencedWrites writes() {
        return writes;
    }

    /** The dialect's claim ({@link UpsertClaim} on PostgreSQL, whose one round can run on a caller's connection). */
    ClaimStrategy claims() {
        return claims;
    }

    ClaimQueries claimQueries() {
        return claimQueries;
    }

    /**
     * The statements of {@link TransactionalClaim} bounded by {@code lockWait}, rendered on first use.
     *
     * @throws IllegalArgumentException when {@code lockWait} is not positive
     */
    TransactionalStatements transactionalStatements(Duration lockWait) {
        if (lockWait == null || lockWait.isNegative() || lockWait.isZero()) {
            throw new IllegalArgumentException("lockWait must be positive but was " + lockWait);
        }
        return transactional.computeIfAbsent(
                lockWait, bound -> new TransactionalStatements(dialect, claimQueries, bound));
    }

    EventRowMapper mapper() {
        return mapper;
    }
}
