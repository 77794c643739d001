package dev.hookguard.console.internal;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * Streams every record a filter selects as JSON Lines: one record detail (payload with denied headers
 * redacted, history) per line, read {@value #PAGE} records at a time and flushed after each page, so memory
 * stays flat whatever the size of the set. If the store fails after the first page, the last line is an
 * {@code {"error": ...}} object, so that a reader can tell a cut export from a complete one.
 */
public final class Export {

    /** Records read per page. */
    public static final int PAGE = 200;

    private final Listings listings;
    private final RecordJson records;

    Export(Listings listings, RecordJson records) {
        this.listings = listings;
        this.records = records;
    }

    void stream(ListFilter filter, Narrowing match, HttpServletResponse response) throws IOException {
        response.setStatus(200);
        response.setContentType("application/x-ndjson");
        response.setCharacterEncoding("UTF-8");
        response.setHeader("Content-Disposition", "attachment; filename=\"hookguard-" + filter.endpoint() + ".jsonl\"");
        OutputStream out = response.getOutputStream();
        String cursor = null;
        do {
            RecordPage page = page(filter, match, cursor, out);
            if (page == null) {
                return;
            }
            for (EventRecord record : page.records()) {
                line(out, record);
            }
            out.flush();
            cursor = page.nextCursor();
        } while (cursor != null);
    }

    /** The next page; null after writing a last line that says the export is incomplete, when the store fails. */
    private @Nullable RecordPage page(ListFilter filter, Narrowing match, @Nullable String cursor, OutputStream out)
            throws IOException {
        try {
            return listings.page(filter, match, cursor, PAGE);
        } catch (StoreUnavailableException e) {
            if (cursor == null) {
                throw e; // nothing sent yet: the servlet answers 503
            }
            line(out, Map.of("error", "the store became unreachable; this export is incomplete"));
            return null;
        }
    }

    private void line(OutputStream out, EventRecord record) throws IOException {
        line(out, records.detail(record, RecordJson.BodyView.TEXT));
    }

    /** Writes one JSON Lines line: the value, then a newline. */
    static void line(OutputStream out, @Nullable Object value) throws IOException {
        try (JsonGenerator json = Json.generator(out)) {
            Json.write(json, value);
        }
        out.write('\n');
    }
}
