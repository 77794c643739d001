package dev.hookguard.console.internal;

import dev.hookguard.core.EventRecord;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The store's listing narrowed by a {@link Narrowing} (a payload match, an exception type), evaluated here over the
 * store's pages since no store indexes payloads or attempts: a page of a matched listing reads store pages until it holds {@code limit} matches, the
 * store has no more, or {@value #MAX_SCAN} records were read (then it answers what it found and a cursor to go on
 * from, so a request stays bounded). Without a match it is the store's listing as is.
 */
final class Listings {

    /** The most records one matched page reads from the store. */
    static final int MAX_SCAN = 10_000;
    /** Records read per store page while counting or exporting a matched listing. */
    static final int SCAN_PAGE = 200;

    private final OperatorStore store;

    Listings(OperatorStore store) {
        this.store = store;
    }

    /** One page; the cursor is the store's, so a matched walk goes on where the last page stopped reading. */
    RecordPage page(ListFilter filter, Narrowing match, @Nullable String cursor, int limit) {
        if (match.isNone()) {
            return store.list(filter, cursor, limit);
        }
        List<EventRecord> found = new ArrayList<>();
        String next = cursor;
        int scanned = 0;
        do {
            RecordPage page = store.list(filter, next, limit - found.size());
            page.records().stream().filter(match::matches).forEach(found::add);
            scanned += page.records().size();
            next = page.nextCursor();
        } while (next != null && found.size() < limit && scanned < MAX_SCAN);
        return new RecordPage(found, next);
    }

    /** How many records the filter and match select. */
    long count(ListFilter filter, Narrowing match) {
        if (match.isNone()) {
            return store.count(filter);
        }
        long count = 0;
        String cursor = null;
        do {
            RecordPage page = store.list(filter, cursor, SCAN_PAGE);
            count += page.records().stream().filter(match::matches).count();
            cursor = page.nextCursor();
        } while (cursor != null);
        return count;
    }
}
