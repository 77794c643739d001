package dev.hookguard.benchmarks;

import dev.hookguard.core.EventKey;
import java.util.UUID;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.ThreadParams;

/**
 * A fresh event id for every call, per benchmark thread: {@code <run>-<thread>-<counter>}, where the run part is
 * random per trial, so that every claim creates a new record and repeated runs never meet old records.
 */
@State(Scope.Thread)
public class EventIds {

    private String prefix = "";
    private long counter;

    /** Picks this thread's prefix. */
    @Setup
    public void start(ThreadParams thread) {
        prefix = UUID.randomUUID().toString().substring(0, 8) + "-" + thread.getThreadIndex() + "-";
        counter = 0;
    }

    /** The next id. */
    public String next() {
        return prefix + counter++;
    }

    /** The next id as a key of {@code endpoint}. */
    public EventKey nextKey(String endpoint) {
        return EventKey.of(endpoint, next());
    }
}
