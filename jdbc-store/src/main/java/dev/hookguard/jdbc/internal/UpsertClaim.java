package dev.hookguard.jdbc.internal;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.internal.HeadersCodec;
import dev.hookguard.jdbc.internal.sql.ClaimQueries;
import dev.hookguard.jdbc.internal.sql.EventRowMapper;
import dev.hookguard.jdbc.internal.sql.RenderedStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PostgreSQL's claim: one auto-committed statement, one round trip, whether it acquires a new event or finds it held
 * or done: {@code WITH claimed AS (INSERT … ON CONFLICT (endpoint, event_id) DO NOTHING RETURNING …)} and, in the same
 * statement, the existing row ({@link ClaimQueries#insertOrRead(boolean)}), so that a duplicate locks and writes
 * nothing. Only when that row may be taken over (past its retention, FAILED, QUEUED, an expired lease) does a second
 * statement take it: {@code … ON CONFLICT … DO UPDATE SET … WHERE <guard> RETURNING …} with the row beside it when the
 * guard refused ({@link ClaimQueries#claimOrRead(boolean)}).
 * PostgreSQL locks the conflicting row and evaluates the guard on its latest committed version, so of any number of
 * concurrent claims exactly one passes. The statements are rendered once per store and bound per call.
 *
 * <p>The read beside the upsert uses the statement's snapshot: it cannot see a row that another session committed
 * after the statement began (the upsert waits for that row and refuses on it), and may see an older version of a row
 * that changed meanwhile. The first case returns no row at all, and a separate read ({@link
 * ClaimQueries#readForClaim(boolean)}, a new snapshot) follows; in the second, {@link ClaimDecision} either reports
 * what the row was a moment ago (a duplicate, in progress, dead or mismatch) or, when that version could have been
 * taken over, starts the claim over. The separate read may likewise see a row that changed after the refusal.
 */
public final class UpsertClaim implements ClaimStrategy {

    private static final Logger log = LoggerFactory.getLogger(UpsertClaim.class);

    private final JdbcSession session;
    private final EventRowMapper mapper;
    private final Consumer<EventKey> afterRefusal;
    private final RenderedStatement insertOrRead;
    private final RenderedStatement insertKeepingPayload;
    private final RenderedStatement claimOrRead;
    private final RenderedStatement claimKeepingPayload;
    private final RenderedStatement read;

    public UpsertClaim(
            JdbcSession session, ClaimQueries queries, EventRowMapper mapper, Consumer<EventKey> afterRefusal) {
        this.session = session;
        this.mapper = mapper;
        this.afterRefusal = afterRefusal;
        this.insertOrRead = RenderedStatement.of(
                JdbcSession.renderer(session.dialect()), queries.insertOrRead(false), ClaimQueries.CLAIM_PARAMETERS);
        this.insertKeepingPayload = RenderedStatement.of(
                JdbcSession.renderer(session.dialect()),
                queries.insertOrRead(true),
                ClaimQueries.CLAIM_WITH_PAYLOAD_PARAMETERS);
        this.claimOrRead = RenderedStatement.of(
                JdbcSession.renderer(session.dialect()), queries.claimOrRead(false), ClaimQueries.CLAIM_PARAMETERS);
        this.claimKeepingPayload = RenderedStatement.of(
                JdbcSession.renderer(session.dialect()),
                queries.claimOrRead(true),
                ClaimQueries.CLAIM_WITH_PAYLOAD_PARAMETERS);
        this.read = RenderedStatement.of(
                JdbcSession.renderer(session.dialect()),
                queries.readForClaim(false),
                ClaimQueries.ENDPOINT,
                ClaimQueries.EVENT_ID);
    }

    @Override
    public ClaimOutcome claim(
            EventKey key, Fingerprint fingerprint, @Nullable Payload payload, IdempotencyPolicy policy) {
        long lease = policy.lease().toMillis();
        long retention = ClaimQueries.unfinishedRetention(policy).toMillis();
        // first an insert that leaves a found row alone (no lock, nothing written: a duplicate costs no WAL flush),
        // then, only for a row the claim may take over, the guarded upsert, which PostgreSQL judges on the row's latest
        // version; each round that finds the row changed under it starts over
        Optional<ClaimOutcome> first = session.autoCommitJdbc(
                "claim",
                key,
                connection -> payload == null
                        ? insertOrRead(connection, key, fingerprint, lease, retention)
                        : insertOrRead(connection, key, fingerprint, payload, lease, retention));
        if (first.isPresent()) {
            return first.get();
        }
        for (int round = 1; round <= MAX_ROUNDS; round++) {
            Optional<ClaimOutcome> outcome = session.autoCommitJdbc(
                    "claim",
                    key,
                    connection -> payload == null
                            ? claimOrRead(connection, key, fingerprint, lease, retention)
                            : claimOrRead(connection, key, fingerprint, payload, lease, retention));
            if (outcome.isPresent()) {
                return outcome.get();
            }
        }
        log.warn("Claim of {} gave up after {} rounds of concurrent changes", key, MAX_ROUNDS);
        return CONTENDED;
    }

    @Override
    public void warm(Connection connection, EventKey key, IdempotencyPolicy policy) throws SQLException {
        long lease = policy.lease().toMillis();
        long retention = ClaimQueries.unfinishedRetention(policy).toMillis();
        Fingerprint fingerprint = Fingerprint.of(new byte[0]);
        insertOrRead(connection, key, fingerprint, lease, retention);
        insertOrRead(connection, key, fingerprint, Payload.of(new byte[0]), lease, retention);
        claimOrRead(connection, key, fingerprint, lease, retention);
        claimOrRead(connection, key, fingerprint, Payload.of(new byte[0]), lease, retention);
    }

    /** The first try on {@code connection}: a fresh row, or the report of the row found (empty: it may be taken over). */
    private Optional<ClaimOutcome> insertOrRead(
            Connection connection, EventKey key, Fingerprint fingerprint, long leaseMillis, long retentionMillis)
            throws SQLException {
        return claimOrRead(
                connection,
                insertOrRead.prepare(
                        connection, key.endpoint(), key.eventId(), fingerprint.hex(), leaseMillis, retentionMillis),
                key,
                fingerprint);
    }

    /** As above, keeping {@code payload} with a fresh row. */
    private Optional<ClaimOutcome> insertOrRead(
            Connection connection,
            EventKey key,
            Fingerprint fingerprint,
            Payload payload,
            long leaseMillis,
            long retentionMillis)
            throws SQLException {
        return claimOrRead(
                connection,
                insertKeepingPayload.prepare(
                        connection,
                        key.endpoint(),
                        key.eventId(),
                        fingerprint.hex(),
                        leaseMillis,
                        retentionMillis,
                        payload.body(),
                        HeadersCodec.encode(payload.headers())),
                key,
                fingerprint);
    }

    /**
     * One round on {@code connection}: the claim or the report of the row that refused it; empty when the row changed
     * so that the claim must start over. Also usable inside a caller's transaction (at READ COMMITTED).
     */
    public Optional<ClaimOutcome> claimOrRead(
            Connection connection, EventKey key, Fingerprint fingerprint, long leaseMillis, long retentionMillis)
            throws SQLException {
        return claimOrRead(
                connection,
                claimOrRead.prepare(
                        connection, key.endpoint(), key.eventId(), fingerprint.hex(), leaseMillis, retentionMillis),
                key,
                fingerprint);
    }

    /**
     * As {@link #claimOrRead(Connection, EventKey, Fingerprint, long, long)}, keeping {@code payload} with a fresh row
     * or one taken over that keeps none, in the same statement.
     */
    private Optional<ClaimOutcome> claimOrRead(
            Connection connection,
            EventKey key,
            Fingerprint fingerprint,
            Payload payload,
            long leaseMillis,
            long retentionMillis)
            throws SQLException {
        return claimOrRead(
                connection,
                claimKeepingPayload.prepare(
                        connection,
                        key.endpoint(),
                        key.eventId(),
                        fingerprint.hex(),
                        leaseMillis,
                        retentionMillis,
                        payload.body(),
                        HeadersCodec.encode(payload.headers())),
                key,
                fingerprint);
    }

    /** Runs the prepared claim (and closes it), then reads the row that refused it if it returned none. */
    private Optional<ClaimOutcome> claimOrRead(
            Connection connection, PreparedStatement prepared, EventKey key, Fingerprint fingerprint)
            throws SQLException {
        try (PreparedStatement statement = prepared;
                ResultSet rs = statement.executeQuery()) {
            if (rs.next()) {
                if (rs.getBoolean("acquired")) {
                    return Optional.of(new ClaimOutcome.Acquired(rs.getLong("token"), rs.getInt("attempts")));
                }
                return report(rs, fingerprint);
            }
        }
        afterRefusal.accept(key);
        try (PreparedStatement statement = read.prepare(connection, key.endpoint(), key.eventId());
                ResultSet rs = statement.executeQuery()) {
            return rs.next() ? report(rs, fingerprint) : Optional.empty();
        }
    }

    /** The report of the row at {@code rs}, or empty when that row may be taken over (the claim starts over). */
    private Optional<ClaimOutcome> report(ResultSet rs, Fingerprint fingerprint) throws SQLException {
        Instant now = mapper.instant(rs, ClaimQueries.DB_NOW);
        if (now == null) {
            throw new SQLException("claim read without the database's time");
        }
        return ClaimDecision.of(mapper.claimRow(rs), fingerprint, now, rs.getLong(ClaimQueries.DB_MICROS))
                        instanceof ClaimDecision.Report r
                ? Optional.of(r.outcome())
                : Optional.empty();
    }
}
