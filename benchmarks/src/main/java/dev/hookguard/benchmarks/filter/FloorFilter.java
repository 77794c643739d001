package dev.hookguard.benchmarks.filter;

import dev.hookguard.benchmarks.Workload;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.jspecify.annotations.Nullable;

/**
 * The filter row's feature floor, served at {@code /floor/hook} and reported beside the row, never as its target
 * and never Hookguard's code: the least a filter does for DESIGN.md's semantics on the in-memory path, written as
 * plainly as it can be. It reads the body within a limit, checks GitHub's {@code X-Hub-Signature-256} with a
 * prepared {@link Mac} in constant time, fingerprints the body (SHA-256), claims the delivery id in a {@link
 * ConcurrentHashMap} (a duplicate gets the stored response, another body a 422, one in flight a 409), lets the
 * handler read the body again, and keeps the handler's status, content type and body for replay for the
 * retention ({@link Workload#RETENTION}, as the {@code /memory} path), dropping records in the order they expire.
 * It keeps no payload, renews no lease, records no meter and logs nothing; a handler that throws leaves its claim
 * (no failure path). So its distance from the bare servlet is what any filter doing this work pays, and the
 * distance from it to {@code /memory} is Hookguard's own.
 */
final class FloorFilter implements Filter {

    private static final int BODY_LIMIT = 1 << 20;
    private static final String SIGNATURE_PREFIX = "sha256=";

    private final Mac mac;
    private final MessageDigest sha256;
    private final ConcurrentHashMap<String, Held> held = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<Held> byExpiry = new ConcurrentLinkedQueue<>();

    FloorFilter(String secret) {
        try {
            mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java platform has HmacSHA256 and SHA-256", e);
        }
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) res;
        if (request.getContentLengthLong() > BODY_LIMIT) {
            response.sendError(413, "body over " + BODY_LIMIT + " bytes");
            return;
        }
        int declared =
                request.getContentLength(); // the exact array when the length is declared, as it nearly always is
        byte[] body = request.getInputStream().readNBytes(declared >= 0 ? declared : BODY_LIMIT + 1);
        String id = request.getHeader("X-GitHub-Delivery");
        if (body.length > BODY_LIMIT || id == null || !signed(body, request.getHeader("X-Hub-Signature-256"))) {
            response.sendError(body.length > BODY_LIMIT ? 413 : 401, "refused");
            return;
        }
        sweep();
        byte[] fingerprint = clone(sha256).digest(body);
        Held mine = new Held(id, fingerprint);
        Held found = held.putIfAbsent(id, mine);
        if (found != null) {
            answerDuplicate(found, fingerprint, response);
            return;
        }
        byExpiry.add(mine);
        Capture capture = new Capture(response);
        chain.doFilter(new Body(request, body), capture);
        mine.settle(capture.status, capture.getContentType(), capture.copy.toByteArray());
    }

    private boolean signed(byte[] body, @Nullable String header) {
        if (header == null || !header.startsWith(SIGNATURE_PREFIX)) {
            return false;
        }
        byte[] expected;
        try {
            expected = HexFormat.of().parseHex(header, SIGNATURE_PREFIX.length(), header.length());
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(expected, clone(mac).doFinal(body));
    }

    private static void answerDuplicate(Held found, byte[] fingerprint, HttpServletResponse response)
            throws IOException {
        if (!Arrays.equals(found.fingerprint, fingerprint)) {
            response.sendError(422, "another body under this delivery id");
            return;
        }
        byte[] replay = found.body;
        if (replay == null) {
            response.sendError(409, "in flight");
            return;
        }
        response.setStatus(found.status);
        if (found.contentType != null) {
            response.setContentType(found.contentType);
        }
        response.setContentLength(replay.length);
        response.getOutputStream().write(replay);
    }

    /** Drops the records whose retention has passed, oldest first (they were claimed in this order). */
    private void sweep() {
        long now = System.nanoTime();
        for (int i = 0; i < 4; i++) {
            Held oldest = byExpiry.peek();
            if (oldest == null || oldest.expiresAt - now > 0 || !byExpiry.remove(oldest)) {
                return;
            }
            held.remove(oldest.id, oldest);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> T clone(T prepared) {
        try {
            return (T) (prepared instanceof Mac m ? m.clone() : ((MessageDigest) prepared).clone());
        } catch (CloneNotSupportedException e) {
            throw new IllegalStateException("the JDK's HmacSHA256 and SHA-256 can be cloned", e);
        }
    }

    /**
     * One claimed delivery: its fingerprint and, once the handler returned, the response to replay. No token: in one
     * JVM the claim is the map's {@code putIfAbsent}, and only the thread that won it writes the response.
     */
    private static final class Held {
        final String id;
        final byte[] fingerprint;
        final long expiresAt = System.nanoTime() + Workload.RETENTION.toNanos();
        volatile int status;
        volatile @Nullable String contentType;
        volatile byte @Nullable [] body;

        Held(String id, byte[] fingerprint) {
            this.id = id;
            this.fingerprint = fingerprint;
        }

        void settle(int status, @Nullable String contentType, byte[] body) {
            this.status = status;
            this.contentType = contentType;
            this.body = body; // last: a duplicate that sees the body sees the rest
        }
    }

    /** The handler's view of the request: the body the filter read, read again. */
    private static final class Body extends HttpServletRequestWrapper {
        private final byte[] body;

        Body(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }

                @Override
                public byte[] readAllBytes() {
                    return in.readAllBytes();
                }

                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new UnsupportedOperationException("the floor's body is read blocking");
                }
            };
        }
    }

    /** The response as the handler writes it, passed on and copied for replay. */
    private static final class Capture extends HttpServletResponseWrapper {
        final ByteArrayOutputStream copy = new ByteArrayOutputStream(64);
        int status = 200;
        private @Nullable ServletOutputStream out;

        Capture(HttpServletResponse response) {
            super(response);
        }

        @Override
        public void setStatus(int sc) {
            status = sc;
            super.setStatus(sc);
        }

        @Override
        public ServletOutputStream getOutputStream() throws IOException {
            if (out == null) {
                ServletOutputStream real = super.getOutputStream();
                out = new ServletOutputStream() {
                    @Override
                    public void write(int b) throws IOException {
                        real.write(b);
                        copy.write(b);
                    }

                    @Override
                    public void write(byte[] b, int off, int len) throws IOException {
                        real.write(b, off, len);
                        copy.write(b, off, len);
                    }

                    @Override
                    public boolean isReady() {
                        return real.isReady();
                    }

                    @Override
                    public void setWriteListener(WriteListener listener) {
                        real.setWriteListener(listener);
                    }
                };
            }
            return out;
        }
    }
}
