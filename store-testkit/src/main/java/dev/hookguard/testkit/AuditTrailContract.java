package dev.hookguard.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.internal.OperatorActions;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore.AuditLine;
import dev.hookguard.core.operator.OperatorStore.AuditPage;
import dev.hookguard.core.operator.OperatorStore.AuditQuery;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/**
 * The audit trail's contract (DESIGN.md §9): every operator action that changed something, across the records and
 * controls of one endpoint, read back newest first, filtered by operator, action and time, paged with a stable
 * cursor, and dropped past the time it was kept for. Part of {@link StoreContractTest}.
 */
public abstract class AuditTrailContract extends EndpointControlsContract {

    private static final Duration KEEP = Duration.ofDays(1);

    @Test
    void shouldReadAnEmptyTrail() {
        AuditPage page = store.audit(AuditQuery.all(endpoint), null, 10);

        assertThat(page.lines()).isEmpty();
        assertThat(page.nextCursor()).isNull();
    }

    @Test
    void shouldReadLinesBackNewestFirstWithEveryField() {
        Instant t0 = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        AuditLine replay = line("evt_1", "alice", AuditEntry.REPLAY, "INC-7: ledger back", t0);
        AuditLine pause = line(null, "bob", AuditEntry.PAUSE, null, t0.plusMillis(1));
        store.appendAudit(replay, KEEP);
        store.appendAudit(pause, KEEP);

        AuditPage page = store.audit(AuditQuery.all(endpoint), null, 10);

        assertThat(page.lines()).containsExactly(pause, replay);
        assertThat(page.nextCursor()).isNull();
    }

    @Test
    void shouldFilterByActorActionAndTime() {
        Instant t0 = Instant.now().truncatedTo(ChronoUnit.MILLIS).minusSeconds(60);
        AuditLine a = line("e1", "alice", AuditEntry.REPLAY, null, t0);
        AuditLine b = line("e2", "bob", AuditEntry.RESOLVE, "fixed", t0.plusSeconds(10));
        AuditLine c = line("e3", "alice", AuditEntry.RESOLVE, "fixed too", t0.plusSeconds(20));
        for (AuditLine line : List.of(a, b, c)) {
            store.appendAudit(line, KEEP);
        }

        assertThat(read(new AuditQuery(endpoint, "alice", null, null, null), 10))
                .containsExactly(c, a);
        assertThat(read(new AuditQuery(endpoint, null, AuditEntry.RESOLVE, null, null), 10))
                .containsExactly(c, b);
        assertThat(read(new AuditQuery(endpoint, "alice", AuditEntry.RESOLVE, null, null), 10))
                .containsExactly(c);
        assertThat(read(new AuditQuery(endpoint, null, null, t0.plusSeconds(10), t0.plusSeconds(20)), 10))
                .containsExactly(b);
        assertThat(read(new AuditQuery(endpoint, null, null, t0.plusSeconds(5), null), 10))
                .containsExactly(c, b);
        assertThat(read(new AuditQuery(endpoint, "carol", null, null, null), 10))
                .isEmpty();
    }

    @Test
    void shouldPageWithAStableCursorThatNeverShowsLaterLines() {
        Instant t0 = Instant.now().truncatedTo(ChronoUnit.MILLIS).minusSeconds(60);
        List<AuditLine> appended = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            AuditLine line = line("e" + i, "ops", AuditEntry.SKIP, null, t0.plusSeconds(i));
            store.appendAudit(line, KEEP);
            appended.add(0, line);
        }

        AuditPage first = store.audit(AuditQuery.all(endpoint), null, 2);
        store.appendAudit(line("late", "ops", AuditEntry.SKIP, null, t0.plusSeconds(30)), KEEP);
        AuditPage second = store.audit(AuditQuery.all(endpoint), first.nextCursor(), 2);
        AuditPage third = store.audit(AuditQuery.all(endpoint), second.nextCursor(), 2);

        assertThat(first.lines()).containsExactlyElementsOf(appended.subList(0, 2));
        assertThat(second.lines()).containsExactlyElementsOf(appended.subList(2, 4));
        assertThat(third.lines()).containsExactlyElementsOf(appended.subList(4, 5));
        assertThat(third.nextCursor()).isNull();
    }

    @Test
    void shouldNotEndAPageWithACursorWhenNoFurtherLineMatches() {
        Instant t0 = Instant.now().truncatedTo(ChronoUnit.MILLIS).minusSeconds(60);
        store.appendAudit(line("e1", "alice", AuditEntry.REPLAY, null, t0), KEEP);
        store.appendAudit(line("e2", "bob", AuditEntry.REPLAY, null, t0.plusSeconds(1)), KEEP);
        store.appendAudit(line("e3", "alice", AuditEntry.REPLAY, null, t0.plusSeconds(2)), KEEP);

        AuditPage page = store.audit(new AuditQuery(endpoint, "alice", null, null, null), null, 2);

        assertThat(page.lines()).extracting(AuditLine::eventId).containsExactly("e3", "e1");
        assertThat(page.nextCursor()).isNull();
    }

    @Test
    void shouldKeepEachEndpointsTrailApart() {
        store.appendAudit(line("e1", "alice", AuditEntry.REPLAY, null, Instant.now()), KEEP);

        assertThat(store.audit(AuditQuery.all(endpoint + "-other"), null, 10).lines())
                .isEmpty();
    }

    @Test
    void shouldNeverReadALinePastTheTimeItWasKeptFor() {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        store.appendAudit(
                line("old", "alice", AuditEntry.SKIP, null, now.minus(Duration.ofHours(2))), Duration.ofHours(1));
        AuditLine fresh = line("fresh", "alice", AuditEntry.SKIP, null, now);
        store.appendAudit(fresh, Duration.ofHours(1));

        assertThat(read(AuditQuery.all(endpoint), 10)).containsExactly(fresh);
    }

    @Test
    void shouldRefuseAMalformedCursorNamingIt() {
        assertThatThrownBy(() -> store.audit(AuditQuery.all(endpoint), "not-a-cursor", 10))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not-a-cursor");
    }

    @Test
    void shouldAuditEveryOperatorActionThatChangedARecordAndNoneThatDidNot() {
        dead(key("d1"), ErrorClass.TIMEOUT);
        dead(key("d2"), ErrorClass.TIMEOUT);
        OperatorActions actions = new OperatorActions(store, KEEP);

        actions.replay(key("d1"), OperatorAction.by("alice", "INC-9"), POLICY);
        actions.resolve(key("d2"), OperatorAction.by("bob", "fixed by hand"), POLICY);
        actions.resolve(key("d2"), OperatorAction.by("bob", "again"), POLICY); // already SUCCEEDED: WRONG_STATE

        List<AuditLine> lines = read(AuditQuery.all(endpoint), 10);
        assertThat(lines)
                .extracting(l -> l.eventId() + " " + l.entry().actor() + " "
                        + l.entry().action() + " " + l.entry().note())
                .containsExactly("d2 bob resolve fixed by hand", "d1 alice replay INC-9");
    }

    private List<AuditLine> read(AuditQuery query, int limit) {
        return store.audit(query, null, limit).lines();
    }

    private AuditLine line(@Nullable String eventId, String actor, String action, @Nullable String note, Instant at) {
        return new AuditLine(endpoint, eventId, new AuditEntry(at, actor, action, note));
    }
}
