package dev.hookguard.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.hookguard.core.internal.AuditHistory;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.ListFilter.Listing;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.BulkResult;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RecoveryModelTest {

    @Test
    void shouldRoundTripEveryErrorClassAndStatusByCode() {
        for (ErrorClass errorClass : ErrorClass.values()) {
            assertThat(ErrorClass.fromCode(errorClass.code())).isEqualTo(errorClass);
        }
        assertThat(RecordStatus.fromCode("Q")).isEqualTo(RecordStatus.QUEUED);
        assertThat(RecordStatus.QUEUED.isTerminal()).isFalse();
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ErrorClass.fromCode("oops"))
                .withMessageContaining("oops");
    }

    @Test
    void shouldDefaultFailuresAndRejections() {
        Payload payload = Payload.of(new byte[] {1});

        assertThat(new Failure(payload, "x")).isEqualTo(new Failure(payload, "x", ErrorClass.EXCEPTION, null));
        assertThat(Completion.rejected(StoredResponse.empty(400), payload).errorClass())
                .isEqualTo(ErrorClass.CLIENT_ERROR);
        assertThat(Completion.succeeded(StoredResponse.empty(200)).errorClass()).isNull();
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new Failure(payload, "x", ErrorClass.TIMEOUT, Duration.ofSeconds(-1)));
    }

    @Test
    void shouldRequireAnActorAndANoteForResolve() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> OperatorAction.by(" "))
                .withMessageContaining("actor");
        assertThat(OperatorAction.by("ops", "  ").note()).isNull();
        assertThatIllegalArgumentException()
                .isThrownBy(() -> OperatorAction.by("ops").requireNote("resolve"))
                .withMessageContaining("resolve");
    }

    @Test
    void shouldValidateFilters() {
        Instant now = Instant.now();

        assertThat(ListFilter.deadLetters("stripe").listings()).isEqualTo(Set.of(Listing.DEAD, Listing.REJECTED));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ListFilter.forEndpoint("a:b").build())
                .withMessageContaining("a:b");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ListFilter.forEndpoint("e").listings(Set.of()).build());
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ListFilter.forEndpoint("e").from(now).to(now).build())
                .withMessageContaining("from");
        assertThat(ListFilter.forEndpoint("e").text(" ").build().text()).isNull();
    }

    @Test
    void shouldKeepOnlyTheNewestHistoryEntriesAndRoundTripThem() {
        List<AuditEntry> history = new ArrayList<>();
        for (int i = 0; i < AuditEntry.MAX_HISTORY + 3; i++) {
            history = AuditHistory.append(
                    history,
                    new AuditEntry(Instant.ofEpochMilli(i), "ops", AuditEntry.SKIP, i % 2 == 0 ? null : "n\"" + i));
        }

        assertThat(history).hasSize(AuditEntry.MAX_HISTORY);
        assertThat(history.get(0).at()).isEqualTo(Instant.ofEpochMilli(3));
        assertThat(AuditHistory.decode(AuditHistory.encode(history))).isEqualTo(history);
        assertThat(AuditHistory.decode(null)).isEmpty();
        assertThatIllegalArgumentException().isThrownBy(() -> AuditHistory.decode("{}"));
    }

    @Test
    void shouldCountBulkOutcomes() {
        BulkResult result = BulkResult.NONE
                .plus(AdminOutcome.UPDATED)
                .plus(AdminOutcome.WRONG_STATE)
                .plus(AdminOutcome.NOT_FOUND)
                .plus(AdminOutcome.UPDATED);

        assertThat(result).isEqualTo(new BulkResult(2, 1, 1));
        assertThat(result.total()).isEqualTo(4);
    }
}
