package dev.hookguard.servlet.internal.delivery;

import dev.hookguard.servlet.internal.body.Bodies;
import dev.hookguard.servlet.internal.dispatch.DispatchHeaders;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * An answer the filter writes itself, instead of the application: a status, a short plain-text reason (never
 * a secret, an expected signature or a stack trace) and, for "try again later", a {@code Retry-After} in
 * whole seconds rounded up, at least 1.
 *
 * @param status the HTTP status; never 410
 * @param reason one short sentence, or empty for no body
 * @param retryAfter the {@code Retry-After}, or null for none
 * @param closeConnection ask an HTTP/1.x client to close the connection, because the request body was left
 *     unread
 * @param refused a refusal for a reason of this node (its store unreachable or too slow), before anything was
 *     recorded: marked with {@value DispatchHeaders#REFUSED}, so that the node's dispatcher sends it again soon
 */
public record Reply(int status, String reason, @Nullable Duration retryAfter, boolean closeConnection, boolean refused)
        implements Answer {

    public Reply {
        if (status == 410) {
            throw new IllegalArgumentException("the filter never answers 410");
        }
    }

    public static Reply of(int status, String reason) {
        return new Reply(status, reason, null, false, false);
    }

    static Reply retryAfter(int status, String reason, Duration retryAfter) {
        return new Reply(status, reason, retryAfter, false, false);
    }

    /** A {@link #refused} reply: this node could not take the delivery in; nothing was recorded. */
    static Reply refused(int status, String reason, Duration retryAfter) {
        return new Reply(status, reason, retryAfter, false, true);
    }

    /** This reply, also asking the client to close the connection. */
    Reply closingConnection() {
        return new Reply(status, reason, retryAfter, true, refused);
    }

    /** {@code Retry-After} seconds: the duration rounded up, at least 1. */
    static long seconds(Duration duration) {
        long millis = Math.max(0, duration.toMillis());
        return Math.max(1, (millis + 999) / 1000);
    }

    /** Replaces whatever the response holds with this answer; does nothing once the response is committed. */
    @Override
    public void writeTo(HttpServletResponse response) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        response.reset();
        response.setStatus(status);
        response.setHeader("Cache-Control", "no-store");
        if (closeConnection) {
            response.setHeader("Connection", "close");
        }
        if (retryAfter != null) {
            response.setHeader("Retry-After", Long.toString(seconds(retryAfter)));
        }
        if (refused) {
            response.setHeader(DispatchHeaders.REFUSED, "store-unavailable");
        }
        byte[] bytes = reason.isEmpty() ? new byte[0] : (reason + "\n").getBytes(StandardCharsets.UTF_8);
        if (bytes.length > 0) {
            response.setContentType("text/plain;charset=UTF-8");
        }
        response.setContentLength(bytes.length);
        Bodies.write(response, bytes);
    }
}
