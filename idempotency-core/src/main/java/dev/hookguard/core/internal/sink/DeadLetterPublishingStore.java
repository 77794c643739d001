package dev.hookguard.core.internal.sink;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.ForwardingRecoveryStore;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.sink.DeadLetterSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A store that tells a {@link DeadLetterSink} about every failure it records as DEAD, and is otherwise the store it
 * wraps: every other operation passes through unchanged. Only a {@code fail} whose outcome is {@code Recorded(DEAD)}
 * reaches the sink, once per record turning DEAD (a stale or FAILED outcome never does). A sink that throws is
 * logged and ignored: the dead letter is in the store either way.
 */
public final class DeadLetterPublishingStore extends ForwardingRecoveryStore {

    private static final Logger log = LoggerFactory.getLogger(DeadLetterPublishingStore.class);

    private final DeadLetterSink sink;

    /** Wraps the store; its dead letters also go to the sink. */
    public DeadLetterPublishingStore(RecoveryStore store, DeadLetterSink sink) {
        super(store);
        this.sink = sink;
    }

    @Override
    public WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
        WriteOutcome outcome = super.fail(key, token, failure, policy);
        if (outcome instanceof WriteOutcome.Recorded recorded && recorded.status() == RecordStatus.DEAD) {
            publish(key, failure);
        }
        return outcome;
    }

    private void publish(EventKey key, Failure failure) {
        try {
            sink.deadLettered(key, failure);
        } catch (RuntimeException e) {
            log.warn("The dead-letter sink failed for {}; the dead letter stays in the store", key, e);
        }
    }
}
