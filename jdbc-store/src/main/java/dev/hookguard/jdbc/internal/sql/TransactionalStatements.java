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
 * guarded upsert and the refused row, {@link ClaimQueries#claimOrRead(boolean)}); elsewhere the insert-if-absent and the
 * locked read; everywhere the plain read that tells a refused claim's outcome. Immutable; the store keeps one per
 * lock wait ({@link JdbcIdempotencyStore#transactionalStatements(Duration)}).
 */
public final class TransactionalStatements {

    private final LockWait lockWait;
    private final boolean mysql;
    /** PostgreSQL: the claim or the row that refused it, bounded. */
    private final @Nullable RenderedStatement claimOrRead;
    /** Elsewhere: insert-if-absent returning the token (MySQL: an update count), bounded. */
    private final @Nullable RenderedStatement insert;
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
                    RenderedStatement.of(renderer, queries.claimOrRead(false), ClaimQueries.CLAIM_PARAMETERS));
            this.insert = null;
            this.readLocked = null;
        } else {
            this.claimOrRead = null;
            this.insert = lockWait.bounded(
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

    /** Whether the claim is PostgreSQL's one statement ({@link #claimOrRead()}) rather than insert and locked read. */
    public boolean upsert() {
        return claimOrRead != null;
    }

    /** MySQL: no {@code INSERT … RETURNING}, so the insert is an update and {@link #tokenOf()} follows it. */
    public boolean mysql() {
        return mysql;
    }

    public RenderedStatement claimOrRead() {
        return require(claimOrRead, "claimOrRead");
    }

    public RenderedStatement insert() {
        return require(insert, "insert");
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
