package dev.hookguard.servlet.internal.delivery;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * An answer the filter writes itself, as {@link Answers} built it: a {@link Reply} (a status with a short reason), a
 * duplicate's {@link Replay} of the stored response, or async intake's {@link Accepted} 202.
 */
public sealed interface Answer permits Reply, Replay, Accepted {

    /** Replaces whatever the response holds with this answer. */
    void writeTo(HttpServletResponse response) throws IOException;
}
