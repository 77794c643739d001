package dev.hookguard.servlet.internal.body;

import dev.hookguard.servlet.internal.delivery.AsyncVerdictListener;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The asynchronous context the application gets from the filter's request: {@link #complete()} first records
 * the handler's verdict (and, on the last attempt, lets the filter answer the dead status), then completes.
 * So an asynchronous handler, like a synchronous one, is acknowledged only once its verdict is recorded.
 * Completion by {@code dispatch()} is recorded by the filter when the {@code ASYNC} dispatch returns, before
 * the container answers; only when the filter is not mapped for {@code ASYNC} dispatches (or the unwrapped context
 * is completed) does {@link AsyncVerdictListener} record it, after the response left.
 */
public final class RecordingAsyncContext implements AsyncContext {

    /** What runs before the container completes or dispatches. */
    public interface Hook {
        /** Records the verdict; may replace the response. */
        void beforeComplete() throws IOException;

        /** Gives the container any response part the filter still holds. */
        void beforeDispatch() throws IOException;
    }

    private static final Logger log = LoggerFactory.getLogger(RecordingAsyncContext.class);

    private final AsyncContext container;
    private final Hook hook;

    RecordingAsyncContext(AsyncContext container, Hook hook) {
        this.container = container;
        this.hook = hook;
    }

    /** Whether this wraps {@code context}. */
    boolean wraps(AsyncContext context) {
        return container == context;
    }

    @Override
    public void complete() {
        try {
            hook.beforeComplete();
        } catch (IOException | RuntimeException e) {
            log.error("Could not record the asynchronous handler's verdict before completing", e);
        } finally {
            container.complete();
        }
    }

    @Override
    public void dispatch() {
        releaseHeld();
        container.dispatch();
    }

    @Override
    public void dispatch(String path) {
        releaseHeld();
        container.dispatch(path);
    }

    @Override
    public void dispatch(ServletContext context, String path) {
        releaseHeld();
        container.dispatch(context, path);
    }

    @Override
    public ServletRequest getRequest() {
        return container.getRequest();
    }

    @Override
    public ServletResponse getResponse() {
        return container.getResponse();
    }

    @Override
    public boolean hasOriginalRequestAndResponse() {
        return container.hasOriginalRequestAndResponse();
    }

    @Override
    public void start(Runnable run) {
        container.start(run);
    }

    @Override
    public void addListener(AsyncListener listener) {
        container.addListener(listener);
    }

    @Override
    public void addListener(AsyncListener listener, ServletRequest request, ServletResponse response) {
        container.addListener(listener, request, response);
    }

    @Override
    public <T extends AsyncListener> T createListener(Class<T> type) throws ServletException {
        return container.createListener(type);
    }

    @Override
    public void setTimeout(long timeout) {
        container.setTimeout(timeout);
    }

    @Override
    public long getTimeout() {
        return container.getTimeout();
    }

    private void releaseHeld() {
        try {
            hook.beforeDispatch();
        } catch (IOException e) {
            log.warn("Could not pass a held error response on before an asynchronous dispatch", e);
        }
    }
}
