package dev.hookguard.faults;

import dev.hookguard.core.EventKey;
import dev.hookguard.servlet.HookguardFilter;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The business handler of the fault suite: performs one side effect per run, then answers 200. */
final class SideEffectServlet extends HttpServlet {

    /** What one run of the handler does for the event. */
    @FunctionalInterface
    interface SideEffect {
        void apply(String eventId) throws Exception;
    }

    private final transient SideEffect effect;

    SideEffectServlet(SideEffect effect) {
        this.effect = effect;
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        EventKey key = (EventKey) request.getAttribute(HookguardFilter.EVENT_KEY_ATTRIBUTE);
        try {
            effect.apply(key.eventId());
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        response.setStatus(200);
        response.setContentType("text/plain");
        response.getOutputStream().write(("done " + key.eventId()).getBytes(StandardCharsets.UTF_8));
    }
}
