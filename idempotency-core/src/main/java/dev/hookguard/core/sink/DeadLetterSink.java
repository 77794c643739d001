package dev.hookguard.core.sink;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.internal.sink.DeadLetterPublishingStore;

/**
 * Hears of each record that just turned DEAD, after the store recorded it (so the dead letter is already visible
 * to operators whatever the sink does). Called on the thread that recorded the failure: hand the work off rather
 * than block, and do not throw — the store of {@link #wrap} logs and swallows what a sink throws, because the
 * verdict is already recorded.
 */
@FunctionalInterface
public interface DeadLetterSink {

    /**
     * The record of {@code key} is DEAD now.
     *
     * @param key the event
     * @param failure the last attempt's failure: the kept payload, the error and its class
     */
    void deadLettered(EventKey key, Failure failure);

    /**
     * A store that is {@code store} and also tells this sink about every failure it records as DEAD: only a
     * {@code fail} whose outcome is {@code Recorded(DEAD)} reaches the sink, once per record turning DEAD; every other
     * operation passes through unchanged.
     *
     * @param store the store to wrap
     * @return the wrapping store
     */
    default RecoveryStore wrap(RecoveryStore store) {
        return new DeadLetterPublishingStore(store, this);
    }
}
