package dev.hookguard.core.memory;

import dev.hookguard.core.EventRecord;
import java.util.Comparator;
import java.util.regex.Pattern;

/**
 * Listing cursors of the in-memory store: the record's update time in epoch nanoseconds, zero-padded, then
 * {@code |} and its key, so that string order is listing order.
 */
final class ListCursor {

    static final Comparator<EventRecord> ORDER = Comparator.comparing(EventRecord::updatedAt)
            .thenComparing(r -> r.key().asString());

    private static final Pattern FORM = Pattern.compile("\\d{20}\\|[\\x21-\\x7E]+");

    private ListCursor() {}

    static String of(EventRecord r) {
        long nanos =
                r.updatedAt().getEpochSecond() * 1_000_000_000L + r.updatedAt().getNano();
        return String.format("%020d|%s", nanos, r.key().asString());
    }

    /** The cursor, checked; anything {@link #of} cannot have written is an IAE naming it. */
    static String check(String cursor) {
        if (!FORM.matcher(cursor).matches()) {
            throw new IllegalArgumentException("cursor '" + cursor + "' is not a cursor of this store's listings");
        }
        return cursor;
    }
}
