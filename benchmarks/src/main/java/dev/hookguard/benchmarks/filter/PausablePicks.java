package dev.hookguard.benchmarks.filter;

import dev.hookguard.core.EventRecord;
import dev.hookguard.core.ForwardingRecoveryStore;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.memory.InMemoryStore;
import java.time.Duration;
import java.util.List;

/**
 * The store of a benchmark's async endpoint: an {@link InMemoryStore} whose due queue can be held and which can be
 * swapped for an empty one. While paused, {@link #pick} reserves nothing, so the dispatcher finds no work and async
 * intake's records pile up; everything else goes to the current store unchanged. It lets the benchmark measure the
 * intake alone, drop that backlog ({@link #discard()}), then time the dispatcher's drain of a backlog of a fixed
 * size alone. The dispatcher still polls while paused (its polls cost what an idle dispatcher's cost).
 */
final class PausablePicks extends ForwardingRecoveryStore {

    private volatile boolean paused;
    private volatile RecoveryStore current;

    /** Over an empty in-memory store; paused or not. */
    PausablePicks(boolean paused) {
        this(paused, new InMemoryStore());
    }

    private PausablePicks(boolean paused, RecoveryStore first) {
        super(first);
        this.paused = paused;
        this.current = first;
    }

    /** Lets picks through. */
    void resume() {
        paused = false;
    }

    /** Holds picks again. */
    void pause() {
        paused = true;
    }

    /** Drops every record: the next calls go to a new, empty in-memory store. */
    void discard() {
        current = new InMemoryStore();
    }

    @Override
    protected RecoveryStore delegate() {
        return current;
    }

    @Override
    public List<EventRecord> pick(String endpoint, int limit, Duration window) {
        return paused ? List.of() : super.pick(endpoint, limit, window);
    }
}
