package dev.hookguard.spring.web;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.FilterWriter;
import java.io.IOException;
import java.io.PrintWriter;
import org.jspecify.annotations.Nullable;

/**
 * The response as a guarded handler sees it: every explicit flush is ignored, and so is a declared {@code
 * Content-Length} (a container closes the response as soon as that many bytes are written), so the response stays in
 * the container's buffer until the Hookguard filter has recorded the verdict and returned; the container then sets
 * the length itself. Spring MVC's message converters declare the length and flush after writing a body; without
 * this, a 2xx would reach the sender before its SUCCEEDED record is written (DESIGN.md §1, rule 4). A response larger
 * than the container's buffer is still committed when the buffer fills.
 */
final class DeferredFlushResponse extends HttpServletResponseWrapper {

    private @Nullable ServletOutputStream stream;
    private @Nullable PrintWriter writer;

    DeferredFlushResponse(HttpServletResponse response) {
        super(response);
    }

    @Override
    public void setContentLength(int length) {
        // deferred: the container sets the length of the buffered response
    }

    @Override
    public void setContentLengthLong(long length) {
        // deferred, as above
    }

    @Override
    public void setHeader(String name, @Nullable String value) {
        if (!isContentLength(name)) {
            super.setHeader(name, value);
        }
    }

    @Override
    public void addHeader(String name, @Nullable String value) {
        if (!isContentLength(name)) {
            super.addHeader(name, value);
        }
    }

    @Override
    public void setIntHeader(String name, int value) {
        if (!isContentLength(name)) {
            super.setIntHeader(name, value);
        }
    }

    @Override
    public void addIntHeader(String name, int value) {
        if (!isContentLength(name)) {
            super.addIntHeader(name, value);
        }
    }

    private static boolean isContentLength(String name) {
        return "Content-Length".equalsIgnoreCase(name);
    }

    @Override
    public void flushBuffer() {
        // deferred: the container flushes when the filter chain has returned
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
        if (stream == null) {
            stream = new NoFlushStream(super.getOutputStream());
        }
        return stream;
    }

    @Override
    public PrintWriter getWriter() throws IOException {
        if (writer == null) {
            PrintWriter delegate = super.getWriter();
            writer = new PrintWriter(new FilterWriter(delegate) {
                @Override
                public void flush() {
                    // deferred, as above
                }
            });
        }
        return writer;
    }

    /** A stream that writes through and ignores {@code flush()}. */
    private static final class NoFlushStream extends ServletOutputStream {
        private final ServletOutputStream delegate;

        NoFlushStream(ServletOutputStream delegate) {
            this.delegate = delegate;
        }

        @Override
        public void write(int b) throws IOException {
            delegate.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            delegate.write(b, off, len);
        }

        @Override
        public void flush() {
            // deferred, as above
        }

        @Override
        public void close() throws IOException {
            delegate.close();
        }

        @Override
        public boolean isReady() {
            return delegate.isReady();
        }

        @Override
        public void setWriteListener(WriteListener listener) {
            delegate.setWriteListener(listener);
        }
    }
}
