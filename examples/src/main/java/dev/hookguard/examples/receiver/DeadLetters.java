package dev.hookguard.examples.receiver;

import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorStore;
import dev.hookguard.core.operator.OperatorStore.RecordPage;

/** Counts dead letters through the store's own listing, the way an operator would find them. */
public final class DeadLetters {

    private static final int PAGE = 500;

    private DeadLetters() {}

    /**
     * The dead letters (DEAD and REJECTED records) of the demo's endpoints whose event id starts with this
     * prefix: the current run's, since earlier runs' stay in a persistent store.
     */
    public static long count(OperatorStore store, String idPrefix) {
        long count = 0;
        for (DemoEndpoint endpoint : DemoEndpoint.values()) {
            String cursor = null;
            do {
                RecordPage page = store.list(ListFilter.deadLetters(endpoint.endpointName()), cursor, PAGE);
                count += page.records().stream()
                        .filter(record -> record.key().eventId().startsWith(idPrefix))
                        .count();
                cursor = page.nextCursor();
            } while (cursor != null);
        }
        return count;
    }
}
