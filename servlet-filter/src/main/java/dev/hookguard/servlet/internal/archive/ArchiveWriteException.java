package dev.hookguard.servlet.internal.archive;

import java.nio.file.Path;

/** A file of the archive could not be written (disk full, no permission): nothing past it counts as archived. */
final class ArchiveWriteException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final transient Path file;

    ArchiveWriteException(Path file, Exception cause) {
        super("could not write " + file + ": " + cause, cause);
        this.file = file;
    }

    Path file() {
        return file;
    }
}
