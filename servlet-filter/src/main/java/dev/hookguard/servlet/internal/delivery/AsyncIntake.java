package dev.hookguard.servlet.internal.delivery;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.Payload;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.signature.EventIdResult;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.Intake;
import dev.hookguard.servlet.internal.body.RequestHeaders;
import dev.hookguard.servlet.internal.dispatch.Dispatcher;
import dev.hookguard.servlet.internal.dispatch.QueueDepth;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Async intake (DESIGN.md §8): a verified delivery to an {@link Intake#ASYNC} endpoint is stored QUEUED with its
 * payload and answered 202 at once; the {@link Dispatcher} runs the handler. Copies get 202 while the event waits
 * or runs, the stored response once it is done; over the queue limit, 429. Never used for a dispatch.
 */
public final class AsyncIntake {

    private AsyncIntake() {}

    /** Takes the verified delivery in, and answers. */
    public static void accept(Delivery delivery, EventIdResult.Found found, byte[] body, RequestHeaders headers)
            throws IOException {
        EndpointConfig endpoint = delivery.endpoint();
        Answers answers = delivery.answers();
        HttpServletResponse response = delivery.response();
        Guard guard = delivery.guard();
        QueueDepth depth = guard.depth(endpoint.name());
        if (depth != null && depth.estimate() >= endpoint.recovery().queueLimit()) {
            answers.queueFull(endpoint).writeTo(response);
            return;
        }
        Payload payload = new Payload(body, headers.forPayload(guard.deniedHeaders()));
        EnqueueOutcome outcome;
        try {
            outcome = guard.enqueue(endpoint, found, body, payload);
        } catch (StoreUnavailableException e) {
            answers.storeUnavailable(endpoint, e).writeTo(response);
            return;
        }
        if (outcome instanceof EnqueueOutcome.Queued) {
            if (depth != null) {
                depth.enqueued();
            }
            Dispatcher dispatcher = guard.dispatcher();
            if (dispatcher != null) {
                dispatcher.wake(endpoint.name());
            }
            answers.accepted(endpoint, "queued", found.eventId()).writeTo(response);
        } else if (outcome instanceof EnqueueOutcome.Pending) {
            answers.accepted(endpoint, "pending", found.eventId()).writeTo(response);
        } else if (outcome instanceof EnqueueOutcome.Duplicate duplicate) {
            answers.duplicate(endpoint, duplicate.response()).writeTo(response);
        } else if (outcome instanceof EnqueueOutcome.Mismatch) {
            answers.notRun(endpoint, new ClaimOutcome.Mismatch()).writeTo(response);
        } else {
            answers.notRun(endpoint, new ClaimOutcome.Dead()).writeTo(response);
        }
    }
}
