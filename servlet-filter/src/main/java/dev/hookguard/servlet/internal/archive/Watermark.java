package dev.hookguard.servlet.internal.archive;

import dev.hookguard.core.EventRecord;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * How far an endpoint's dead letters are archived: the last archived {@code updatedAt} and the ids of the records
 * archived with exactly that time (listings order records by time, then by a key order that is the database's
 * collation, so the ids are kept as a set rather than compared). Kept in {@code <dir>/<endpoint>/.archived-through}:
 * the time (ISO-8601) on the first line, one event id a line after it, written to a temporary file, forced to disk and
 * moved over the old one atomically.
 *
 * @param at the newest archived {@code updatedAt}, or null when nothing is archived yet
 * @param ids the event ids archived at {@code at}
 */
record Watermark(@Nullable Instant at, Set<String> ids) {

    /** The file's name in the endpoint's directory. */
    static final String FILE = ".archived-through";

    static final Watermark NONE = new Watermark(null, Set.of());

    Watermark {
        ids = Set.copyOf(ids);
    }

    /** Whether the record, as it is now, is archived: changed before {@link #at}, or at it and among {@link #ids}. */
    boolean covers(EventRecord record) {
        return at != null
                && (record.updatedAt().isBefore(at)
                        || (record.updatedAt().equals(at)
                                && ids.contains(record.key().eventId())));
    }

    /** This watermark moved over {@code batch}, records oldest first, all past this watermark. */
    Watermark past(List<EventRecord> batch) {
        Instant newest = at;
        Set<String> atNewest = new LinkedHashSet<>(ids);
        for (EventRecord record : batch) {
            if (newest == null || record.updatedAt().isAfter(newest)) {
                newest = record.updatedAt();
                atNewest.clear();
            }
            if (record.updatedAt().equals(newest)) {
                atNewest.add(record.key().eventId());
            }
        }
        return new Watermark(newest, atNewest);
    }

    /** The watermark in {@code endpointDir}, or {@link #NONE} without a file. */
    static Watermark read(Path endpointDir) throws IOException {
        Path file = endpointDir.resolve(FILE);
        if (!Files.exists(file)) {
            return NONE;
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty() || lines.get(0).isBlank()) {
            return NONE;
        }
        return new Watermark(Instant.parse(lines.get(0).strip()), new LinkedHashSet<>(lines.subList(1, lines.size())));
    }

    /** Writes this watermark to {@code endpointDir}: temporary file, forced, then an atomic move. */
    void write(Path endpointDir) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add(at == null ? "" : at.toString());
        lines.addAll(ids);
        Path temp = endpointDir.resolve(FILE + ".tmp");
        try (FileChannel channel = FileChannel.open(
                temp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            channel.write(java.nio.ByteBuffer.wrap((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8)));
            channel.force(true);
        }
        Files.move(
                temp, endpointDir.resolve(FILE), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
