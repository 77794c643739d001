package dev.hookguard.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.hookguard.core.operator.EndpointControls.EndpointState;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

/**
 * The endpoint controls' contract (DESIGN.md §8): pause and resume are kept per endpoint with who, when and why, and
 * read back by any caller of the store. Part of {@link StoreContractTest}.
 */
public abstract class EndpointControlsContract extends ConcurrencyContract {

    @Test
    void shouldReadAnEndpointNeverPausedAsRunning() {
        assertThat(store.controls(endpoint)).isEqualTo(EndpointState.running(endpoint));
    }

    @Test
    void shouldKeepAPauseWithWhoWhenAndWhy() {
        EndpointState paused = store.pause(endpoint, OperatorAction.by("alice", "INC-42: ledger API down"));

        assertThat(paused.paused()).isTrue();
        assertThat(store.controls(endpoint)).isEqualTo(paused);
        AuditEntry change = paused.lastChange();
        assertThat(change).isNotNull();
        assertThat(change.actor()).isEqualTo("alice");
        assertThat(change.action()).isEqualTo(AuditEntry.PAUSE);
        assertThat(change.note()).isEqualTo("INC-42: ledger API down");
        assertThat(change.at()).isCloseTo(Instant.now(), within(1, ChronoUnit.MINUTES));
    }

    @Test
    void shouldResumeAPausedEndpoint() {
        store.pause(endpoint, OperatorAction.by("alice"));

        EndpointState resumed = store.resume(endpoint, OperatorAction.by("bob", "ledger back"));

        assertThat(resumed.paused()).isFalse();
        assertThat(store.controls(endpoint)).isEqualTo(resumed);
        assertThat(resumed.lastChange()).isNotNull();
        assertThat(resumed.lastChange().actor()).isEqualTo("bob");
        assertThat(resumed.lastChange().action()).isEqualTo(AuditEntry.RESUME);
    }

    @Test
    void shouldKeepTheLatestOfTwoPausesAndLeaveOtherEndpointsRunning() {
        store.pause(endpoint, OperatorAction.by("alice"));
        store.pause(endpoint, OperatorAction.by("carol", "still down"));

        assertThat(store.controls(endpoint).paused()).isTrue();
        assertThat(store.controls(endpoint).lastChange().actor()).isEqualTo("carol");
        assertThat(store.controls(endpoint + "-other")).isEqualTo(EndpointState.running(endpoint + "-other"));
    }

    @Test
    void shouldLeaveTheDueQueueAloneWhilePaused() {
        queued(key("q1"));

        store.pause(endpoint, OperatorAction.by("alice"));

        assertThat(store.stats(endpoint).depth()).isEqualTo(1);
        assertThat(store.find(key("q1")).orElseThrow().isDue()).isTrue();
    }
}
