package dev.hookguard.servlet.internal.delivery;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.executor.Verdict;
import dev.hookguard.core.internal.executor.InFlight;
import dev.hookguard.core.signature.EventIdResult;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.servlet.DeliveryMetrics;
import dev.hookguard.servlet.DeliveryMetrics.DeliveryOutcome;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.internal.body.BoundedBody;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.random.RandomGenerator;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place that turns a delivery's result into its HTTP answer and its meters: what the filter answers, counts
 * and logs when it does not hand a delivery to the application (a pre-body refusal, an unread body, a verification
 * failure, a claim that does not run the handler: DESIGN.md §4), and, when it did, how the verdict is counted
 * (DESIGN.md §7) and what a failed, unhandled or unrecorded attempt is answered. It writes no verdict: {@link
 * Recorder} does.
 */
public final class Answers {

    private static final Logger log = LoggerFactory.getLogger(Answers.class);
    private static final Reply HANDLER_FAILED = Reply.of(500, "The webhook handler failed");

    private final HookguardFilterConfig config;
    private final DeliveryMetrics metrics;

    Answers(HookguardFilterConfig config) {
        this(config, config.metrics());
    }

    private Answers(HookguardFilterConfig config, DeliveryMetrics metrics) {
        this.config = config;
        this.metrics = metrics;
    }

    /** These answers, reporting to {@code metrics} (one delivery's). */
    Answers reporting(DeliveryMetrics metrics) {
        return metrics == this.metrics ? this : new Answers(config, metrics);
    }

    /** 413 for a body over the limit, 408 for one too slow, 400 for one that could not be read. Not counted: nothing was verified. */
    public Reply unread(EndpointConfig endpoint, BoundedBody body, HttpServletRequest request) {
        if (body instanceof BoundedBody.TooLarge tooLarge) {
            log.debug("Refused a body over {} bytes", endpoint.maxBodyBytes());
            Reply reply = Reply.of(413, "Request body is larger than " + endpoint.maxBodyBytes() + " bytes");
            return tooLarge.unread() && request.getProtocol().startsWith("HTTP/1") ? reply.closingConnection() : reply;
        }
        if (body instanceof BoundedBody.TooSlow) {
            log.debug(
                    "Refused a body that arrived slower than {} bytes/s",
                    config.hardening().minBodyRate());
            Reply reply = Reply.of(408, "The request body arrived too slowly");
            return request.getProtocol().startsWith("HTTP/1") ? reply.closingConnection() : reply;
        }
        log.debug("Could not read the request body");
        return Reply.of(400, "Could not read the request body");
    }

    /** 405 for a method the endpoint does not take; the caller adds {@code Allow: allowed}. Not counted. */
    static Reply methodNotAllowed(String allowed) {
        return Reply.of(405, "Webhook deliveries use " + allowed);
    }

    /** 401, or 400 for a malformed header, with the verifier's safe message. */
    public Reply rejected(EndpointConfig endpoint, Verification.Rejected rejected) {
        metrics.delivery(endpoint.name(), DeliveryOutcome.REJECTED_SIGNATURE);
        log.debug("Rejected a signature: {}", rejected.message());
        return Reply.of(rejected.httpStatus(), rejected.message());
    }

    /** 400 for a verified delivery without a usable event id. Not counted: DESIGN.md §7 has no outcome for it. */
    public Reply noEventId(EventIdResult result) {
        String message = result instanceof EventIdResult.Invalid invalid
                ? invalid.message()
                : ((EventIdResult.Missing) result).message();
        log.warn("A verified delivery has no usable event id: {}", message);
        return Reply.of(400, message);
    }

    /** Counts a duplicate, answered with its stored response ({@link Replay}). */
    public Answer duplicate(EndpointConfig endpoint, StoredResponse stored) {
        metrics.delivery(endpoint.name(), DeliveryOutcome.DUPLICATE);
        return new Replay(stored);
    }

    /** The answer to an event in progress, a mismatch or a dead event. */
    public Reply notRun(EndpointConfig endpoint, ClaimOutcome outcome) {
        if (outcome instanceof ClaimOutcome.InProgress inProgress) {
            metrics.delivery(endpoint.name(), DeliveryOutcome.IN_PROGRESS);
            return Reply.retryAfter(
                    config.inProgressStatus(), "The event is being processed; retry later", inProgress.remaining());
        }
        if (outcome instanceof ClaimOutcome.Mismatch) {
            metrics.delivery(endpoint.name(), DeliveryOutcome.MISMATCH);
            log.warn("Mismatch: the event id was delivered before with another body, or the body with another id");
            return Reply.of(
                    422, "The event id was delivered before with a different body, or this body with a different id");
        }
        if (outcome instanceof ClaimOutcome.Dead) {
            metrics.delivery(endpoint.name(), DeliveryOutcome.DUPLICATE);
            return dead();
        }
        throw new IllegalStateException("not an outcome that leaves the handler unrun: " + outcome);
    }

    /** The configured dead status, empty: the answer to the delivery whose failure made (or found) the event DEAD. */
    Reply dead() {
        return Reply.of(config.deadStatus(), "");
    }

    /**
     * The answer to a handler that threw ({@code status} 500) or whose asynchronous work timed out (503, {@code
     * Retry-After: 1}); the dead status when that failure made the event DEAD. Counted with its verdict.
     */
    Reply handlerFailed(Verdict verdict, int status) {
        if (verdict == Verdict.DEAD_LETTERED) {
            return dead();
        }
        return status == 503
                ? Reply.retryAfter(503, "The webhook handler timed out", Duration.ofSeconds(1))
                : HANDLER_FAILED;
    }

    /**
     * 503 with {@code Retry-After} for a delivery answered by something other than its handler (DESIGN.md §1, rule
     * 8), or the dead status when that failure made the event DEAD. Counted with its verdict.
     */
    Reply notHandled(Verdict verdict) {
        return verdict == Verdict.DEAD_LETTERED
                ? dead()
                : Reply.retryAfter(503, "The webhook was not handled; retry later", config.unavailableRetryAfter());
    }

    /** 503 with {@code Retry-After} instead of the handler's answer, whose verdict is not in the store (rule 4). */
    Reply unrecorded() {
        return Reply.retryAfter(503, "The webhook could not be recorded; retry later", config.unavailableRetryAfter());
    }

    /**
     * 503 with {@code Retry-After}; counted, and logged. An endpoint that fails open hands the delivery on instead:
     * that pass-through is logged with the endpoint and counted in {@link DeliveryMetrics#FAIL_OPEN}.
     */
    public Reply storeUnavailable(EndpointConfig endpoint, StoreUnavailableException e) {
        metrics.delivery(endpoint.name(), DeliveryOutcome.STORE_UNAVAILABLE);
        if (config.failOpen(endpoint)) {
            metrics.failedOpen(endpoint.name());
            log.warn(
                    "Store unavailable; endpoint '{}' fails open: the handler runs without a claim ({})",
                    endpoint.name(),
                    e.getMessage());
        } else {
            log.warn("Store unavailable; answering 503 ({})", e.getMessage());
        }
        return Reply.refused(503, "The webhook store is unavailable; retry later", config.unavailableRetryAfter());
    }

    /**
     * 400 naming the first violations of the endpoint's schema; the filter records it REJECTED with error class {@code
     * schema} ({@link Recorder#reject}: its duplicates get the same answer), and {@link #schemaRejected} counts it.
     */
    public static Reply schemaViolations(List<String> violations) {
        return Reply.of(400, "The payload does not match the endpoint's schema: " + String.join("; ", violations));
    }

    /** The response {@link #schemaViolations} stores as the event's verdict: the reply's status and text. */
    public static StoredResponse stored(Reply reply) {
        byte[] body = (reply.reason() + "\n").getBytes(StandardCharsets.UTF_8);
        return StoredResponse.of(reply.status(), "text/plain;charset=UTF-8", body);
    }

    /** Counts and logs a schema rejection whose verdict the filter recorded; the handler did not run. */
    public void schemaRejected(EndpointConfig endpoint, Verdict verdict) {
        DeliveryOutcome outcome = verdict == Verdict.REJECTED ? DeliveryOutcome.REJECTED_SCHEMA : outcomeOf(verdict);
        metrics.delivery(endpoint.name(), outcome);
        if (verdict == Verdict.REJECTED) {
            metrics.failure(endpoint.name(), outcome, ErrorClass.SCHEMA);
        }
        log.info("Rejected a delivery that does not match the schema of endpoint '{}'", endpoint.name());
    }

    /**
     * Records through the claim (with receiver retries where the endpoint has them, and for every {@code dispatched}
     * delivery: {@link Recorder#claimed}) and counts the verdict, the error class of a failure or rejection, and the
     * attempt on which an event ended.
     */
    public Recorder recorder(EndpointConfig endpoint, InFlight inFlight, boolean dispatched) {
        return Recorder.claimed(
                inFlight,
                endpoint,
                dispatched,
                RandomGenerator.getDefault(),
                (verdict, errorClass, attempt) -> counted(endpoint, verdict, errorClass, attempt));
    }

    private void counted(EndpointConfig endpoint, Verdict verdict, @Nullable ErrorClass errorClass, int attempt) {
        DeliveryOutcome outcome = outcomeOf(verdict);
        metrics.delivery(
                endpoint.name(),
                verdict == Verdict.FAILED && errorClass == ErrorClass.NOT_HANDLED
                        ? DeliveryOutcome.NOT_HANDLED
                        : outcome);
        if (errorClass != null
                && (verdict == Verdict.FAILED || verdict == Verdict.DEAD_LETTERED || verdict == Verdict.REJECTED)) {
            metrics.failure(endpoint.name(), outcome, errorClass);
        }
        if (verdict == Verdict.PROCESSED || verdict == Verdict.DEAD_LETTERED) {
            metrics.attempts(endpoint.name(), outcome, attempt);
        }
    }

    /** 401 for a dispatch header that is malformed, forged or stale; counted as a rejected signature. */
    public Reply dispatchRejected(EndpointConfig endpoint, String reason) {
        metrics.delivery(endpoint.name(), DeliveryOutcome.REJECTED_SIGNATURE);
        log.warn("Rejected a request to endpoint '{}' with an invalid dispatch header: {}", endpoint.name(), reason);
        return Reply.of(401, reason);
    }

    /** 429 with {@code Retry-After}: async intake found the endpoint's due queue at its limit. */
    Reply queueFull(EndpointConfig endpoint) {
        metrics.delivery(endpoint.name(), DeliveryOutcome.QUEUE_FULL);
        log.warn(
                "The due queue of endpoint '{}' is at its limit of {}; answering 429",
                endpoint.name(),
                endpoint.recovery().queueLimit());
        return Reply.retryAfter(429, "The webhook queue is full; retry later", config.unavailableRetryAfter());
    }

    /**
     * Counts a delivery taken in by async intake, answered 202 ({@link Accepted}): {@code queued} now, or {@code
     * pending} (already waiting or running).
     */
    Answer accepted(EndpointConfig endpoint, String status, String eventId) {
        metrics.delivery(endpoint.name(), DeliveryOutcome.QUEUED);
        return new Accepted(status, eventId);
    }

    static DeliveryOutcome outcomeOf(Verdict verdict) {
        return switch (verdict) {
            case PROCESSED -> DeliveryOutcome.PROCESSED;
            case REJECTED -> DeliveryOutcome.REJECTED;
            case FAILED -> DeliveryOutcome.FAILED;
            case DEAD_LETTERED -> DeliveryOutcome.DEAD_LETTERED;
            case STALE -> DeliveryOutcome.STALE;
            case UNRECORDED -> DeliveryOutcome.UNRECORDED;
        };
    }
}
