package dev.hookguard.servlet.internal.dispatch;

import dev.hookguard.servlet.DeliveryMetrics.DispatchOutcome;
import dev.hookguard.servlet.DispatcherConfig;

/** The reserved request headers of the {@link Dispatcher} and of the payloads the filter stores. */
public final class DispatchHeaders {

    /**
     * Marks and authenticates a dispatch: {@code t=<epoch seconds>,v1=<hex HMAC-SHA256>} with the dispatch key over
     * {@code "v1\n" + endpoint + ":" + eventId + "\n" + t + "\n" + hex(SHA-256(body))}. Checked in constant time
     * against every configured key, within {@link DispatcherConfig#dispatchTolerance()}; a forged or stale one is
     * answered 401, never trusted. A request carrying it is never queued again.
     */
    public static final String DISPATCH = "Hookguard-Dispatch";

    /**
     * The path and query the delivery was sent to, added by the filter to the headers it stores with a payload, so
     * that the dispatcher redelivers to the same URI. A sender's own header of this name is dropped, never stored;
     * the dispatcher does not send it.
     */
    public static final String REQUEST_URI = "Hookguard-Request-Uri";

    /**
     * Marks a 503 that this node answered for a reason of its own before anything was recorded (its store unreachable,
     * or slower than the store timeout): {@code store-unavailable}. The dispatcher sends such a dispatch again after a
     * short delay instead of leaving its record until the pick window ends ({@link DispatchOutcome#REFUSED}).
     */
    public static final String REFUSED = "Hookguard-Refused";

    /**
     * What a dispatch delivers, for the attempt log: {@code operator_replay} on the first dispatch of a record an
     * operator replayed (its attempts reset, its newest audit entry a replay); absent otherwise. Read only on a
     * dispatch whose {@value #DISPATCH} header checked out; a sender's own header of this name is never stored or sent.
     */
    public static final String SOURCE = "Hookguard-Source";

    private DispatchHeaders() {}
}
