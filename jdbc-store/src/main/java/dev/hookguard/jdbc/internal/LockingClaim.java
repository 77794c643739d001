package dev.hookguard.jdbc.internal;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.internal.HeadersCodec;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.internal.sql.ClaimQueries;
import dev.hookguard.jdbc.internal.sql.EventRowMapper;
import dev.hookguard.jdbc.internal.sql.RenderedStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.jooq.DSLContext;
import org.jooq.Field;
import org.jooq.exception.DataAccessException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The claim where a guarded upsert cannot report what it did (H2, MariaDB/MySQL), in two atomic steps:
 *
 * <ol>
 *   <li>Auto-committed insert-if-absent ({@code INSERT IGNORE … RETURNING token} on MariaDB, {@code SELECT token
 *       FROM FINAL TABLE (MERGE … WHEN NOT MATCHED THEN INSERT …)} on H2). A returned token means the event was new:
 *       acquired, one round trip.
 *   <li>Otherwise one short transaction: {@code SELECT … FOR UPDATE} of the row with the database's {@code now},
 *       {@link ClaimDecision}, and, when the row may be taken over, an {@code UPDATE} of the locked row.
 * </ol>
 *
 * <p>The insert runs outside the transaction on purpose: on InnoDB a duplicate insert leaves a shared lock that,
 * upgraded by {@code FOR UPDATE} in many sessions at once, deadlocks. H2's {@code MERGE} can still meet a concurrent
 * insert of the same key and fail with a duplicate key; outside a transaction that only means "the row exists".
 */
public final class LockingClaim implements ClaimStrategy {

    private static final Logger log = LoggerFactory.getLogger(LockingClaim.class);

    private final JdbcSession session;
    private final ClaimQueries queries;
    private final EventRowMapper mapper;
    private final Consumer<EventKey> afterRefusal;
    private final RenderedStatement insert;
    private final RenderedStatement insertKeepingPayload;
    private final RenderedStatement tokenOf;
    private final RenderedStatement readLocked;

    public LockingClaim(
            JdbcSession session, ClaimQueries queries, EventRowMapper mapper, Consumer<EventKey> afterRefusal) {
        this.session = session;
        this.queries = queries;
        this.mapper = mapper;
        this.afterRefusal = afterRefusal;
        DSLContext renderer = JdbcSession.renderer(session.dialect());
        this.insert = RenderedStatement.of(renderer, queries.insertIfAbsent(false), ClaimQueries.CLAIM_PARAMETERS);
        this.insertKeepingPayload = RenderedStatement.of(
                renderer, queries.insertIfAbsent(true), ClaimQueries.CLAIM_WITH_PAYLOAD_PARAMETERS);
        this.tokenOf = RenderedStatement.of(renderer, queries.tokenOf(), ClaimQueries.ENDPOINT, ClaimQueries.EVENT_ID);
        this.readLocked = RenderedStatement.of(
                renderer, queries.readForClaim(true), ClaimQueries.ENDPOINT, ClaimQueries.EVENT_ID);
    }

    @Override
    public ClaimOutcome claim(
            EventKey key, Fingerprint fingerprint, @Nullable Payload payload, IdempotencyPolicy policy) {
        for (int round = 1; round <= MAX_ROUNDS; round++) {
            Optional<Long> inserted = session.autoCommitJdbc(
                    "claim", key, connection -> inserted(connection, key, fingerprint, payload, policy));
            if (inserted.isPresent()) {
                return new ClaimOutcome.Acquired(inserted.get(), 1);
            }
            afterRefusal.accept(key);
            Optional<ClaimOutcome> outcome = session.transactionJdbc(
                    "claim", key, connection -> decideLocked(connection, key, fingerprint, payload, policy));
            if (outcome.isPresent()) {
                return outcome.get();
            }
        }
        log.warn("Claim of {} gave up after {} rounds of concurrent changes", key, MAX_ROUNDS);
        return CONTENDED;
    }

    @Override
    public void warm(Connection connection, EventKey key, IdempotencyPolicy policy) throws SQLException {
        Fingerprint fingerprint = Fingerprint.of(new byte[0]);
        inserted(connection, key, fingerprint, null, policy);
        inserted(connection, key, fingerprint, Payload.of(new byte[0]), policy);
        try (PreparedStatement statement = readLocked.prepare(connection, key.endpoint(), key.eventId());
                ResultSet rs = statement.executeQuery()) {
            rs.next();
        }
    }

    /**
     * The new row's token, or empty when the row existed (also when H2's {@code MERGE} met a concurrent insert of the
     * key and failed with a duplicate key). MySQL has no {@code INSERT … RETURNING}: it reads the new row's token in a
     * second statement.
     */
    private Optional<Long> inserted(
            Connection connection,
            EventKey key,
            Fingerprint fingerprint,
            @Nullable Payload payload,
            IdempotencyPolicy policy)
            throws SQLException {
        long lease = policy.lease().toMillis();
        long retention = ClaimQueries.unfinishedRetention(policy).toMillis();
        try (PreparedStatement statement = payload == null
                ? insert.prepare(connection, key.endpoint(), key.eventId(), fingerprint.hex(), lease, retention)
                : insertKeepingPayload.prepare(
                        connection,
                        key.endpoint(),
                        key.eventId(),
                        fingerprint.hex(),
                        lease,
                        retention,
                        payload.body(),
                        HeadersCodec.encode(payload.headers()))) {
            if (session.dialect() == JdbcDialect.MYSQL) {
                return statement.executeUpdate() == 1 ? token(connection, key) : Optional.empty();
            }
            try (ResultSet rs = statement.executeQuery()) {
                return rs.next() ? Optional.of(rs.getLong(1)) : Optional.empty();
            }
        } catch (SQLException e) {
            if (e.getSQLState() != null && e.getSQLState().startsWith("23")) {
                return Optional.empty();
            }
            throw e;
        }
    }

    private Optional<Long> token(Connection connection, EventKey key) throws SQLException {
        try (PreparedStatement statement = tokenOf.prepare(connection, key.endpoint(), key.eventId());
                ResultSet rs = statement.executeQuery()) {
            return rs.next() ? Optional.of(rs.getLong(1)) : Optional.empty();
        }
    }

    /**
     * Inserts {@code row} unless the key exists and returns its token, or empty when the key existed (also when H2's
     * {@code MERGE} met a concurrent insert of the key and failed with a duplicate key). MySQL has no {@code INSERT …
     * RETURNING}: it reads the new row's token in a second statement.
     */
    static Optional<Long> insertedToken(
            JdbcSession session, ClaimQueries queries, DSLContext dsl, EventKey key, Map<Field<?>, Field<?>> row) {
        try {
            var insert = queries.insertIfAbsent(dsl, key, row);
            if (session.dialect() != JdbcDialect.MYSQL) {
                return insert.fetchOptional(0, Long.class);
            }
            return insert.execute() == 1 ? queries.token(dsl, key).fetchOptional(0, Long.class) : Optional.empty();
        } catch (DataAccessException e) {
            if (StoreErrors.isIntegrityViolation(e)) {
                return Optional.empty();
            }
            throw e;
        }
    }

    /** Under the row lock: the outcome, after taking the row over if allowed; empty when the row vanished. */
    private Optional<ClaimOutcome> decideLocked(
            Connection connection,
            EventKey key,
            Fingerprint fingerprint,
            @Nullable Payload payload,
            IdempotencyPolicy policy)
            throws SQLException {
        ClaimDecision decision;
        try (PreparedStatement statement = readLocked.prepare(connection, key.endpoint(), key.eventId());
                ResultSet rs = statement.executeQuery()) {
            if (!rs.next()) {
                return Optional.empty();
            }
            Instant now = mapper.instant(rs, ClaimQueries.DB_NOW);
            if (now == null) {
                throw new SQLException("claim read without the database's time");
            }
            decision = ClaimDecision.of(mapper.claimRow(rs), fingerprint, now, rs.getLong(ClaimQueries.DB_MICROS));
        }
        if (decision instanceof ClaimDecision.Report report) {
            return Optional.of(report.outcome());
        }
        if (!(decision instanceof ClaimDecision.TakeOver takeOver)) {
            return Optional.empty();
        }
        // rare (a failed, queued, expired or abandoned row): built with jOOQ per call, like the operator paths
        if (queries.takeOver(session.dsl(connection), key, fingerprint, payload, policy, takeOver)
                        .execute()
                != 1) {
            throw new IllegalStateException("the locked row of " + key + " changed under its lock");
        }
        return Optional.of(takeOver.acquired());
    }
}
