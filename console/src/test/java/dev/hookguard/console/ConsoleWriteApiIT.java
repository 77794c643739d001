package dev.hookguard.console;

import static dev.hookguard.console.TestJson.objects;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.internal.OperatorActions;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** Every action, on one record and on a filter, and the audit history they leave, on each store. */
@ParameterizedClass(name = "{0}")
@MethodSource("dev.hookguard.console.StoreKind#tested")
class ConsoleWriteApiIT extends AbstractConsoleApiIT {

    private Map<String, String> one(String id, String note) {
        return Map.of("endpoint", pay, "id", id, "note", note);
    }

    @Test
    void shouldPauseAndResumeAnEndpointInTheStoreAndShowWhoDidIt() {
        assertThat(json(reader.get("api/endpoint?endpoint=" + pay), 200)).containsEntry("paused", false);

        Map<String, Object> paused =
                json(writer.post("api/endpoints/pause", Map.of("endpoint", pay, "note", "INC-7: ledger down")), 200);

        assertThat(paused).containsEntry("paused", true);
        assertThat(store.controls(pay).paused()).isTrue();
        assertThat(store.controls(git).paused()).isFalse();
        assertThat(json(reader.get("api/endpoint?endpoint=" + pay), 200).get("lastChange"))
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                .containsEntry("actor", "alice")
                .containsEntry("action", "pause")
                .containsEntry("note", "INC-7: ledger down");
        assertThat(error(reader.post("api/endpoints/resume", Map.of("endpoint", pay)), 403))
                .contains("may read but not act");
        assertThat(error(writer.post("api/endpoints/halt", Map.of("endpoint", pay)), 400))
                .contains("pause or resume");

        json(writer.post("api/endpoints/resume", Map.of("endpoint", pay, "note", "ledger back")), 200);

        assertThat(store.controls(pay).paused()).isFalse();
        assertThat(store.controls(pay).lastChange().actor()).isEqualTo("alice");
    }

    @Test
    void shouldReplayADeadLetterIntoTheDueQueueAndTellTheDispatcherHook() {
        seedMixed();
        EventKey key = pay("d-timeout-1");

        assertThat(json(writer.post("api/actions/replay", one("d-timeout-1", "")), 200))
                .containsEntry("outcome", "UPDATED");

        EventRecord record = find(key);
        assertThat(record.status()).isEqualTo(RecordStatus.QUEUED);
        assertThat(record.attempts()).isZero();
        assertThat(record.nextAttemptAt()).isNotNull();
        assertThat(record.payload()).isNotNull();
        assertThat(replayed).containsExactly(pay);
        assertThat(ids("endpoint=" + pay)).doesNotContain("d-timeout-1");
        assertThat(ids("endpoint=" + pay + "&listing=queued")).containsExactly("d-timeout-1");
    }

    @Test
    void shouldReplayARejectedAndAFailedRecord() {
        seedMixed();

        json(writer.post("api/actions/replay", one("r-schema-1", "")), 200);
        json(writer.post("api/actions/replay", one("f-server-1", "")), 200);

        assertThat(status(pay("r-schema-1"))).isEqualTo(RecordStatus.QUEUED);
        assertThat(status(pay("f-server-1"))).isEqualTo(RecordStatus.QUEUED);
    }

    @Test
    void shouldRequeueADeadLetterForTheSendersNextDelivery() {
        seedMixed();

        json(writer.post("api/actions/requeue", one("d-network-1", "ledger is back")), 200);

        EventRecord record = find(pay("d-network-1"));
        assertThat(record.status()).isEqualTo(RecordStatus.FAILED);
        assertThat(record.attempts()).isZero();
        assertThat(record.history()).extracting(AuditEntry::action).containsExactly("requeue");
    }

    @Test
    void shouldResolveOnlyWithANote() {
        seedMixed();

        assertThat(error(writer.post("api/actions/resolve", one("d-timeout-1", " ")), 400))
                .contains("note");
        assertThat(status(pay("d-timeout-1"))).isEqualTo(RecordStatus.DEAD);

        json(writer.post("api/actions/resolve", one("d-timeout-1", "refunded by hand, ticket 42")), 200);

        EventRecord record = find(pay("d-timeout-1"));
        assertThat(record.status()).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(record.history()).singleElement().satisfies(entry -> {
            assertThat(entry.actor()).isEqualTo("alice");
            assertThat(entry.action()).isEqualTo("resolve");
            assertThat(entry.note()).isEqualTo("refunded by hand, ticket 42");
        });
    }

    @Test
    void shouldSkipWithoutANote() {
        seedMixed();

        json(writer.post("api/actions/skip", Map.of("endpoint", pay, "id", "r-schema-1")), 200);

        assertThat(status(pay("r-schema-1"))).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(find(pay("r-schema-1")).history())
                .extracting(AuditEntry::action)
                .containsExactly("skip");
    }

    @Test
    void shouldAnswer409WhenTheActionDoesNotApplyAnd404ForAnUnknownRecord() {
        seedMixed();
        json(writer.post("api/actions/replay", one("d-timeout-1", "")), 200);

        assertThat(error(writer.post("api/actions/replay", one("d-timeout-1", "")), 409))
                .contains("replay");
        assertThat(error(writer.post("api/actions/requeue", one("f-server-1", "")), 409))
                .contains("requeue");
        assertThat(error(writer.post("api/actions/skip", one("nope", "")), 404)).contains("no record");
        assertThat(error(writer.post("api/actions/delete", one("d-network-1", "")), 400))
                .contains("delete");
        assertThat(error(writer.post("api/elsewhere", one("d-network-1", "")), 404))
                .contains("elsewhere");
        assertThat(status(pay("d-network-1"))).isEqualTo(RecordStatus.DEAD);
    }

    @Test
    void shouldShowTheAuditHistoryOldestFirst() {
        seedMixed();
        json(writer.post("api/actions/requeue", one("d-network-1", "first try")), 200);
        json(writer.post("api/actions/replay", one("d-network-1", "")), 200);

        List<Map<String, Object>> history = objects(TestJson.parse(
                reader.get("api/history?endpoint=" + pay + "&id=d-network-1").body()));

        assertThat(history).extracting(e -> e.get("action")).containsExactly("requeue", "replay");
        assertThat(history).extracting(e -> e.get("actor")).containsOnly("alice");
        assertThat(history.get(0)).containsEntry("note", "first try");
        assertThat(history.get(1).get("note")).isNull();
        assertThat(objects(json(reader.get("api/record?endpoint=" + pay + "&id=d-network-1"), 200)
                        .get("history")))
                .hasSize(2);
    }

    @Test
    void shouldBulkResolveEveryRecordOfAFilterWithTheNote() {
        for (int i = 0; i < 12; i++) {
            seeds.dead(pay("t-" + i), ErrorClass.TIMEOUT, "timed out");
        }
        seedMixed();
        Map<String, Object> preview = json(writer.get("api/count?endpoint=" + pay + "&errorClass=timeout"), 200);
        assertThat(preview).containsEntry("count", 13L);

        Map<String, Object> result = json(
                writer.post(
                        "api/bulk/resolve", Map.of("endpoint", pay, "errorClass", "timeout", "note", "ledger fixed")),
                200);

        assertThat(result).containsEntry("matched", 13L).containsEntry("updated", 13L);
        assertThat(ids("endpoint=" + pay)).containsExactly("d-network-1", "r-schema-1");
        assertThat(find(pay("t-7")).history())
                .singleElement()
                .satisfies(entry -> assertThat(entry.note()).isEqualTo("ledger fixed"));
        assertThat(status(EventKey.of(git, "g-timeout-1"))).isEqualTo(RecordStatus.DEAD);
    }

    @Test
    void shouldRefuseAFilterParameterByItsFormerNameBeforeTouchingAnything() {
        seedMixed();

        assertThat(error(writer.post("api/bulk/skip", Map.of("endpoint", pay, "class", "timeout")), 400))
                .contains("class", "errorClass");
        assertThat(error(writer.get("api/records?endpoint=" + pay + "&q=timeout"), 400))
                .contains("text");
        assertThat(ids("endpoint=" + pay)).hasSize(3);
    }

    @Test
    void shouldRefuseABulkResolveWithoutANoteBeforeTouchingAnything() {
        seedMixed();

        assertThat(error(writer.post("api/bulk/resolve", Map.of("endpoint", pay)), 400))
                .contains("note");
        assertThat(ids("endpoint=" + pay)).hasSize(3);
    }

    @Test
    void shouldBulkReplayMoreThanOnePageOfAFilter() {
        int total = OperatorActions.PAGE_SIZE + 30;
        for (int i = 0; i < total; i++) {
            seeds.dead(pay(String.format("bulk-%04d", i)), ErrorClass.NETWORK, "reset");
        }

        Map<String, Object> result =
                json(writer.post("api/bulk/replay", Map.of("endpoint", pay, "listing", "dead")), 200);

        assertThat(result).containsEntry("matched", (long) total).containsEntry("updated", (long) total);
        assertThat(json(writer.get("api/count?endpoint=" + pay + "&listing=queued"), 200))
                .containsEntry("count", (long) total);
        assertThat(replayed).containsExactly(pay); // once per bulk, for the endpoint
    }

    @Test
    void shouldActOnExactlyTheSelectedRecords() {
        seedMixed();

        Map<String, Object> answer = json(
                writer.post(
                        "api/selected/skip?id=d-timeout-1&id=r-schema-1&id=no-such-record",
                        Map.of("endpoint", pay, "note", "duplicates of INC-42")),
                200);

        assertThat(answer).containsEntry("action", "skip");
        assertThat(answer).containsEntry("matched", 3L);
        assertThat(answer).containsEntry("updated", 2L);
        assertThat(objects(answer.get("results")))
                .extracting(r -> r.get("eventId"), r -> r.get("outcome"))
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("d-timeout-1", "UPDATED"),
                        org.assertj.core.groups.Tuple.tuple("r-schema-1", "UPDATED"),
                        org.assertj.core.groups.Tuple.tuple("no-such-record", "NOT_FOUND"));
        assertThat(status(pay("d-timeout-1"))).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(status(pay("r-schema-1"))).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(status(pay("d-network-1"))).isEqualTo(RecordStatus.DEAD);
        assertThat(find(pay("d-timeout-1")).history())
                .extracting(AuditEntry::actor, AuditEntry::action, AuditEntry::note)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("alice", "skip", "duplicates of INC-42"));
    }

    @Test
    void shouldRefuseAnEmptySelectionAndAReadersSelection() {
        seedMixed();

        assertThat(error(writer.post("api/selected/skip", Map.of("endpoint", pay)), 400))
                .isEqualTo("a selection must name 1 to 500 ids but named 0");
        assertThat(reader.post("api/selected/skip?id=d-timeout-1", Map.of("endpoint", pay))
                        .statusCode())
                .isEqualTo(403);
        assertThat(status(pay("d-timeout-1"))).isEqualTo(RecordStatus.DEAD);
    }
}
