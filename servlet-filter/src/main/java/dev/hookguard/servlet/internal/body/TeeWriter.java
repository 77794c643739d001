package dev.hookguard.servlet.internal.body;

import java.io.IOException;
import java.io.Writer;
import java.util.function.BooleanSupplier;

/**
 * The application's writer: characters go to the container's writer and, encoded, to the capture. Writes
 * are dropped while {@code suppressed} holds (after a held {@code sendError}).
 */
public final class TeeWriter extends Writer {

    private final Writer container;
    private final Writer capture;
    private final BooleanSupplier suppressed;

    TeeWriter(Writer container, Writer capture, BooleanSupplier suppressed) {
        this.container = container;
        this.capture = capture;
        this.suppressed = suppressed;
    }

    @Override
    public void write(char[] chars, int off, int len) throws IOException {
        if (!suppressed.getAsBoolean()) {
            container.write(chars, off, len);
            capture.write(chars, off, len);
        }
    }

    /**
     * Moves buffered characters into the container's buffer and the capture, without flushing the container:
     * that would commit the response before its verdict is recorded (see {@link TeeOutputStream}).
     */
    @Override
    public void flush() throws IOException {
        capture.flush();
    }

    /** As {@link #flush()}: the container closes the response when the filter is done. */
    @Override
    public void close() throws IOException {
        capture.flush();
    }
}
