package dev.hookguard.servlet.internal.body;

import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.internal.executor.Classification;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.Charset;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The response as the application writes it: every byte, {@code sendError} and {@code sendRedirect} passes
 * through to the container unchanged, while status, content type and the body (up to the cap) are recorded for
 * replay. Deliberate exceptions:
 *
 * <ul>
 *   <li>Nothing commits the response before the verdict is recorded (DESIGN.md §1, rule 4): explicit flushes
 *       and closes stay in the container's buffer, a declared {@code Content-Length} is left for the container
 *       to set (it would commit the response once that many bytes are written), and the buffer is enlarged to
 *       hold at least the response cap. Only a response larger than the buffer is committed before its
 *       verdict; webhook answers are rarely that large.
 *   <li>410 Gone becomes 400 (and a warning), because Standard Webhooks senders disable an endpoint that
 *       answers 410.
 *   <li>On the event's last attempt a retryable {@code sendError} is held back until the verdict is known, so
 *       that the filter can answer 202 instead once the event is recorded DEAD.
 *   <li>Where the filter checks that the handler ran ({@code holdAll}), every {@code sendError} and {@code
 *       sendRedirect} is held back until the chain returns: one that did not come from the handler (a security
 *       filter's 403 or redirect to a login page, a default servlet's 404) is discarded for a 503 (DESIGN.md §1,
 *       rule 8), since containers take such a response as final the moment it is sent.
 * </ul>
 */
public final class CapturingResponse extends HttpServletResponseWrapper {

    private static final Logger log = LoggerFactory.getLogger(CapturingResponse.class);
    private static final int GONE = 410;

    /** A {@code sendError} not yet passed to the container. */
    record HeldError(int status, @Nullable String message) {}

    private final BodyCapture body;
    private final boolean lastAttempt;
    private final boolean holdAll;
    private int status;
    private boolean errorSent;
    private @Nullable HeldError heldError;
    private @Nullable String heldRedirect;
    private @Nullable ServletOutputStream stream;
    private @Nullable PrintWriter writer;
    private @Nullable Writer captureWriter;

    public CapturingResponse(HttpServletResponse response, int cap, boolean lastAttempt, boolean holdAll) {
        super(response);
        this.body = new BodyCapture(cap);
        this.lastAttempt = lastAttempt;
        this.holdAll = holdAll;
        this.status = response.getStatus();
        if (!response.isCommitted() && response.getBufferSize() < cap) {
            response.setBufferSize(cap);
        }
    }

    @Override
    public void setContentLength(int len) {
        // left to the container, which sets it on the buffered response (see the class comment)
    }

    @Override
    public void setContentLengthLong(long len) {
        // as setContentLength
    }

    @Override
    public void setHeader(String name, String value) {
        if (!isContentLength(name)) {
            super.setHeader(name, value);
        }
    }

    @Override
    public void addHeader(String name, String value) {
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
    public void setStatus(int sc) {
        if (!suppressed()) {
            status = neverGone(sc);
            super.setStatus(status);
        }
    }

    @Override
    public int getStatus() {
        return status;
    }

    @Override
    public void sendError(int sc) throws IOException {
        sendError(sc, null);
    }

    @Override
    public void sendError(int sc, @Nullable String msg) throws IOException {
        status = neverGone(sc);
        body.clear();
        if ((holdAll || lastAttempt && Classification.of(status) == Classification.RETRYABLE) && !isCommitted()) {
            heldError = new HeldError(status, msg);
            return;
        }
        errorSent = true;
        if (msg == null) {
            super.sendError(status);
        } else {
            super.sendError(status, msg);
        }
    }

    @Override
    public void sendRedirect(String location) throws IOException {
        status = SC_FOUND;
        body.clear();
        if (holdAll && !isCommitted()) {
            heldRedirect = location;
            return;
        }
        super.sendRedirect(location);
    }

    @Override
    public void reset() {
        super.reset();
        body.clear();
        heldError = null;
        heldRedirect = null;
        errorSent = false;
        status = ((HttpServletResponse) getResponse()).getStatus();
    }

    @Override
    public void resetBuffer() {
        flushCapture();
        super.resetBuffer();
        body.clear();
    }

    @Override
    public ServletOutputStream getOutputStream() throws IOException {
        if (stream == null) {
            stream = new TeeOutputStream(super.getOutputStream(), body, this::suppressed);
        }
        return stream;
    }

    @Override
    public PrintWriter getWriter() throws IOException {
        if (writer == null) {
            PrintWriter container = super.getWriter();
            Charset charset = Charset.forName(getCharacterEncoding());
            captureWriter = new OutputStreamWriter(body, charset);
            writer = new PrintWriter(new TeeWriter(container, captureWriter, this::suppressed));
        }
        return writer;
    }

    /** Moves what the writer holds into the container's buffer; the container flushes when the filter is done. */
    @Override
    public void flushBuffer() throws IOException {
        if (!suppressed()) {
            flushWriter();
        }
    }

    /** The {@code sendError} held back on the last attempt, if any. */
    @Nullable
    public HeldError heldError() {
        return heldError;
    }

    /** Passes a held {@code sendError} or {@code sendRedirect} to the container, as the application asked. */
    public void releaseHeldError() throws IOException {
        HeldError held = heldError;
        if (held != null) {
            heldError = null;
            errorSent = true;
            if (held.message() == null) {
                super.sendError(held.status());
            } else {
                super.sendError(held.status(), held.message());
            }
        }
        String location = heldRedirect;
        if (location != null) {
            heldRedirect = null;
            super.sendRedirect(location);
        }
    }

    /** The response as recorded for replay; a body over the cap is omitted, a container's error page too. */
    public StoredResponse captured() {
        flushCapture();
        if (errorSent || heldError != null || body.overflowed()) {
            return new StoredResponse(status, null, new byte[0], body.overflowed() && !errorSent);
        }
        return StoredResponse.of(status, getContentType(), body.bytes());
    }

    private boolean suppressed() {
        return heldError != null || heldRedirect != null;
    }

    /** Encodes what the writer holds into the capture, without flushing the container's response. */
    private void flushCapture() {
        try {
            if (captureWriter != null) {
                captureWriter.flush();
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void flushWriter() {
        if (writer != null) {
            writer.flush();
        }
    }

    private static int neverGone(int sc) {
        if (sc == GONE) {
            log.warn("The webhook handler answered 410 Gone; sending 400 instead, since senders disable an "
                    + "endpoint that answers 410");
            return SC_BAD_REQUEST;
        }
        return sc;
    }
}
