package dev.hookguard.servlet.internal.body;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.BooleanSupplier;

/**
 * The application's output stream: bytes go to the container's stream and to the capture; non-blocking writes
 * are the container's. {@code flush()} and {@code close()} do not reach the container: they would commit the
 * response, and the sender must not see a 2xx before its verdict is recorded (DESIGN.md §1, rule 4); the
 * container sends the buffered response once the filter is done. Writes are dropped while {@code suppressed}
 * holds (after a held {@code sendError}, when the container would ignore them too).
 */
public final class TeeOutputStream extends ServletOutputStream {

    private final ServletOutputStream container;
    private final OutputStream capture;
    private final BooleanSupplier suppressed;

    TeeOutputStream(ServletOutputStream container, OutputStream capture, BooleanSupplier suppressed) {
        this.container = container;
        this.capture = capture;
        this.suppressed = suppressed;
    }

    @Override
    public void write(int b) throws IOException {
        if (!suppressed.getAsBoolean()) {
            container.write(b);
            capture.write(b);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (!suppressed.getAsBoolean()) {
            container.write(b, off, len);
            capture.write(b, off, len);
        }
    }

    @Override
    public void flush() {
        // deferred until the verdict is recorded: the container flushes when the filter is done
    }

    @Override
    public void close() {
        // deferred, as flush: the container closes the response when the filter is done
    }

    @Override
    public boolean isReady() {
        return container.isReady();
    }

    @Override
    public void setWriteListener(WriteListener listener) {
        container.setWriteListener(listener);
    }
}
