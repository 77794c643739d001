package dev.hookguard.examples.sender;

/** The things the storm counts; {@link StormStats} holds one counter of each. */
public enum Tally {
    /** Every HTTP request sent, attacks included. */
    DELIVERIES,
    /** Genuine deliveries answered 2xx by a handler run (no {@code Idempotent-Replayed}). */
    PROCESSED,
    /** Genuine deliveries answered with a stored response ({@code Idempotent-Replayed: true}). */
    REPLAYED,
    /** Genuine deliveries answered 202 by async intake: stored, the dispatcher runs the handler. */
    QUEUED,
    /** Genuine deliveries answered 202 for a dead event. */
    DEAD_ACKNOWLEDGED,
    /** Genuine deliveries refused because another copy held the event (409). */
    IN_PROGRESS,
    /** Genuine deliveries answered 5xx: the handler failed (on purpose) and the sender retries. */
    FAILED,
    /** Genuine deliveries answered anything else (a 401, a 422…): a bug, if ever non-zero. */
    UNEXPECTED,
    /** Requests that got no answer (connection refused, timeout). */
    TRANSPORT_ERRORS,
    /** Retries the sender scheduled. */
    RETRIES,
    /** Genuine copies the sender gave up on after its maximum attempts. */
    COPIES_GIVEN_UP,
    /** Forged deliveries refused with 401 or 400. */
    SIGNATURES_REFUSED,
    /** Stale replays refused with 401. */
    STALE_REFUSED,
    /** Forged deliveries or stale replays that were not refused: a security bug, if ever non-zero. */
    ATTACKS_ACCEPTED,
    /** Events for which some copy got a 2xx other than the dead 202. */
    EVENTS_SUCCEEDED,
    /** Events acknowledged only as dead (202). */
    EVENTS_DEAD,
    /** Events on which the sender gave up on every copy. */
    EVENTS_GIVEN_UP,
    /** Events whose every request has finished. */
    EVENTS_SETTLED
}
