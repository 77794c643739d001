package dev.hookguard.core;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One page of the dead-letter queue (DEAD and REJECTED records), oldest first.
 *
 * @param records the dead letters on this page
 * @param nextCursor the opaque cursor of the next page, or null when this is the last page
 */
public record DeadLetterPage(
        List<EventRecord> records, @Nullable String nextCursor) {

    /** Copies the list. */
    public DeadLetterPage {
        records = List.copyOf(records);
    }
}
