package dev.hookguard.benchmarks.bare;

import dev.hookguard.benchmarks.Workload;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The JDBC row's baseline: the bare job of a dedup claim and its completion on raw JDBC, on a table of five
 * columns and its primary key ({@code bare/postgresql.sql}). The claim is the plain guarded UPSERT: {@code INSERT …
 * ON CONFLICT DO UPDATE … WHERE} the existing record is PROCESSING with an expired lease, {@code RETURNING} the
 * token (no row: held, a duplicate); the completion the fenced {@code UPDATE} of status and expiry. One statement
 * each, auto-committed, on a pooled connection: two per new event, one per duplicate.
 */
public final class BareJdbc {

    private final DataSource dataSource;
    private final String claim;
    private final String complete;

    /** The statements on {@code table}. */
    public BareJdbc(DataSource dataSource, String table) {
        this.dataSource = dataSource;
        this.claim = "INSERT INTO " + table + " AS t (endpoint, event_id, status, token, expires_at)"
                + " VALUES (?, ?, 'P', 1, now() + ? * interval '1 millisecond')"
                + " ON CONFLICT (endpoint, event_id) DO UPDATE SET status = 'P', token = t.token + 1,"
                + " expires_at = excluded.expires_at WHERE t.status = 'P' AND t.expires_at < now()"
                + " RETURNING token";
        this.complete = "UPDATE " + table + " SET status = 'S', expires_at = now() + ? * interval '1 millisecond'"
                + " WHERE endpoint = ? AND event_id = ? AND token = ? AND status = 'P'";
    }

    /** Claims the event: its token when acquired, else -1 (held: a duplicate). */
    public long claim(String endpoint, String eventId) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = connection.prepareStatement(claim)) {
            statement.setString(1, endpoint);
            statement.setString(2, eventId);
            statement.setLong(3, Math.max(Workload.RETENTION.toMillis(), Workload.LEASE.toMillis()));
            try (ResultSet row = statement.executeQuery()) {
                return row.next() ? row.getLong(1) : -1;
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the bare claim failed: " + e.getMessage(), e);
        }
    }

    /** Records the claimed event as SUCCEEDED; whether the token still held it. */
    public boolean complete(String endpoint, String eventId, long token) {
        try (Connection connection = dataSource.getConnection();
                PreparedStatement statement = connection.prepareStatement(complete)) {
            statement.setLong(1, Workload.RETENTION.toMillis());
            statement.setString(2, endpoint);
            statement.setString(3, eventId);
            statement.setLong(4, token);
            return statement.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("the bare completion failed: " + e.getMessage(), e);
        }
    }

    /** A new event's claim and completion, checked. */
    public void claimAndComplete(String endpoint, String eventId) {
        long token = claim(endpoint, eventId);
        if (token < 0 || !complete(endpoint, eventId, token)) {
            throw new IllegalStateException("the bare pair did not claim and complete " + eventId);
        }
    }

    /** A duplicate's claim, checked: the event must be held already. */
    public void duplicate(String endpoint, String eventId) {
        if (claim(endpoint, eventId) >= 0) {
            throw new IllegalStateException("a seeded event was claimed again: " + eventId);
        }
    }

    /** Completes {@link Workload#SEEDED} events of {@code endpoint}, the duplicates of the duplicate workload. */
    public void seed(String endpoint) {
        for (int n = 1; n <= Workload.SEEDED; n++) {
            long token = claim(endpoint, Workload.seededId(n));
            if (token >= 0) {
                complete(endpoint, Workload.seededId(n), token);
            }
        }
    }
}
