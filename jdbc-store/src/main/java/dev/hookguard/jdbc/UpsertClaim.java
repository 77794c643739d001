package dev.hookguard.jdbc;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import java.util.Optional;
import java.util.function.Consumer;
import org.jooq.Record;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * PostgreSQL's claim: one auto-committed {@code INSERT … ON CONFLICT (endpoint, event_id) DO UPDATE SET … WHERE
 * <guard> RETURNING token, attempts}, one round trip when it acquires. PostgreSQL locks the conflicting row and
 * evaluates the guard on its latest committed version, so of any number of concurrent claims exactly one passes.
 *
 * <p>When the guard refuses, a plain read tells duplicate, in progress, dead or mismatch. That read may see a row that
 * changed after the refusal: completed (reported as a duplicate), failed or with its lease just expired or purged (the
 * claim starts over and may acquire). {@link ClaimDecision} judges the row at the {@code now} of the same read.
 */
final class UpsertClaim implements ClaimStrategy {

    private static final Logger log = LoggerFactory.getLogger(UpsertClaim.class);

    private final JdbcSession session;
    private final ClaimQueries queries;
    private final EventRowMapper mapper;
    private final Consumer<EventKey> afterRefusal;

    UpsertClaim(JdbcSession session, ClaimQueries queries, EventRowMapper mapper, Consumer<EventKey> afterRefusal) {
        this.session = session;
        this.queries = queries;
        this.mapper = mapper;
        this.afterRefusal = afterRefusal;
    }

    @Override
    public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
        for (int round = 1; round <= MAX_ROUNDS; round++) {
            Optional<ClaimOutcome> outcome = session.autoCommit(
                    "claim " + key,
                    dsl -> queries.upsert(dsl, key, fingerprint, policy)
                            .fetchOptional()
                            .map(r -> new ClaimOutcome.Acquired(r.value1(), r.value2())));
            if (outcome.isPresent()) {
                return outcome.get();
            }
            afterRefusal.accept(key);
            Optional<ClaimOutcome> found = session.autoCommit(
                    "read claimed " + key,
                    dsl -> queries.read(dsl, key, false).fetchOptional().flatMap(r -> report(r, fingerprint)));
            if (found.isPresent()) {
                return found.get();
            }
        }
        log.warn("Claim of {} gave up after {} rounds of concurrent changes", key, MAX_ROUNDS);
        return CONTENDED;
    }

    private Optional<ClaimOutcome> report(Record row, Fingerprint fingerprint) {
        return ClaimDecision.of(mapper.row(row), fingerprint, queries.dbNow(row), queries.dbMicros(row))
                        instanceof ClaimDecision.Report r
                ? Optional.of(r.outcome())
                : Optional.empty();
    }
}
