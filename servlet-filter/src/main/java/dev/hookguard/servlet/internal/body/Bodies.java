package dev.hookguard.servlet.internal.body;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** Writes a whole body through whichever of stream or writer the response still allows. */
public final class Bodies {

    private Bodies() {}

    public static void write(HttpServletResponse response, byte[] bytes) throws IOException {
        if (bytes.length == 0) {
            return;
        }
        try {
            response.getOutputStream().write(bytes);
        } catch (IllegalStateException writerInUse) {
            // reset() clears the choice since Servlet 4, but an older container may keep it
            response.getWriter().write(new String(bytes, java.nio.charset.StandardCharsets.UTF_8));
        }
    }
}
