package dev.hookguard.console;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import java.util.Optional;

/** Reads one record by key, for the detail view; every store's {@code find} is one. */
@FunctionalInterface
public interface RecordFinder {

    /** The record of this key, if the store holds one. */
    Optional<EventRecord> find(EventKey key);
}
