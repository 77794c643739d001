package dev.hookguard.console;

import static dev.hookguard.console.AbstractConsoleApiIT.error;
import static dev.hookguard.console.AbstractConsoleApiIT.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Roles and required fields per action, as a payment team's procedure asks: a replay by any operator with a reason, a
 * skip by a senior with a ticket id, a resolve by a lead with a ticket id and a fix summary. Enforced by the API (403
 * naming the role, 400 naming the field), on one record, a selection and a filter alike, and kept in the audit.
 */
class ConsoleRolesIT {

    static final String ALICE = "alice-token-0123456789";
    static final String CAROL = "carol-token-0123456789";
    static final String DAVE = "dave-token-01234567890";

    private final InMemoryStore store = new InMemoryStore();
    private ConsoleServer server;
    private ApiClient alice;
    private ApiClient carol;
    private ApiClient dave;

    @BeforeEach
    void start() throws Exception {
        Seeds seeds = new Seeds(store);
        for (String id : new String[] {"d1", "d2", "d3"}) {
            seeds.dead(key(id), ErrorClass.EXCEPTION, "card declined");
        }
        server = ConsoleServer.start(ConsoleConfig.custom(store)
                .endpoints("pay")
                .authorizer(BearerTokenAuthorizer.parse(
                        "alice:write:" + ALICE + ",carol:write+senior:" + CAROL + ",dave:write+senior+lead:" + DAVE))
                .action("replay", ConsoleConfig.DEFAULT_ACTION_ROLE, ConsoleConfig.REASON)
                .action("skip", "senior", ConsoleConfig.TICKET_ID)
                .action("resolve", "lead", ConsoleConfig.TICKET_ID, ConsoleConfig.FIX_SUMMARY, ConsoleConfig.REASON)
                .action("pause", "senior", ConsoleConfig.TICKET_ID)
                .build());
        alice = AbstractConsoleApiIT.withCsrf(new ApiClient(server.console(), ALICE));
        carol = AbstractConsoleApiIT.withCsrf(new ApiClient(server.console(), CAROL));
        dave = AbstractConsoleApiIT.withCsrf(new ApiClient(server.console(), DAVE));
    }

    @AfterEach
    void stop() throws Exception {
        server.close();
    }

    @Test
    void shouldRequireAReasonToReplay() {
        assertThat(error(alice.post("api/actions/replay", Map.of("endpoint", "pay", "id", "d1")), 400))
                .isEqualTo("replay needs a reason (note)");
        assertThat(status("d1")).isEqualTo(RecordStatus.DEAD);

        json(alice.post("api/actions/replay", Map.of("endpoint", "pay", "id", "d1", "note", "ledger is back")), 200);

        assertThat(store.find(key("d1")).orElseThrow().history())
                .extracting(AuditEntry::actor, AuditEntry::action, AuditEntry::note)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("alice", "replay", "ledger is back"));
    }

    @Test
    void shouldLetOnlyASeniorPauseAnEndpointAndOnlyWithATicketKeptInItsAudit() {
        assertThat(error(alice.post("api/endpoints/pause", Map.of("endpoint", "pay", "ticketId", "INC-4")), 403))
                .isEqualTo("pause needs the role senior, which operator alice does not have");
        assertThat(error(carol.post("api/endpoints/pause", Map.of("endpoint", "pay")), 400))
                .isEqualTo("pause needs a ticket id (ticketId)");
        assertThat(store.controls("pay").paused()).isFalse();

        json(
                carol.post(
                        "api/endpoints/pause", Map.of("endpoint", "pay", "note", "ledger down", "ticketId", "INC-4")),
                200);

        assertThat(store.controls("pay").paused()).isTrue();
        assertThat(store.controls("pay").lastChange())
                .extracting(AuditEntry::actor, AuditEntry::action, AuditEntry::note)
                .containsExactly("carol", "pause", "ledger down | ticket INC-4");
        json(alice.post("api/endpoints/resume", Map.of("endpoint", "pay")), 200); // resume keeps the default rule
        assertThat(store.controls("pay").paused()).isFalse();
    }

    @Test
    void shouldLetOnlyASeniorSkipAndOnlyWithATicket() {
        assertThat(error(
                        alice.post("api/actions/skip", Map.of("endpoint", "pay", "id", "d2", "ticketId", "INC-9")),
                        403))
                .isEqualTo("skip needs the role senior, which operator alice does not have");
        assertThat(error(carol.post("api/actions/skip", Map.of("endpoint", "pay", "id", "d2")), 400))
                .isEqualTo("skip needs a ticket id (ticketId)");
        assertThat(error(carol.post("api/selected/skip?id=d2", Map.of("endpoint", "pay")), 400))
                .isEqualTo("skip needs a ticket id (ticketId)");
        assertThat(error(alice.post("api/bulk/skip", Map.of("endpoint", "pay", "ticketId", "INC-9")), 403))
                .startsWith("skip needs the role senior");
        assertThat(status("d2")).isEqualTo(RecordStatus.DEAD);

        json(carol.post("api/selected/skip?id=d2", Map.of("endpoint", "pay", "ticketId", "INC-9")), 200);

        assertThat(status("d2")).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(store.find(key("d2")).orElseThrow().history())
                .extracting(AuditEntry::actor, AuditEntry::note)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("carol", "ticket INC-9"));
    }

    @Test
    void shouldLetOnlyALeadResolveWithTicketFixAndReasonKeptInTheAudit() {
        Map<String, String> complete = Map.of(
                "endpoint", "pay",
                "id", "d3",
                "note", "card expired",
                "ticketId", "INC-7",
                "fixSummary", "customer updated the card");
        assertThat(error(carol.post("api/actions/resolve", complete), 403))
                .isEqualTo("resolve needs the role lead, which operator carol does not have");
        assertThat(error(
                        dave.post(
                                "api/actions/resolve",
                                Map.of("endpoint", "pay", "id", "d3", "note", "x", "ticketId", "INC-7")),
                        400))
                .isEqualTo("resolve needs a fix summary (fixSummary)");

        json(dave.post("api/actions/resolve", complete), 200);

        assertThat(store.find(key("d3")).orElseThrow().history())
                .extracting(AuditEntry::actor, AuditEntry::note)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(
                        "dave", "card expired | ticket INC-7 | fix: customer updated the card"));
    }

    @Test
    void shouldTellThePageWhatTheOperatorMayDoAndWhatEachActionNeeds() {
        Map<String, Object> actions =
                TestJson.object(json(alice.get("api/session"), 200).get("actions"));

        assertThat(TestJson.object((Object) actions.get("skip")))
                .containsEntry("allowed", false)
                .containsEntry("role", "senior")
                .containsEntry("requires", java.util.List.of("ticketId"));
        assertThat(TestJson.object((Object) actions.get("replay")))
                .containsEntry("allowed", true)
                .containsEntry("requires", java.util.List.of("reason"));
        assertThat(TestJson.object((Object) actions.get("requeue")))
                .containsEntry("allowed", true)
                .containsEntry("role", "operator")
                .containsEntry("requires", java.util.List.of());
    }

    @Test
    void shouldRefuseUnknownActionsAndFieldsAtStartUp() {
        ConsoleConfig.Builder builder = ConsoleConfig.custom(store).endpoints("pay");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> builder.action("explode", "senior").build())
                .withMessageStartingWith(
                        "action must be one of [pause, replay, requeue, resolve, resume, skip] but was 'explode'");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ConsoleConfig.custom(store)
                        .endpoints("pay")
                        .action("skip", "senior", "mood")
                        .build())
                .withMessage("a required field of action skip must be reason, ticketId or fixSummary but was 'mood'");
    }

    private RecordStatus status(String id) {
        return store.find(key(id)).orElseThrow().status();
    }

    private static EventKey key(String id) {
        return EventKey.of("pay", id);
    }
}
