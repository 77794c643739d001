package dev.hookguard.servlet.internal.delivery;

import dev.hookguard.core.StoredResponse;
import dev.hookguard.servlet.internal.body.Bodies;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * The answer to a duplicate ({@link Answers#duplicate}): the stored response, its status, content type and body,
 * plus {@code Idempotent-Replayed: true}. A body that was over the cap when recorded is replayed empty. A stored 410
 * (which this filter never records, but another writer might) is replayed as 400.
 *
 * @param stored the response recorded with the event's verdict
 */
record Replay(StoredResponse stored) implements Answer {

    /** The header that marks a replayed response. */
    static final String REPLAYED_HEADER = "Idempotent-Replayed";

    @Override
    public void writeTo(HttpServletResponse response) throws IOException {
        response.reset();
        response.setStatus(stored.status() == 410 ? 400 : stored.status());
        response.setHeader(REPLAYED_HEADER, "true");
        if (stored.contentType() != null) {
            response.setContentType(stored.contentType());
        }
        byte[] body = stored.body();
        response.setContentLength(body.length);
        Bodies.write(response, body);
    }
}
