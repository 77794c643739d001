package dev.hookguard.examples.sender;

import java.time.Duration;
import java.util.Optional;

/**
 * What the receiver answered to one request of the sender.
 *
 * @param status the HTTP status, 0 when the request failed before an answer (connection refused, timeout)
 * @param latencyNanos from sending the request to reading the whole answer
 * @param retryAfter the answer's {@code Retry-After}, if it had a readable one
 * @param replayed whether the answer carried {@code Idempotent-Replayed: true}: a stored response, the handler
 *     did not run
 * @param queued whether it was async intake's 202: the delivery is stored and the dispatcher will run the handler
 */
public record Answer(int status, long latencyNanos, Optional<Duration> retryAfter, boolean replayed, boolean queued) {

    /** The filter's answer to an event that is DEAD, and to the delivery that made it so. */
    public static final int DEAD_STATUS = 202;

    /** No answer: the request failed before one came (status 0). */
    static Answer noAnswer() {
        return new Answer(0, 0, Optional.empty(), false, false);
    }

    /** A 2xx: a sender stops retrying. */
    boolean acknowledged() {
        return status >= 200 && status < 300;
    }

    /** The 2xx of a dead event, rather than of a handler that succeeded or of async intake. */
    boolean deadAcknowledgement() {
        return status == DEAD_STATUS && !replayed && !queued;
    }
}
