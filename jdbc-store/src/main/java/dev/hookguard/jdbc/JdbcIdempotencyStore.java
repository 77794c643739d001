package dev.hookguard.jdbc;

import dev.hookguard.core.AdminOutcome;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.ListFilter;
import dev.hookguard.core.OperatorAction;
import dev.hookguard.core.Payload;
import dev.hookguard.core.QueueStats;
import dev.hookguard.core.RecordPage;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.WriteOutcome;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.jooq.DSLContext;
import org.jooq.Record2;
import org.jooq.exception.DataAccessException;
import org.jspecify.annotations.Nullable;

/**
 * The {@link IdempotencyStore} on one table of a PostgreSQL, H2 or MariaDB/MySQL database, reached through any
 * {@link DataSource} (a HikariCP pool in production). Thread-safe; create one per table and share it.
 *
 * <p>Every operation borrows its own connection and runs as one auto-committed statement or one short transaction of
 * its own, never inside a transaction the caller has open, so pass the pool itself, not a transaction-aware proxy. The
 * claim is a single guarded upsert on PostgreSQL and insert-if-absent plus a locked read elsewhere (see {@link
 * UpsertClaim}, {@link LockingClaim}); every later write is an {@code UPDATE} fenced by the claim's token. Leases and
 * retention follow the database's clock, in milliseconds. Records past their retention behave as absent at once and
 * are deleted by {@link #purgeExpired()}. Any database failure is a {@link
 * dev.hookguard.core.StoreUnavailableException}. The module README lists the table and every statement.
 */
public final class JdbcIdempotencyStore implements RecoveryStore {

    private final JdbcStoreConfig config;
    private final JdbcDialect dialect;
    private final JdbcSession session;
    private final EventRowMapper mapper;
    private final ReadQueries reads;
    private final AdminQueries admin;
    private final FencedWrites writes;
    private final ClaimStrategy claims;

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
        this.mapper = new EventRowMapper(table);
        this.reads = new ReadQueries(table, time, claimQueries);
        this.admin = new AdminQueries(table, time, claimQueries, writeQueries);
        this.writes = new FencedWrites(dialect, table, writeQueries);
        this.claims = dialect.upsertReturning()
                ? new UpsertClaim(session, claimQueries, mapper, afterRefusal)
                : new LockingClaim(session, claimQueries, mapper, afterRefusal);
    }

    @Override
    public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
        return claims.claim(key, fingerprint, policy);
    }

    @Override
    public WriteOutcome renew(EventKey key, long token, IdempotencyPolicy policy) {
        return session.autoCommit("renew " + key, dsl -> writes.renew(dsl, key, token, policy));
    }

    @Override
    public WriteOutcome complete(EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
        return session.autoCommit("complete " + key, dsl -> writes.complete(dsl, key, token, completion, policy));
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
            return writes.complete(session.dsl(connection), key, token, completion, policy);
        } catch (DataAccessException e) {
            throw StoreErrors.unavailable("complete " + key + " in the caller's transaction", e);
        }
    }

    @Override
    public WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
        return session.autoCommit("record failure of " + key, dsl -> writes.fail(dsl, key, token, failure, policy));
    }

    @Override
    public Optional<EventRecord> find(EventKey key) {
        return session.autoCommit(
                "find " + key, dsl -> reads.find(dsl, key).fetchOptional().map(mapper::record));
    }

    /** One page of the endpoint's dead letters (DEAD and REJECTED), oldest first. */
    public RecordPage deadLetters(String endpoint, @Nullable String cursor, int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1 but was " + limit);
        }
        DeadLetterCursor after = cursor == null ? null : DeadLetterCursor.parse(cursor);
        List<EventRecord> found = session.autoCommit(
                "list dead letters of " + endpoint,
                dsl -> reads.deadLetters(dsl, endpoint, after, limit + 1).fetch(mapper::record));
        if (found.size() <= limit) {
            return new RecordPage(found, null);
        }
        List<EventRecord> page = found.subList(0, limit);
        return new RecordPage(page, DeadLetterCursor.after(page.get(limit - 1)).encode());
    }

    /** One {@code SELECT count(*)} over the dead-letter index. */
    @Override
    public long deadLetterCount(String endpoint) {
        return session.autoCommit(
                "count dead letters of " + endpoint,
                dsl -> reads.deadLetterCount(dsl, endpoint).fetchOne(0, Long.class));
    }

    /** Today's resolve: a dead letter to SUCCEEDED with the note. */
    public AdminOutcome resolve(EventKey key, String note, IdempotencyPolicy policy) {
        return session.transaction(
                "resolve " + key,
                dsl -> administer(
                        dsl, key, () -> admin.resolve(dsl, key, note, policy).execute()));
    }

    /** Today's requeue: a dead letter back to FAILED. */
    public AdminOutcome requeue(EventKey key, IdempotencyPolicy policy) {
        return session.transaction(
                "requeue " + key,
                dsl -> administer(
                        dsl, key, () -> admin.requeue(dsl, key, policy).execute()));
    }

    /**
     * Deletes every record past its retention (FAILED, SUCCEEDED and REJECTED after {@code policy.retention()}, DEAD
     * after {@code policy.deadRetention()}, abandoned claims after their lease and retention), in auto-committed
     * batches of {@link JdbcStoreConfig#purgeBatchSize()} rows so that no lock is held for long.
     *
     * @return how many records were deleted
     */
    public int purgeExpired() {
        int batch = config.purgeBatchSize();
        int total = 0;
        int deleted;
        do {
            deleted = session.autoCommit(
                    "purge expired records",
                    dsl -> admin.purgeBatch(dsl, dialect, batch).execute());
            total += deleted;
        } while (deleted >= batch);
        return total;
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

    private AdminOutcome administer(DSLContext dsl, EventKey key, Change change) {
        Optional<Record2<String, Boolean>> row = admin.lock(dsl, key).fetchOptional();
        if (row.isEmpty() || !Boolean.TRUE.equals(row.get().value2())) {
            return AdminOutcome.NOT_FOUND;
        }
        if (!RecordStatus.fromCode(row.get().value1()).isDeadLetter()) {
            return AdminOutcome.WRONG_STATE;
        }
        change.apply();
        return AdminOutcome.UPDATED;
    }

    /** One statement on the locked row. */
    @FunctionalInterface
    private interface Change {
        int apply();
    }

    // ---- Recovery SPI (issue 13): compile stubs on the issue-13 branch; the store's owner replaces them.

    @Override
    public EnqueueOutcome enqueue(EventKey key, Fingerprint fingerprint, Payload payload, IdempotencyPolicy policy) {
        throw new UnsupportedOperationException("not yet: issue 13");
    }

    @Override
    public List<EventRecord> pick(String endpoint, int limit, Duration window) {
        throw new UnsupportedOperationException("not yet: issue 13");
    }

    @Override
    public boolean schedule(EventKey key, Duration delay, IdempotencyPolicy policy) {
        throw new UnsupportedOperationException("not yet: issue 13");
    }

    @Override
    public QueueStats stats(String endpoint) {
        throw new UnsupportedOperationException("not yet: issue 13");
    }

    /** Until issue 13 lands in this store: only the dead-letter listing, through today's index. */
    @Override
    public RecordPage list(ListFilter filter, @Nullable String cursor, int limit) {
        if (filter.equals(ListFilter.deadLetters(filter.endpoint()))) {
            return deadLetters(filter.endpoint(), cursor, limit);
        }
        throw new UnsupportedOperationException("not yet: issue 13");
    }

    @Override
    public long count(ListFilter filter) {
        throw new UnsupportedOperationException("not yet: issue 13");
    }

    @Override
    public AdminOutcome replay(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        throw new UnsupportedOperationException("not yet: issue 13");
    }

    /** Until issue 13 lands in this store: today's requeue, without the audit entry. */
    @Override
    public AdminOutcome requeue(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return requeue(key, policy);
    }

    /** Until issue 13 lands in this store: today's resolve, without the audit entry. */
    @Override
    public AdminOutcome resolve(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return resolve(key, action.requireNote("resolve"), policy);
    }

    @Override
    public AdminOutcome skip(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        throw new UnsupportedOperationException("not yet: issue 13");
    }
}
