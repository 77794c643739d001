package dev.hookguard.servlet.internal.delivery;

import dev.hookguard.core.executor.Verdict;
import dev.hookguard.core.internal.executor.NotHandledException;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.internal.body.CachedBodyRequest;
import dev.hookguard.servlet.internal.body.CapturingResponse;
import dev.hookguard.servlet.internal.body.RecordingAsyncContext;
import dev.hookguard.servlet.internal.dispatch.RetryAfter;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Step 5 of DESIGN.md §1: one hand-off of an acquired delivery to the application, and the recording of its
 * result exactly once: when {@code doFilter} returns, or, if the handler went asynchronous, when the
 * asynchronous work completes, fails or times out. A handler that throws is answered 500 by the filter (no
 * container error page, no stack trace); the delivery whose failure makes the event DEAD is answered with the
 * configured dead status instead, if its response is not yet committed. Where the filter checks that the handler
 * ran ({@code handlerChecked}), a response the handler did not produce is never its verdict (DESIGN.md §1, rule 8):
 * the claim is released as a retryable {@code not_handled} failure and the sender is answered 503.
 */
public final class Attempt {

    private static final Logger log = LoggerFactory.getLogger(Attempt.class);
    /** Request attribute holding the attempt while its handler works asynchronously. */
    public static final String ATTRIBUTE = "dev.hookguard.servlet.attempt";

    private final String endpoint;
    private final String eventId;
    private final Recorder recorder;
    private final Answers answers;
    private final DeliveryMetrics metrics;
    private final CachedBodyRequest request;
    private final CapturingResponse response;
    private final HttpServletResponse container;
    private final boolean handlerChecked;
    private final long startedNanos = System.nanoTime();
    private final AtomicBoolean recorded = new AtomicBoolean();
    private volatile @Nullable Throwable asyncFailure;

    public Attempt(
            String endpoint,
            String eventId,
            Recorder recorder,
            Answers answers,
            DeliveryMetrics metrics,
            CachedBodyRequest request,
            CapturingResponse response,
            HttpServletResponse container,
            boolean handlerChecked) {
        this.metrics = metrics;
        this.handlerChecked = handlerChecked;
        this.endpoint = endpoint;
        this.eventId = eventId;
        this.recorder = recorder;
        this.answers = answers;
        this.request = request;
        this.response = response;
        this.container = container;
        request.asyncHook(new RecordingAsyncContext.Hook() {
            @Override
            public void beforeComplete() throws IOException {
                DeliveryMdc mdc = DeliveryMdc.open(endpoint, eventId);
                try {
                    returned();
                } finally {
                    mdc.close();
                }
            }

            @Override
            public void beforeDispatch() throws IOException {
                response.releaseHeldError();
            }
        });
    }

    /** Runs the rest of the chain with the wrapped request and response, then records, now or later. */
    public void run(FilterChain chain) throws IOException, ServletException {
        try {
            chain.doFilter(request, response);
        } catch (IOException | ServletException | RuntimeException | Error e) {
            failed(e);
            return;
        }
        if (request.isAsyncStarted()) {
            request.setAttribute(ATTRIBUTE, this);
            request.getAsyncContext().addListener(new AsyncVerdictListener(this));
        } else {
            returned();
        }
    }

    /**
     * Runs an asynchronous dispatch of the handler (Spring MVC's {@code Callable}, {@code DeferredResult}, {@code
     * CompletableFuture}, emitters), and records as soon as the dispatch has written the response, before the
     * container sends it.
     */
    public void dispatched(FilterChain chain, ServletRequest req, ServletResponse res)
            throws IOException, ServletException {
        try (DeliveryMdc mdc = DeliveryMdc.open(endpoint, eventId)) {
            try {
                chain.doFilter(req, res);
            } catch (IOException | ServletException | RuntimeException | Error e) {
                failed(e);
                return;
            }
            if (!req.isAsyncStarted()) {
                returned();
            }
        }
    }

    /** The handler's response is final: record it, and answer the dead status if that made the event DEAD. */
    void returned() throws IOException {
        if (!recorded.compareAndSet(false, true)) {
            return;
        }
        Throwable failure = asyncFailure;
        if (failure != null) {
            recordFailure(failure);
            return;
        }
        if (handlerChecked && request.getAttribute(HookguardFilter.HANDLER_INVOKED_ATTRIBUTE) == null) {
            notHandled();
            return;
        }
        handlerDuration();
        Verdict verdict = recorder.finish(
                response.captured(), RetryAfter.parse(response.getHeader("Retry-After"), java.time.Instant.now()));
        if (verdict == Verdict.UNRECORDED && recorder.claimed()) {
            refuseUnrecorded();
        } else if (verdict == Verdict.STALE) {
            refuseStale();
        } else if (verdict == Verdict.DEAD_LETTERED && (response.heldError() != null || !container.isCommitted())) {
            answers.dead().writeTo(container);
        } else {
            response.releaseHeldError();
        }
    }

    /** The asynchronous work timed out, or failed: answer for it if nobody has, else record at completion. */
    void asyncFailed(Throwable failure, AsyncContext async) throws IOException {
        asyncFailure = failure;
        if (!container.isCommitted() && recorded.compareAndSet(false, true)) {
            int status = failure instanceof TimeoutException ? 503 : 500;
            answerFailure(failure, status);
            async.complete();
        }
    }

    /** The handler threw while the filter waited for it. */
    private void failed(Throwable failure) throws IOException, ServletException {
        if (!recorded.compareAndSet(false, true)) {
            return;
        }
        if (container.isCommitted() && response.heldError() == null) {
            log.error("The webhook handler failed after its response was committed; aborting the response", failure);
            handlerDuration();
            recorder.fail(handlersOwn(failure));
            rethrow(failure);
        }
        answerFailure(failure, 500);
        if (request.isAsyncStarted()) {
            request.getAsyncContext().complete();
        }
    }

    private void answerFailure(Throwable failure, int status) throws IOException {
        log.error("The webhook handler failed", failure);
        Verdict verdict = recordFailure(failure);
        answers.handlerFailed(verdict, status).writeTo(container);
    }

    /**
     * Rule 8 of DESIGN.md §1: the response came from something other than the handler, so it is discarded, the claim
     * is released as a retryable failure, and the sender is asked to come back.
     */
    private void notHandled() throws IOException {
        int status = response.getStatus();
        String path = request.getRequestURI();
        log.warn(
                "Misconfiguration: a delivery to endpoint '{}' at {} was answered {} by something other than its"
                        + " handler (a security chain, a filter after Hookguard's, no handler at the path); the handler"
                        + " did not run, the event stays retryable (not_handled) and the sender gets 503. Let the path"
                        + " through to the handler.",
                endpoint,
                path,
                status);
        Verdict verdict = recorder.fail(new NotHandledException(
                "HTTP " + status + " for " + path + " came from something other than the handler"));
        if (container.isCommitted()) {
            log.error("The response to the unhandled delivery at {} was already committed; the sender got it", path);
        } else {
            answers.notHandled(verdict).writeTo(container);
        }
    }

    /** Rule 4 of DESIGN.md §1: the handler's answer is not given while its verdict is not in the store. */
    private void refuseUnrecorded() throws IOException {
        refuse(
                "The webhook's verdict could not be recorded after its response was committed; the sender may take it"
                        + " for a success, and a redelivery may run the handler again",
                "The webhook's verdict could not be recorded; answering 503 instead of the handler's response");
    }

    /**
     * The lease was taken over while the handler ran, so another delivery holds the event and this verdict was not
     * written: the handler's response is not the event's answer. 503 keeps the sender delivering until the holder's
     * verdict is recorded, which a later copy is then answered with (DESIGN.md §4).
     */
    private void refuseStale() throws IOException {
        refuse(
                "The webhook's lease was taken over and its response was already committed; the verdict of the"
                        + " delivery that took it over decides",
                "The webhook's lease was taken over while its handler ran; answering 503 instead of its response");
    }

    /** Answers 503 in place of the handler's response, or logs {@code committed} when it already went out. */
    private void refuse(String committed, String refused) throws IOException {
        if (container.isCommitted()) {
            log.error(committed);
            return;
        }
        log.warn(refused);
        answers.unrecorded().writeTo(container);
    }

    private Verdict recordFailure(Throwable failure) {
        handlerDuration();
        return recorder.fail(handlersOwn(failure));
    }

    /**
     * The handler's own exception: frameworks wrap it in a {@link ServletException} (Spring MVC's "Request processing
     * failed"), which would hide it in the record's last error.
     */
    static Throwable handlersOwn(Throwable failure) {
        Throwable own = failure;
        while (own instanceof ServletException && own.getCause() != null && own.getCause() != own) {
            own = own.getCause();
        }
        return own;
    }

    private void handlerDuration() {
        metrics.handlerDuration(endpoint, Duration.ofNanos(System.nanoTime() - startedNanos));
    }

    String endpoint() {
        return endpoint;
    }

    String eventId() {
        return eventId;
    }

    private static void rethrow(Throwable failure) throws IOException, ServletException {
        if (failure instanceof IOException e) {
            throw e;
        }
        if (failure instanceof ServletException e) {
            throw e;
        }
        if (failure instanceof RuntimeException e) {
            throw e;
        }
        throw (Error) failure;
    }
}
