package dev.hookguard.examples;

import dev.hookguard.core.DeadLetterPage;
import dev.hookguard.core.IdempotencyStore;

/** Counts dead letters through the store's own listing, the way an operator would find them. */
final class DeadLetters {

    private static final int PAGE = 500;

    private DeadLetters() {}

    /**
     * The dead letters (DEAD and REJECTED records) of the demo's endpoints whose event id starts with this
     * prefix: the current run's, since earlier runs' stay in a persistent store.
     */
    static long count(IdempotencyStore store, String idPrefix) {
        long count = 0;
        for (DemoEndpoint endpoint : DemoEndpoint.values()) {
            String cursor = null;
            do {
                DeadLetterPage page = store.deadLetters(endpoint.endpointName(), cursor, PAGE);
                count += page.records().stream()
                        .filter(record -> record.key().eventId().startsWith(idPrefix))
                        .count();
                cursor = page.nextCursor();
            } while (cursor != null);
        }
        return count;
    }
}
