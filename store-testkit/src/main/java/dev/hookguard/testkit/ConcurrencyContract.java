package dev.hookguard.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.operator.ListFilter.Listing;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The contract under concurrency: many claimers on one record in every state a claim may take over, the
 * many-keys-many-duplicates fuzzer, disjoint picks by many pickers, and dispatchers interleaved with senders'
 * copies (never two holders). Part of {@link StoreContractTest}.
 */
public abstract class ConcurrencyContract extends BulkContract {

    /** Claimers racing on one record. */
    private static final int RACERS = 16;

    private static final Duration LONG_WINDOW = Duration.ofMinutes(10);

    @Test
    void shouldLetExactlyOneOf64ConcurrentClaimsAcquire() throws Exception {
        List<ClaimOutcome> outcomes = Concurrently.run(64, 64, i -> store.claim(key("hot"), FP, POLICY));

        assertExactlyOneWinner(outcomes, 64);
    }

    @Test
    void shouldLetExactlyOneOfSixteenClaimersTakeOverAnExpiredLease() throws Exception {
        acquire(key("e1"), SHORT_LEASE);
        await().atMost(PATIENCE)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> listIds(filter().listings(Listing.STALLED).build()).contains("e1"));

        assertExactlyOneWinner(Concurrently.run(RACERS, RACERS, i -> store.claim(key("e1"), FP, POLICY)), RACERS);
        assertThat(record(key("e1")).attempts()).isEqualTo(2);
    }

    @Test
    void shouldLetExactlyOneOfSixteenClaimersTakeOverAFailedRecord() throws Exception {
        failed(key("f1"), ErrorClass.EXCEPTION);

        assertExactlyOneWinner(Concurrently.run(RACERS, RACERS, i -> store.claim(key("f1"), FP, POLICY)), RACERS);
        assertThat(record(key("f1")).attempts()).isEqualTo(2);
    }

    @Test
    void shouldLetExactlyOneOfSixteenClaimersTakeOverAQueuedRecord() throws Exception {
        queued(key("q1"));

        assertExactlyOneWinner(Concurrently.run(RACERS, RACERS, i -> store.claim(key("q1"), FP, POLICY)), RACERS);
        assertThat(record(key("q1")).attempts()).isEqualTo(1);
    }

    @Test
    void shouldAcquireTenThousandDistinctKeysFromEightThreads() throws Exception {
        List<ClaimOutcome> outcomes = Concurrently.run(8, 10_000, i -> store.claim(key("k" + i), FP, POLICY));

        assertThat(outcomes).hasSize(10_000).allMatch(ClaimOutcome.Acquired.class::isInstance);
    }

    @Test
    void shouldAcquireEachOfThousandEventsOnceFrom64ThreadsWithFiveCopiesEach() throws Exception {
        int events = 1_000;
        int copies = 5;

        List<Claimed> claims = Concurrently.run(64, events * copies, i -> {
            EventKey key = key("c" + (i % events));
            return new Claimed(key, store.claim(key, FP, POLICY));
        });

        Map<EventKey, Long> acquiredPerKey = claims.stream()
                .filter(c -> c.outcome() instanceof ClaimOutcome.Acquired)
                .collect(Collectors.groupingBy(Claimed::key, Collectors.counting()));
        assertThat(acquiredPerKey)
                .hasSize(events)
                .allSatisfy((key, count) -> assertThat(count).isEqualTo(1L));
        assertThat(claims)
                .map(Claimed::outcome)
                .filteredOn(ClaimOutcome.InProgress.class::isInstance)
                .hasSize(events * (copies - 1));
    }

    @Test
    void shouldGiveSixteenPickersDisjointRecordsOfTwoThousandDue() throws Exception {
        int due = 2_000;
        Concurrently.run(8, due, i -> {
            queued(key(String.format("q%05d", i)));
            return null;
        });

        List<List<EventKey>> perPicker = Concurrently.run(16, 16, i -> pickAll(25));

        List<EventKey> all = perPicker.stream().flatMap(List::stream).toList();
        assertThat(all).hasSize(due).doesNotHaveDuplicates();
        assertThat(store.stats(endpoint).dueNow()).isZero();
        assertThat(store.stats(endpoint).depth()).isEqualTo(due);
    }

    @Test
    void shouldPickEveryEventEnqueuedOrReplayedWhilePickersRun() throws Exception {
        int events = 300;
        for (int i = 0; i < events; i++) {
            dead(key(String.format("d%04d", i)), ErrorClass.EXCEPTION);
        }
        Set<EventKey> picked = ConcurrentHashMap.newKeySet();
        AtomicInteger twice = new AtomicInteger();
        AtomicInteger writersLeft = new AtomicInteger(4);
        List<Integer> unused = Concurrently.run(8, 8, thread -> {
            if (thread < 4) { // writers: enqueue new events and replay dead letters, interleaved with the picks
                for (int i = thread; i < events; i += 4) {
                    store.enqueue(key(String.format("q%04d", i)), FP, payload("q" + i), POLICY);
                    store.replay(key(String.format("d%04d", i)), OPERATOR, POLICY);
                }
                writersLeft.decrementAndGet();
                return 0;
            }
            long deadline = System.nanoTime() + PATIENCE.toNanos() * 3;
            while (System.nanoTime() < deadline && (writersLeft.get() > 0 || picked.size() < 2 * events)) {
                for (EventRecord record : store.pick(endpoint, 10, LONG_WINDOW)) {
                    if (!picked.add(record.key())) {
                        twice.incrementAndGet();
                    }
                }
            }
            return 0;
        });

        assertThat(twice).hasValue(0);
        List<String> missed = new ArrayList<>();
        for (int i = 0; i < events; i++) {
            for (String id : List.of(String.format("q%04d", i), String.format("d%04d", i))) {
                if (!picked.contains(key(id))) {
                    EventRecord r = store.find(key(id)).orElseThrow();
                    missed.add(id + ":" + r.status() + "@" + r.nextAttemptAt());
                }
            }
        }
        assertThat(missed)
                .as("events never picked, with status and due time; queue %s", store.stats(endpoint))
                .isEmpty();
        assertThat(picked).hasSize(2 * events);
        assertThat(store.stats(endpoint).dueNow()).isZero();
    }

    @Test
    void shouldPickEveryBatchInDueOrder() {
        for (int i = 0; i < 30; i++) {
            queued(key(String.format("q%02d", i)));
        }

        List<String> order = new ArrayList<>();
        List<EventRecord> batch;
        while (!(batch = store.pick(endpoint, 7, LONG_WINDOW)).isEmpty()) {
            batch.forEach(r -> order.add(r.key().eventId()));
        }

        assertThat(order).hasSize(30).isSorted();
    }

    @Test
    void shouldLetADeadPickersRecordsComeDueAgainAfterTheWindow() {
        for (int i = 0; i < 50; i++) {
            queued(key("q" + i));
        }
        List<EventKey> lost =
                store.pick(endpoint, 50, SHORT).stream().map(EventRecord::key).toList();
        assertThat(store.pick(endpoint, 50, SHORT)).isEmpty();

        List<EventKey> again = new ArrayList<>();
        await().atMost(PATIENCE).pollInterval(Duration.ofMillis(50)).until(() -> {
            store.pick(endpoint, 50, LONG_WINDOW).forEach(r -> again.add(r.key()));
            return again.size() >= lost.size();
        });

        assertThat(again).containsExactlyInAnyOrderElementsOf(lost);
    }

    @Test
    void shouldNeverHaveTwoHoldersWhenDispatchersAndSendersInterleave() throws Exception {
        int events = 40;
        IdempotencyPolicy many =
                IdempotencyPolicy.from(POLICY).maxAttempts(1_000).build();
        for (int i = 0; i < events; i++) {
            assertThat(store.enqueue(key("e" + i), FP, payload("e" + i), many)).isNotNull();
        }
        Holders holders = new Holders();

        Concurrently.run(16, 16, worker -> {
            for (int round = 0; round < 2_000 && holders.succeeded.size() < events; round++) {
                Collection<EventKey> targets = worker % 2 == 0
                        ? store.pick(endpoint, 3, LONG_WINDOW).stream()
                                .map(EventRecord::key)
                                .toList()
                        : List.of(key("e" + ThreadLocalRandom.current().nextInt(events)));
                targets.forEach(k -> holders.attempt(k, many));
            }
            return null;
        });

        assertThat(holders.overlaps.get())
                .as("claims that found another holder")
                .isZero();
        assertThat(holders.stale.get()).as("verdicts refused as stale").isZero();
        assertThat(holders.succeeded).hasSize(events);
        assertThat(holders.successes.get()).isEqualTo(events);
        assertThat(listIds(filter().listings(Listing.QUEUED, Listing.FAILED).build()))
                .isEmpty();
    }

    private List<EventKey> pickAll(int limit) {
        List<EventKey> picked = new ArrayList<>();
        List<EventRecord> batch;
        while (!(batch = store.pick(endpoint, limit, LONG_WINDOW)).isEmpty()) {
            batch.forEach(r -> picked.add(r.key()));
        }
        return picked;
    }

    private static void assertExactlyOneWinner(List<ClaimOutcome> outcomes, int claimers) {
        assertThat(outcomes).hasSize(claimers);
        assertThat(outcomes).filteredOn(ClaimOutcome.Acquired.class::isInstance).hasSize(1);
        assertThat(outcomes)
                .filteredOn(ClaimOutcome.InProgress.class::isInstance)
                .hasSize(claimers - 1);
    }

    /**
     * Claims an event as a dispatcher or a sender would, and checks that nobody else holds it meanwhile;
     * the holder then fails it back into the due queue or, one time in four, succeeds.
     */
    private final class Holders {
        final Map<EventKey, AtomicInteger> holding = new ConcurrentHashMap<>();
        final Set<EventKey> succeeded = ConcurrentHashMap.newKeySet();
        final AtomicInteger overlaps = new AtomicInteger();
        final AtomicInteger stale = new AtomicInteger();
        final AtomicInteger successes = new AtomicInteger();
        private final Function<EventKey, AtomicInteger> counter = k -> new AtomicInteger();

        void attempt(EventKey key, IdempotencyPolicy policy) {
            if (!(store.claim(key, FP, policy) instanceof ClaimOutcome.Acquired acquired)) {
                return;
            }
            AtomicInteger holders = holding.computeIfAbsent(key, counter);
            if (holders.incrementAndGet() != 1) {
                overlaps.incrementAndGet();
            }
            boolean succeed = ThreadLocalRandom.current().nextInt(4) == 0;
            holders.decrementAndGet();
            WriteOutcome outcome = succeed
                    ? store.complete(key, acquired.token(), Completion.succeeded(StoredResponse.empty(200)), policy)
                    : store.fail(
                            key,
                            acquired.token(),
                            new Failure(payload("p"), "again", ErrorClass.SERVER_ERROR, Duration.ZERO),
                            policy);
            if (outcome instanceof WriteOutcome.Stale) {
                stale.incrementAndGet();
            } else if (outcome.equals(new WriteOutcome.Recorded(RecordStatus.SUCCEEDED))) {
                successes.incrementAndGet();
                succeeded.add(key);
            }
        }
    }

    private record Claimed(EventKey key, ClaimOutcome outcome) {}
}
