package dev.hookguard.servlet.internal.body;

import dev.hookguard.servlet.Hardening;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * Step 1 of DESIGN.md §1: the raw request body, read within a limit. A declared {@code Content-Length} over
 * the limit is refused before a byte is read; a body without one (chunked) is read until it ends or passes
 * the limit. Reading goes through {@code getInputStream()}, so the container never parses a form body itself.
 */
public sealed interface BoundedBody {

    /** The largest refused body that is read and discarded after its 413: 2 MiB. */
    long SWALLOW_LIMIT = 2L * 1024 * 1024;

    /** The whole body. */
    record Read(byte[] bytes) implements BoundedBody {}

    /**
     * The body is larger than the limit.
     *
     * @param unread true when it was refused on its {@code Content-Length}, without reading it
     */
    record TooLarge(boolean unread) implements BoundedBody {}

    /** The body could not be read: the client went away, or sent a broken chunked encoding. */
    record Unreadable() implements BoundedBody {}

    /** The body arrived slower than the minimum rate allows ({@link Hardening#minBodyRate()}). */
    record TooSlow() implements BoundedBody {}

    /**
     * Reads the body of {@code request}, at most {@code limit} bytes, as long as it keeps up with {@code
     * pace}. A read that blocks is ended by the container's own read timeout; the pace is checked whenever a
     * read returns.
     */
    static BoundedBody read(HttpServletRequest request, int limit, BodyPace pace) {
        try {
            return readBounded(request, limit, pace);
        } catch (IOException e) {
            return new Unreadable();
        }
    }

    /**
     * Reads and discards a refused body after its 413 went out, if it declared at most {@link #SWALLOW_LIMIT}
     * bytes, so a client that sends its whole body before reading the answer (most HTTP clients without
     * {@code Expect: 100-continue}) reads the 413 instead of meeting a reset connection. Nothing is kept; a
     * larger body is left unread and its connection closed, as Tomcat's {@code maxSwallowSize} does; so is the rest
     * of a body that falls behind {@code pace}.
     */
    static void discard(HttpServletRequest request, BodyPace pace) {
        long declared = request.getContentLengthLong();
        if (declared < 0 || declared > SWALLOW_LIMIT) {
            return;
        }
        byte[] chunk = new byte[8192];
        try {
            ServletInputStream in = request.getInputStream();
            for (long left = declared; left > 0; ) {
                int n = in.read(chunk, 0, (int) Math.min(chunk.length, left));
                if (n < 0 || pace.behind(declared - left + n)) {
                    return;
                }
                left -= n;
            }
        } catch (IOException | IllegalStateException e) {
            // the client went away or the container closed the stream: nothing left to discard
        }
    }

    private static BoundedBody readBounded(HttpServletRequest request, int limit, BodyPace pace) throws IOException {
        long declared = request.getContentLengthLong();
        if (declared > limit) {
            return new TooLarge(true);
        }
        if (declared >= 0) {
            return readDeclared(request.getInputStream(), (int) declared, pace);
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream(declared > 0 ? (int) declared : 256);
        ServletInputStream in = request.getInputStream();
        byte[] chunk = new byte[8192];
        for (int n; (n = in.read(chunk, 0, (int) Math.min(chunk.length, limit + 1L - body.size()))) > 0; ) {
            body.write(chunk, 0, n);
            if (body.size() > limit) {
                return new TooLarge(false);
            }
            if (pace.behind(body.size())) {
                return new TooSlow();
            }
        }
        return new Read(body.toByteArray());
    }

    /**
     * A body of a declared length, read straight into an array of that length: no chunk buffer and no copy. The
     * container ends the stream at the declared length (Jetty and Tomcat both do); a stream that went on would be
     * refused as too large rather than cut.
     */
    private static BoundedBody readDeclared(ServletInputStream in, int declared, BodyPace pace) throws IOException {
        byte[] body = new byte[declared];
        int size = 0;
        while (size < declared) {
            int n = in.read(body, size, declared - size);
            if (n < 0) {
                return new Unreadable(); // the client promised more than it sent
            }
            size += n;
            if (pace.behind(size)) {
                return new TooSlow();
            }
        }
        return in.read() < 0 ? new Read(body) : new TooLarge(false);
    }
}
