package dev.hookguard.faults;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;

/**
 * A file of handler runs, one event id a line, appended and forced before the handler works on: the side effect
 * that survives a {@code kill -9}, shared by receivers in several JVMs (appends of one short line do not interleave).
 */
final class Ledger {

    private final Path file;

    Ledger(Path file) {
        this.file = file;
    }

    Path file() {
        return file;
    }

    /** Records one run of the event's handler. */
    void append(String id) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            channel.write(ByteBuffer.wrap((id + "\n").getBytes(StandardCharsets.US_ASCII)));
            channel.force(false);
        }
    }

    /** Runs per event id so far. */
    Map<String, Integer> runs() throws IOException {
        Map<String, Integer> runs = new HashMap<>();
        for (String line : Files.readAllLines(file, StandardCharsets.US_ASCII)) {
            if (!line.isBlank()) {
                runs.merge(line, 1, Integer::sum);
            }
        }
        return runs;
    }

    /** Runs of all events so far. */
    int total() throws IOException {
        return runs().values().stream().mapToInt(Integer::intValue).sum();
    }
}
