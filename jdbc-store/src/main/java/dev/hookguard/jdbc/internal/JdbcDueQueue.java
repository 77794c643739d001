package dev.hookguard.jdbc.internal;

import dev.hookguard.core.DueQueue.QueueStats;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.internal.sql.ClaimQueries;
import dev.hookguard.jdbc.internal.sql.EventRowMapper;
import dev.hookguard.jdbc.internal.sql.QueueQueries;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.jooq.DSLContext;
import org.jooq.Record;
import org.jooq.Record1;
import org.jooq.Record4;
import org.jooq.Result;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@link dev.hookguard.core.DueQueue} of the JDBC store over {@link QueueQueries}. PostgreSQL enqueues and picks
 * with one statement each; H2 and MariaDB enqueue with insert-if-absent (plus a locked read when the key exists) and
 * pick in one short transaction of {@code SELECT … FOR UPDATE SKIP LOCKED} and an {@code UPDATE} of the rows it
 * locked (on H2 after an unlocked read of the due ids, so that only the picked rows are locked).
 */
public final class JdbcDueQueue {

    private static final Logger log = LoggerFactory.getLogger(JdbcDueQueue.class);

    private final JdbcSession session;
    private final ClaimQueries claims;
    private final QueueQueries queries;
    private final EventRowMapper mapper;

    public JdbcDueQueue(JdbcSession session, ClaimQueries claims, QueueQueries queries, EventRowMapper mapper) {
        this.session = session;
        this.claims = claims;
        this.queries = queries;
        this.mapper = mapper;
    }

    public EnqueueOutcome enqueue(EventKey key, Fingerprint fp, Payload payload, IdempotencyPolicy policy) {
        for (int round = 1; round <= ClaimStrategy.MAX_ROUNDS; round++) {
            Optional<EnqueueOutcome> outcome = session.dialect().upsertReturning()
                    ? session.autoCommit("enqueue " + key, dsl -> upserted(dsl, key, fp, payload, policy))
                    : inserted(key, fp, payload, policy);
            if (outcome.isPresent()) {
                return outcome.get();
            }
        }
        log.warn("Enqueue of {} gave up after {} rounds of concurrent changes", key, ClaimStrategy.MAX_ROUNDS);
        return new EnqueueOutcome.Pending(RecordStatus.PROCESSING);
    }

    public List<EventRecord> pick(String endpoint, int limit, Duration window) {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1 but was " + limit);
        }
        if (window.toMillis() < 1) {
            throw new IllegalArgumentException("window must be at least 1 ms but was " + window);
        }
        Result<Record> picked = session.dialect().upsertReturning()
                ? session.autoCommit(
                        "pick due records of " + endpoint,
                        dsl -> queries.pickReturning(dsl, endpoint, limit, window)
                                .fetch())
                : session.transaction(
                        "pick due records of " + endpoint, dsl -> pickLocked(dsl, endpoint, limit, window));
        return picked.stream()
                .sorted(Comparator.comparing(queries::due)
                        .thenComparing(r -> mapper.record(r).key().eventId()))
                .map(mapper::record)
                .toList();
    }

    public boolean schedule(EventKey key, Duration delay, IdempotencyPolicy policy) {
        return session.autoCommit(
                        "schedule " + key,
                        dsl -> queries.schedule(dsl, key, delay, policy).execute())
                == 1;
    }

    public int release(List<EventRecord> picked) {
        int released = 0;
        for (EventRecord record : picked) {
            if (record.nextAttemptAt() != null) {
                released += session.autoCommit(
                        "release " + record.key(),
                        dsl -> queries.release(dsl, record.key(), record.nextAttemptAt())
                                .execute());
            }
        }
        return released;
    }

    public QueueStats stats(String endpoint) {
        Record4<Integer, Integer, Instant, Instant> row = session.autoCommit(
                "read queue stats of " + endpoint,
                dsl -> queries.stats(dsl, endpoint).fetchSingle());
        Instant oldest = row.value3();
        Instant now = row.value4();
        Duration age = oldest == null || oldest.isAfter(now) ? null : Duration.between(oldest, now);
        return new QueueStats(row.value1(), row.value2(), age);
    }

    /** PostgreSQL: the guarded upsert, then, when a live row refused it, that row's report. */
    private Optional<EnqueueOutcome> upserted(
            DSLContext dsl, EventKey key, Fingerprint fp, Payload payload, IdempotencyPolicy policy) {
        if (queries.upsert(dsl, key, fp, payload, policy).fetchOptional().isPresent()) {
            return Optional.of(new EnqueueOutcome.Queued());
        }
        return claims.read(dsl, key, false)
                .fetchOptional()
                .flatMap(row -> EnqueueDecision.of(mapper.row(row), fp, claims.dbNow(row)));
    }

    /** H2, MariaDB: insert-if-absent, else under the row lock a report or a restart of an expired row. */
    private Optional<EnqueueOutcome> inserted(EventKey key, Fingerprint fp, Payload payload, IdempotencyPolicy policy) {
        Optional<Long> token = session.autoCommit(
                "enqueue " + key,
                dsl -> LockingClaim.insertedToken(
                        session, claims, dsl, key, queries.queuedRow(key, fp, payload, policy)));
        if (token.isPresent()) {
            return Optional.of(new EnqueueOutcome.Queued());
        }
        return session.transaction(
                "enqueue " + key,
                dsl -> claims.read(dsl, key, true).fetchOptional().flatMap(row -> {
                    Optional<EnqueueOutcome> report = EnqueueDecision.of(mapper.row(row), fp, claims.dbNow(row));
                    if (report.isPresent()) {
                        return report;
                    }
                    long next = ClaimDecision.nextToken(mapper.record(row).token(), claims.dbMicros(row));
                    queries.restart(dsl, key, fp, payload, policy, next).execute();
                    return Optional.of(new EnqueueOutcome.Queued());
                }));
    }

    /**
     * H2, MariaDB: the due rows locked, skipping rows other pickers hold, then their due time pushed. H2 first reads
     * the ids of the due rows and then locks those by key ({@link QueueQueries#dueIds}).
     */
    private Result<Record> pickLocked(DSLContext dsl, String endpoint, int limit, Duration window) {
        Result<Record> rows;
        if (session.dialect() == JdbcDialect.H2) {
            List<String> due = queries.dueIds(dsl, endpoint, limit).fetch(Record1::value1);
            rows = due.isEmpty()
                    ? dsl.newResult()
                    : queries.pickLockedIds(dsl, endpoint, due, window).fetch();
        } else {
            rows = queries.pickLocked(dsl, endpoint, limit, window).fetch();
        }
        if (rows.isNotEmpty()) {
            Instant pushed = queries.pushed(rows.get(0));
            List<String> ids =
                    rows.stream().map(r -> mapper.record(r).key().eventId()).toList();
            queries.push(dsl, endpoint, ids, pushed).execute();
            rows.forEach(r -> queries.markPushed(r, pushed));
        }
        return rows;
    }
}
