package dev.hookguard.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The purge of an archived dead letter ({@link dev.hookguard.core.operator.OperatorStore#purge}): it deletes a DEAD or
 * REJECTED record only while its {@code updatedAt} is the archived one, and takes it out of the dead-letter count and
 * the listings as its expiry would. Part of {@link StoreContractTest}.
 */
public abstract class PurgeContract extends AuditTrailContract {

    @Test
    void shouldPurgeAnUnchangedDeadLetterAndDropItFromCountAndListing() {
        dead(key("d1"), ErrorClass.TIMEOUT);
        dead(key("d2"), ErrorClass.TIMEOUT);
        EventRecord archived = record(key("d1"));
        assertThat(store.deadLetterCount(endpoint)).isEqualTo(2);

        assertThat(store.purge(archived.key(), archived.updatedAt())).isEqualTo(AdminOutcome.UPDATED);

        assertThat(store.find(archived.key())).isEmpty();
        assertThat(allDeadLetterIds()).containsExactly("d2");
        assertThat(store.deadLetterCount(endpoint)).isEqualTo(1);
    }

    @Test
    void shouldPurgeAnUnchangedRejectedRecord() {
        rejected(key("r1"), ErrorClass.SCHEMA);
        EventRecord archived = record(key("r1"));

        assertThat(store.purge(archived.key(), archived.updatedAt())).isEqualTo(AdminOutcome.UPDATED);

        assertThat(store.find(archived.key())).isEmpty();
        assertThat(allDeadLetterIds()).isEmpty();
        assertThat(store.deadLetterCount(endpoint)).isZero();
    }

    @Test
    void shouldRefuseARecordReplayedSinceItWasArchived() {
        dead(key("d1"), ErrorClass.TIMEOUT);
        EventRecord archived = record(key("d1"));
        assertThat(store.replay(archived.key(), OPERATOR, POLICY)).isEqualTo(AdminOutcome.UPDATED);

        assertThat(store.purge(archived.key(), archived.updatedAt())).isEqualTo(AdminOutcome.WRONG_STATE);

        assertThat(record(archived.key()).status()).isEqualTo(RecordStatus.QUEUED);
    }

    @Test
    void shouldRefuseADeadLetterWithAnotherUpdateTime() {
        dead(key("d1"), ErrorClass.TIMEOUT);
        EventRecord archived = record(key("d1"));

        assertThat(store.purge(archived.key(), archived.updatedAt().minusMillis(1)))
                .isEqualTo(AdminOutcome.WRONG_STATE);
        assertThat(store.purge(archived.key(), archived.updatedAt().plusMillis(1)))
                .isEqualTo(AdminOutcome.WRONG_STATE);

        assertThat(record(archived.key()).status()).isEqualTo(RecordStatus.DEAD);
        assertThat(allDeadLetterIds()).containsExactly("d1");
    }

    @Test
    void shouldRefuseARecordThatIsNoDeadLetter() {
        failed(key("f1"), ErrorClass.NETWORK);
        succeeded(key("s1"));
        EventRecord failed = record(key("f1"));
        EventRecord succeeded = record(key("s1"));

        assertThat(store.purge(failed.key(), failed.updatedAt())).isEqualTo(AdminOutcome.WRONG_STATE);
        assertThat(store.purge(succeeded.key(), succeeded.updatedAt())).isEqualTo(AdminOutcome.WRONG_STATE);

        assertThat(store.find(failed.key())).isPresent();
        assertThat(store.find(succeeded.key())).isPresent();
    }

    @Test
    void shouldAnswerNotFoundForAnAbsentKey() {
        EventKey absent = key("never-stored");

        assertThat(store.purge(absent, Instant.now())).isEqualTo(AdminOutcome.NOT_FOUND);
    }

    @Test
    void shouldAnswerNotFoundOnceAlreadyPurged() {
        dead(key("d1"), ErrorClass.TIMEOUT);
        EventRecord archived = record(key("d1"));
        assertThat(store.purge(archived.key(), archived.updatedAt())).isEqualTo(AdminOutcome.UPDATED);

        assertThat(store.purge(archived.key(), archived.updatedAt())).isEqualTo(AdminOutcome.NOT_FOUND);
    }
}
