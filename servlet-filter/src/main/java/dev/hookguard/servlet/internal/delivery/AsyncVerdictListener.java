package dev.hookguard.servlet.internal.delivery;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import java.io.IOException;
import java.util.concurrent.TimeoutException;

/**
 * Records an asynchronous handler's result when its work is over, rather than when {@code doFilter}
 * returned: at completion the captured response, on a timeout or an error a failure (answered by the filter
 * when the application has not answered yet). Each callback runs with the delivery's MDC.
 */
public final class AsyncVerdictListener implements AsyncListener {

    /** One callback's work. */
    @FunctionalInterface
    private interface Callback {
        void run() throws IOException;
    }

    private final Attempt attempt;

    AsyncVerdictListener(Attempt attempt) {
        this.attempt = attempt;
    }

    @Override
    public void onComplete(AsyncEvent event) throws IOException {
        inMdc(attempt::returned);
    }

    @Override
    public void onTimeout(AsyncEvent event) throws IOException {
        inMdc(() -> attempt.asyncFailed(
                new TimeoutException("the asynchronous webhook handler timed out"), event.getAsyncContext()));
    }

    @Override
    public void onError(AsyncEvent event) throws IOException {
        Throwable failure = event.getThrowable();
        inMdc(() -> attempt.asyncFailed(
                failure == null ? new IOException("the asynchronous webhook handler failed") : failure,
                event.getAsyncContext()));
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        event.getAsyncContext().addListener(this);
    }

    private void inMdc(Callback callback) throws IOException {
        DeliveryMdc mdc = DeliveryMdc.open(attempt.endpoint(), attempt.eventId());
        try {
            callback.run();
        } finally {
            mdc.close();
        }
    }
}
