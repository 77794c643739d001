package dev.hookguard.servlet.internal.archive;

import dev.hookguard.core.EventRecord;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * The hour files of one endpoint: {@code <endpoint dir>/<yyyy-MM-dd>/<HH>.jsonl.gz} by the UTC hour of each record's
 * {@code updatedAt}. A batch is appended to each file it touches as one new gzip member (concatenated members are one
 * valid gzip stream: {@code zcat} and {@code GZIPInputStream} read them all), and every file is forced to disk before
 * {@link #append} returns.
 */
final class HourFiles {

    private static final DateTimeFormatter DAY =
            DateTimeFormatter.ofPattern("yyyy-MM-dd").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter HOUR =
            DateTimeFormatter.ofPattern("HH").withZone(ZoneOffset.UTC);

    private final Path endpointDir;
    private final ArchiveLine lines;

    HourFiles(Path endpointDir, ArchiveLine lines) {
        this.endpointDir = endpointDir;
        this.lines = lines;
    }

    /** The file a record goes to. */
    Path fileOf(EventRecord record) {
        return endpointDir
                .resolve(DAY.format(record.updatedAt()))
                .resolve(HOUR.format(record.updatedAt()) + ".jsonl.gz");
    }

    /**
     * Appends the batch's lines, one gzip member per hour file, each file forced to disk.
     *
     * @throws ArchiveWriteException naming the file that could not be written
     */
    void append(List<EventRecord> batch) {
        Map<Path, GzipMember> members = new LinkedHashMap<>();
        for (EventRecord record : batch) {
            members.computeIfAbsent(fileOf(record), f -> new GzipMember()).add(lines.encode(record));
        }
        for (Map.Entry<Path, GzipMember> member : members.entrySet()) {
            write(member.getKey(), member.getValue().finish());
        }
    }

    /** Appends the member and forces it; on failure cuts the file back to its length before, so no torn member stays. */
    private static void write(Path file, byte[] member) {
        try {
            Files.createDirectories(file.getParent());
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
                long before = channel.size();
                try {
                    ByteBuffer buffer = ByteBuffer.wrap(member);
                    long at = before;
                    while (buffer.hasRemaining()) {
                        at += channel.write(buffer, at);
                    }
                    channel.force(true);
                } catch (IOException | RuntimeException e) {
                    cutBack(channel, before, e);
                    throw e;
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new ArchiveWriteException(file, e);
        }
    }

    private static void cutBack(FileChannel channel, long length, Exception failure) {
        try {
            channel.truncate(length);
            channel.force(true);
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    /** One gzip member being built in memory. */
    private static final class GzipMember {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final GZIPOutputStream gzip;

        GzipMember() {
            try {
                gzip = new GZIPOutputStream(bytes);
            } catch (IOException e) {
                throw new IllegalStateException(e); // never: the stream is in memory
            }
        }

        void add(byte[] line) {
            try {
                gzip.write(line);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }

        byte[] finish() {
            try {
                gzip.finish();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return bytes.toByteArray();
        }
    }
}
