package dev.hookguard.jdbc.internal.sql;

import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcIdempotencyStore;
import dev.hookguard.jdbc.TransactionalClaim;
import dev.hookguard.jdbc.internal.JdbcSession;
import dev.hookguard.jdbc.internal.LockWait;
import java.time.Duration;
import org.jooq.DSLContext;
import org.jspecify.annotations.Nullable;

/**
 * The statements of {@link TransactionalClaim}, rendered once per store and lock wait and bound per call, the
 * statements that may wait for a row lock carrying the {@link LockWait} in the same string: PostgreSQL's claim (the
 * guarded upsert and the refused row, {@link ClaimQueries#claimOrReadInTransaction()}); elsewhere the insert-if-absent
 * and the locked read; everywhere the plain read that tells a refused claim's outcome. Each claim comes twice: the
 * handler's transaction writes a fresh row SUCCEEDED ({@link ClaimQueries#openedInTransaction()}), the short
 * transaction that records a failure after the rollback writes it PROCESSING. Immutable; the store keeps one per
 * lock wait ({@link JdbcIdempotencyStore#transactionalStatements(Duration)}).
 */
public final class TransactionalStatements {

    private final LockWait lockWait;
    private final boolean mysql;
    /** PostgreSQL: the claim or the row that refused it, bounded; a fresh row SUCCEEDED (the handler's transaction). */
    private final @Nullable RenderedStatement claimOrRead;
    /** PostgreSQL: the same, a fresh row PROCESSING, for the short transaction that records a failure. */
    private final @Nullable RenderedStatement claimOrReadToFail;
    /** Elsewhere: insert-if-absent returning the token (MySQL: an update count), bounded; a fresh row SUCCEEDED. */
    private final @Nullable RenderedStatement insert;
    /** Elsewhere: the same, a fresh row PROCESSING. */
    private final @Nullable RenderedStatement insertToFail;
    /** Elsewhere: the row's claim columns, locked, bounded. */
    private final @Nullable RenderedStatement readLocked;
    /** MySQL: the new row's token. */
    private final RenderedStatement tokenOf;
    /** The row's claim columns with the database's time; takes no lock, so waits for none. */
    private final RenderedStatement read;

    public TransactionalStatements(JdbcDialect dialect, ClaimQueries queries, Duration bound) {
        this.lockWait = new LockWait(dialect, bound);
        this.mysql = dialect == JdbcDialect.MYSQL;
        DSLContext renderer = JdbcSession.renderer(dialect);
        if (dialect.upsertReturning()) {
            this.claimOrRead = lockWait.bounded(
                    RenderedStatement.of(renderer, queries.claimOrReadInTransaction(), ClaimQueries.CLAIM_PARAMETERS));
            this.claimOrReadToFail = lockWait.bounded(
                    RenderedStatement.of(renderer, queries.claimOrRead(false), ClaimQueries.CLAIM_PARAMETERS));
            this.insert = null;
            this.insertToFail = null;
            this.readLocked = null;
        } else {
            this.claimOrRead = null;
            this.claimOrReadToFail = null;
            this.insert = lockWait.bounded(RenderedStatement.of(
                    renderer, queries.insertIfAbsentInTransaction(), ClaimQueries.CLAIM_PARAMETERS));
            this.insertToFail = lockWait.bounded(
                    RenderedStatement.of(renderer, queries.insertIfAbsent(false), ClaimQueries.CLAIM_PARAMETERS));
            this.readLocked = lockWait.bounded(RenderedStatement.of(
                    renderer, queries.readForClaim(true), ClaimQueries.ENDPOINT, ClaimQueries.EVENT_ID));
        }
        this.tokenOf = RenderedStatement.of(renderer, queries.tokenOf(), ClaimQueries.ENDPOINT, ClaimQueries.EVENT_ID);
        this.read = RenderedStatement.of(
                renderer, queries.readForClaim(false), ClaimQueries.ENDPOINT, ClaimQueries.EVENT_ID);
    }

    public LockWait lockWait() {
        return lockWait;
    }

    /** Whether the claim is PostgreSQL's one statement ({@link #claimOrRead(boolean)}), not insert and locked read. */
    public boolean upsert() {
        return claimOrRead != null;
    }

    /** MySQL: no {@code INSERT … RETURNING}, so the insert is an update and {@link #tokenOf()} follows it. */
    public boolean mysql() {
        return mysql;
    }

    /**
     * PostgreSQL's claim: with {@code toFail} false the handler's transaction's, whose fresh row is SUCCEEDED
     * ({@link ClaimQueries#claimOrReadInTransaction()}); true, the one that records a failure after the rollback,
     * whose fresh row is PROCESSING as the fenced failure expects.
     */
    public RenderedStatement claimOrRead(boolean toFail) {
        return toFail ? require(claimOrReadToFail, "claimOrReadToFail") : require(claimOrRead, "claimOrRead");
    }

    /** Elsewhere, the insert-if-absent: a fresh row SUCCEEDED, or with {@code toFail} PROCESSING. */
    public RenderedStatement insert(boolean toFail) {
        return toFail ? require(insertToFail, "insertToFail") : require(insert, "insert");
    }

    public RenderedStatement readLocked() {
        return require(readLocked, "readLocked");
    }

    public RenderedStatement tokenOf() {
        return tokenOf;
    }

    public RenderedStatement read() {
        return read;
    }

    private static RenderedStatement require(@Nullable RenderedStatement statement, String name) {
        if (statement == null) {
            throw new IllegalStateException("this dialect's transactional claim has no " + name + " statement");
        }
        return statement;
    }
}
