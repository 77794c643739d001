package dev.hookguard.core.sink;

import dev.hookguard.core.AdminOutcome;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.ListFilter;
import dev.hookguard.core.OperatorAction;
import dev.hookguard.core.Payload;
import dev.hookguard.core.QueueStats;
import dev.hookguard.core.RecordPage;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.WriteOutcome;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A store that tells a {@link DeadLetterSink} about every failure it records as DEAD, and is otherwise the store it
 * wraps: every other operation passes through unchanged. Only a {@code fail} whose outcome is {@code Recorded(DEAD)}
 * reaches the sink, once per record turning DEAD (a stale or FAILED outcome never does). A sink that throws is
 * logged and ignored: the dead letter is in the store either way.
 */
public final class DeadLetterPublishingStore implements RecoveryStore {

    private static final Logger log = LoggerFactory.getLogger(DeadLetterPublishingStore.class);

    private final RecoveryStore store;
    private final DeadLetterSink sink;

    /** Wraps the store; its dead letters also go to the sink. */
    public DeadLetterPublishingStore(RecoveryStore store, DeadLetterSink sink) {
        this.store = store;
        this.sink = sink;
    }

    @Override
    public WriteOutcome fail(EventKey key, long token, Failure failure, IdempotencyPolicy policy) {
        WriteOutcome outcome = store.fail(key, token, failure, policy);
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

    @Override
    public ClaimOutcome claim(EventKey key, Fingerprint fingerprint, IdempotencyPolicy policy) {
        return store.claim(key, fingerprint, policy);
    }

    @Override
    public WriteOutcome renew(EventKey key, long token, IdempotencyPolicy policy) {
        return store.renew(key, token, policy);
    }

    @Override
    public WriteOutcome complete(EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
        return store.complete(key, token, completion, policy);
    }

    @Override
    public Optional<EventRecord> find(EventKey key) {
        return store.find(key);
    }

    @Override
    public EnqueueOutcome enqueue(EventKey key, Fingerprint fingerprint, Payload payload, IdempotencyPolicy policy) {
        return store.enqueue(key, fingerprint, payload, policy);
    }

    @Override
    public List<EventRecord> pick(String endpoint, int limit, Duration window) {
        return store.pick(endpoint, limit, window);
    }

    @Override
    public boolean schedule(EventKey key, Duration delay, IdempotencyPolicy policy) {
        return store.schedule(key, delay, policy);
    }

    @Override
    public QueueStats stats(String endpoint) {
        return store.stats(endpoint);
    }

    @Override
    public RecordPage list(ListFilter filter, @Nullable String cursor, int limit) {
        return store.list(filter, cursor, limit);
    }

    @Override
    public long count(ListFilter filter) {
        return store.count(filter);
    }

    @Override
    public long deadLetterCount(String endpoint) {
        return store.deadLetterCount(endpoint);
    }

    @Override
    public AdminOutcome replay(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return store.replay(key, action, policy);
    }

    @Override
    public AdminOutcome requeue(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return store.requeue(key, action, policy);
    }

    @Override
    public AdminOutcome resolve(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return store.resolve(key, action, policy);
    }

    @Override
    public AdminOutcome skip(EventKey key, OperatorAction action, IdempotencyPolicy policy) {
        return store.skip(key, action, policy);
    }
}
