package dev.hookguard.jdbc.internal.sql;

import dev.hookguard.core.EventRecord;
import java.time.Instant;

/**
 * The position after one record in an operator listing's order ({@code updated_at}, then {@code event_id}), as the
 * opaque cursor {@code <epoch millis>:<event id>}. Times are stored in milliseconds, so the cursor is exact.
 *
 * @param updatedAt the last listed record's update time
 * @param eventId the last listed record's event id
 */
public record RecordCursor(Instant updatedAt, String eventId) {

    public static RecordCursor after(EventRecord last) {
        return new RecordCursor(last.updatedAt(), last.key().eventId());
    }

    /** The cursor a previous page returned; anything else is an {@link IllegalArgumentException}. */
    public static RecordCursor parse(String cursor) {
        int colon = cursor.indexOf(':');
        try {
            if (colon > 0 && colon < cursor.length() - 1) {
                long millis = Long.parseLong(cursor.substring(0, colon));
                return new RecordCursor(Instant.ofEpochMilli(millis), cursor.substring(colon + 1));
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("cursor must be a nextCursor of this store but was '" + cursor + "'");
    }

    public String encode() {
        return updatedAt.toEpochMilli() + ":" + eventId;
    }
}
