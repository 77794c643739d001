package dev.hookguard.benchmarks.filter;

import dev.hookguard.core.EventRecord;
import dev.hookguard.core.ForwardingRecoveryStore;
import dev.hookguard.core.RecoveryStore;
import java.time.Duration;
import java.util.List;

/**
 * A store whose due queue can be held: while paused, {@link #pick} reserves nothing, so the dispatcher finds no
 * work and async intake's records pile up; everything else goes to the store unchanged. It lets the benchmark
 * measure the intake alone, then the dispatcher's drain of the backlog alone. The dispatcher still polls while
 * paused (its polls cost what an idle dispatcher's cost).
 */
final class PausablePicks extends ForwardingRecoveryStore {

    private volatile boolean paused = true;

    /** Paused, over this store. */
    PausablePicks(RecoveryStore delegate) {
        super(delegate);
    }

    @Override
    public List<EventRecord> pick(String endpoint, int limit, Duration window) {
        return paused ? List.of() : super.pick(endpoint, limit, window);
    }

    /** Lets picks through. */
    void resume() {
        paused = false;
    }

    /** Holds picks again. */
    void pause() {
        paused = true;
    }
}
