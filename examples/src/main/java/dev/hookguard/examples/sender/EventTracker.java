package dev.hookguard.examples.sender;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Follows the requests of one event (its genuine copies and its attacks) and, when the last one has finished,
 * counts what became of the event and tells the storm.
 */
final class EventTracker {

    private final AtomicInteger pending;
    private final StormStats stats;
    private final Runnable onSettled;
    private volatile boolean succeeded;
    private volatile boolean dead;

    /** A tracker of an event with this many requests; {@code onSettled} runs once, after the last one. */
    EventTracker(int requests, StormStats stats, Runnable onSettled) {
        this.pending = new AtomicInteger(requests);
        this.stats = stats;
        this.onSettled = onSettled;
    }

    /** A genuine copy got this 2xx. */
    void acknowledged(Answer answer) {
        if (answer.deadAcknowledgement()) {
            dead = true;
        } else {
            succeeded = true;
        }
    }

    /** One request of the event has finished; the last one settles the event. */
    void finished() {
        if (pending.decrementAndGet() != 0) {
            return;
        }
        stats.add(succeeded ? Tally.EVENTS_SUCCEEDED : dead ? Tally.EVENTS_DEAD : Tally.EVENTS_GIVEN_UP);
        stats.add(Tally.EVENTS_SETTLED);
        onSettled.run();
    }
}
