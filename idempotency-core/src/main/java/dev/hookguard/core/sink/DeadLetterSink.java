package dev.hookguard.core.sink;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;

/**
 * Hears of each record that just turned DEAD, after the store recorded it (so the dead letter is already visible
 * to operators whatever the sink does). Called on the thread that recorded the failure: hand the work off rather
 * than block, and do not throw — {@link DeadLetterPublishingStore} logs and swallows what a sink throws, because the
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
}
