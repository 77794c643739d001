package dev.hookguard.servlet;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.BooleanSupplier;

/**
 * The application's output stream: bytes go to the container's stream and to the capture; flush, close and
 * non-blocking writes are the container's. Writes are dropped while {@code suppressed} holds (after a held
 * {@code sendError}, when the container would ignore them too).
 */
final class TeeOutputStream extends ServletOutputStream {

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
    public void flush() throws IOException {
        if (!suppressed.getAsBoolean()) {
            container.flush();
        }
    }

    @Override
    public void close() throws IOException {
        if (!suppressed.getAsBoolean()) {
            container.close();
        }
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
