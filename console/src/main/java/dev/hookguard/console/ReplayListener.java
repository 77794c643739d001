package dev.hookguard.console;

/**
 * Told after the console made records of an endpoint QUEUED by a replay (one, or a bulk replay). The store's due
 * queue already holds them, so a dispatcher that polls will redeliver them anyway; a listener lets one on this
 * node pick the endpoint at once. The default does nothing.
 */
@FunctionalInterface
public interface ReplayListener {

    /** Does nothing. */
    ReplayListener NONE = endpoint -> {};

    /** Records of this endpoint are QUEUED and due now. */
    void replayed(String endpoint);
}
