package dev.hookguard.servlet.internal.archive;

import dev.hookguard.core.EventRecord;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.ListFilter.Listing;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One pass over one endpoint's dead letters: (a) list DEAD and REJECTED records last changed before {@code now -
 * after}, oldest first, from the watermark on; (b) append each page's records not yet archived to the hour files,
 * forced to disk, and only then move the watermark past them; (c) delete, with {@link OperatorStore#purge}, the
 * archived ones last changed before {@code now - deadRetention}. An exception leaves the watermark where the last
 * forced page put it and deletes nothing more; a crash between a page's files and its watermark archives that page
 * again at the next pass (at least once in the files).
 */
final class EndpointArchive {

    static final int PAGE = 100;
    static final int PAGES = 50;

    private final String endpoint;
    private final Duration deadRetention;
    private final OperatorStore store;
    private final Path dir;
    private final HourFiles files;

    EndpointArchive(String endpoint, Duration deadRetention, OperatorStore store, Path dir, ArchiveLine lines) {
        this.endpoint = endpoint;
        this.deadRetention = deadRetention;
        this.store = store;
        this.dir = dir;
        this.files = new HourFiles(dir, lines);
    }

    String endpoint() {
        return endpoint;
    }

    /** What one pass did. */
    record Pass(int archived, int purged, int changed, Duration lag) {}

    /** Archives what is older than {@code now - after}, then purges what is archived and older than the retention. */
    Pass run(Instant now, Duration after) throws IOException {
        Files.createDirectories(dir);
        Watermark mark = Watermark.read(dir);
        Instant archiveTo = now.minus(after);
        int archived = 0;
        @Nullable EventRecord unarchived = null;
        @Nullable String cursor = null;
        for (int page = 0; page <= PAGES && (page == 0 || cursor != null); page++) {
            RecordPage records = store.list(deadLetters(mark.at(), archiveTo), cursor, PAGE);
            List<EventRecord> batch = new ArrayList<>();
            for (EventRecord record : records.records()) {
                if (!mark.covers(record)) {
                    batch.add(record);
                }
            }
            if (page == PAGES) { // one page past the bound: only what is left, for the lag
                unarchived = batch.isEmpty() ? null : batch.get(0);
                break;
            }
            if (!batch.isEmpty()) {
                files.append(batch);
                mark = mark.past(batch);
                mark.write(dir);
                archived += batch.size();
            }
            cursor = records.nextCursor();
        }
        Duration lag = unarchived == null ? Duration.ZERO : Duration.between(unarchived.updatedAt(), archiveTo);
        int[] purged = purge(mark, now.minus(deadRetention));
        return new Pass(archived, purged[0], purged[1], lag);
    }

    /** Purges the archived dead letters last changed before {@code to}; returns {deleted, changed since}. */
    private int[] purge(Watermark mark, Instant to) {
        int deleted = 0;
        int changed = 0;
        if (mark.at() == null) {
            return new int[] {0, 0};
        }
        @Nullable String cursor = null;
        for (int page = 0; page < PAGES; page++) {
            RecordPage records = store.list(deadLetters(null, to), cursor, PAGE);
            for (EventRecord record : records.records()) {
                if (!mark.covers(record)) {
                    continue;
                }
                AdminOutcome outcome = store.purge(record.key(), record.updatedAt());
                if (outcome == AdminOutcome.UPDATED) {
                    deleted++;
                } else if (outcome == AdminOutcome.WRONG_STATE) {
                    changed++;
                }
            }
            cursor = records.nextCursor();
            if (cursor == null) {
                break;
            }
        }
        return new int[] {deleted, changed};
    }

    private ListFilter deadLetters(@Nullable Instant from, Instant to) {
        return ListFilter.forEndpoint(endpoint)
                .listings(Listing.DEAD, Listing.REJECTED)
                .from(from != null && from.isBefore(to) ? from : null)
                .to(to)
                .build();
    }
}
