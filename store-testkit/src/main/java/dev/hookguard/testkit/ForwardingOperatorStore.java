package dev.hookguard.testkit;

import dev.hookguard.core.AdminOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.ListFilter;
import dev.hookguard.core.OperatorAction;
import dev.hookguard.core.OperatorStore;
import dev.hookguard.core.RecordPage;
import org.jspecify.annotations.Nullable;

/** An {@link OperatorStore} that passes every call on; tests override the calls they watch or disturb. */
public class ForwardingOperatorStore implements OperatorStore {

    private final OperatorStore store;

    /** Forwards to {@code store}. */
    public ForwardingOperatorStore(OperatorStore store) {
        this.store = store;
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
