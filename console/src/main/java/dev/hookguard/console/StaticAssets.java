package dev.hookguard.console;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/**
 * The page's files, served from the class path. Only the names listed here exist, so no request can reach
 * another resource. They hold no data: the page fetches everything through the API, which checks the operator.
 */
final class StaticAssets {

    private static final String BASE = "/dev/hookguard/console/static/";
    private static final Map<String, String> TYPES = Map.of(
            "index.html", "text/html; charset=utf-8",
            "console.css", "text/css; charset=utf-8",
            "console.js", "text/javascript; charset=utf-8");

    private StaticAssets() {}

    /** True when this is the name of an asset. */
    static boolean exists(String name) {
        return TYPES.containsKey(name);
    }

    static void serve(String name, HttpServletResponse response) throws IOException {
        try (InputStream in = StaticAssets.class.getResourceAsStream(BASE + name)) {
            if (in == null) {
                throw new IllegalStateException("the console jar lacks its asset " + name);
            }
            response.setStatus(HttpServletResponse.SC_OK);
            response.setContentType(TYPES.get(name));
            in.transferTo(response.getOutputStream());
        }
    }
}
