package dev.hookguard.core.operator;

import dev.hookguard.core.EventRecord;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One page of an operator listing ({@link OperatorStore#list}), oldest {@code updatedAt} first.
 *
 * @param records the records on this page, with their payloads
 * @param nextCursor the opaque cursor of the next page, or null when this is the last page
 */
public record RecordPage(
        List<EventRecord> records, @Nullable String nextCursor) {

    /** Copies the list. */
    public RecordPage {
        records = List.copyOf(records);
    }
}
