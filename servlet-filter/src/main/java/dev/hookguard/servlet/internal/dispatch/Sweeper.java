package dev.hookguard.servlet.internal.dispatch;

import dev.hookguard.core.EventRecord;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.ListFilter.Listing;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import dev.hookguard.servlet.DispatcherConfig;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.RecoveryConfig;
import java.time.Duration;
import java.util.random.RandomGenerator;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sweeper of DESIGN.md §8, run by the dispatcher's loop every {@link DispatcherConfig#sweepInterval()}: counts
 * each endpoint's stalled records (PROCESSING past lease, FAILED out of the due queue past {@link
 * RecoveryConfig#stalledAfter()}) for the gauge and, where the receiver retries, schedules them with a backoff
 * delay, at most {@link #PAGES} pages of {@link #PAGE} per endpoint and sweep.
 */
public final class Sweeper {

    static final int PAGE = 100;
    static final int PAGES = 10;

    private static final Logger log = LoggerFactory.getLogger(Sweeper.class);

    private final RecoveryStore store;
    private final RandomGenerator random;

    Sweeper(RecoveryStore store, RandomGenerator random) {
        this.store = store;
        this.random = random;
    }

    /** Sweeps one endpoint; the stalled count before scheduling, or -1 when the store could not be read. */
    long sweep(EndpointConfig endpoint) {
        ListFilter stalled = ListFilter.forEndpoint(endpoint.name())
                .listings(Listing.STALLED)
                .stalledAfter(endpoint.recovery().stalledAfter())
                .build();
        try {
            long count = store.count(stalled);
            if (count > 0 && endpoint.recovery().receiverRetries()) {
                Scheduled done = schedule(endpoint, stalled);
                log.info("Scheduled {} of {} stalled records of endpoint '{}'", done.scheduled, count, endpoint.name());
                if (done.withoutPayload > 0) {
                    log.warn(
                            "{} stalled records of endpoint '{}' (first: event {}) cannot be redelivered: their lease"
                                    + " ran out and they keep no payload (claimed by a node or store that did not keep"
                                    + " it with the claim); they stay listed as stalled: resolve or skip them",
                            done.withoutPayload,
                            endpoint.name(),
                            done.firstWithoutPayload);
                }
            }
            return count;
        } catch (RuntimeException e) {
            log.warn("Could not sweep endpoint '{}': {}", endpoint.name(), e.toString());
            return -1;
        }
    }

    private Scheduled schedule(EndpointConfig endpoint, ListFilter stalled) {
        Scheduled done = new Scheduled();
        @Nullable String cursor = null;
        for (int page = 0; page < PAGES; page++) {
            RecordPage records = store.list(stalled, cursor, PAGE);
            for (EventRecord record : records.records()) {
                Duration delay = endpoint.recovery().backoff().delay(Math.max(1, record.attempts()), null, random);
                if (store.schedule(record.key(), delay, endpoint.policy())) {
                    done.scheduled++;
                } else if (record.payload() == null) {
                    done.withoutPayload++;
                    if (done.firstWithoutPayload == null) {
                        done.firstWithoutPayload = record.key().eventId();
                    }
                }
            }
            cursor = records.nextCursor();
            if (cursor == null) {
                break;
            }
        }
        return done;
    }

    /** What one sweep of an endpoint scheduled, and what it could not for want of a payload. */
    private static final class Scheduled {
        int scheduled;
        int withoutPayload;

        @Nullable
        String firstWithoutPayload;
    }
}
