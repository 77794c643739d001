package dev.hookguard.spring.internal.actuate;

import dev.hookguard.core.DueQueue.QueueStats;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.ListFilter.Listing;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * One endpoint's line in {@code GET /actuator/hookguard}: dead letters, the due queue (depth, due now, how long
 * the oldest due record has waited) and the stalled records. Every figure is a cheap store read without payloads.
 */
public final class EndpointOverview {

    private EndpointOverview() {}

    /**
     * The figures of this endpoint now.
     *
     * @param stalledAfter the endpoint's quiet period after which a FAILED record out of the due queue is stalled
     */
    static Map<String, Object> of(RecoveryStore store, String endpoint, Duration stalledAfter) {
        QueueStats queue = store.stats(endpoint);
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("deadLetters", store.deadLetterCount(endpoint));
        view.put("queueDepth", queue.depth());
        view.put("dueNow", queue.dueNow());
        view.put("oldestDueAgeSeconds", seconds(queue.oldestDueAge()));
        view.put(
                "stalled",
                store.count(ListFilter.forEndpoint(endpoint)
                        .listings(Listing.STALLED)
                        .stalledAfter(stalledAfter)
                        .build()));
        return view;
    }

    private static @Nullable Double seconds(@Nullable Duration age) {
        return age == null ? null : age.toMillis() / 1000.0;
    }
}
