package dev.hookguard.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;
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
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.ListFilter.Listing;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The operator side's contract (DESIGN.md §9): listings and counts by every filter, stalled records, error
 * classes, and replay / requeue / resolve / skip with their bounded audit history. Part of {@link
 * StoreContractTest}.
 */
public abstract class OperatorContract extends DueQueueContract {

    /** One record in each state: d1 DEAD, r1 REJECTED, f1 FAILED, q1 QUEUED, p1 PROCESSING, s1 SUCCEEDED. */
    private void oneOfEach() {
        dead(key("d1"), ErrorClass.TIMEOUT);
        rejected(key("r1"), ErrorClass.SCHEMA);
        failed(key("f1"), ErrorClass.NETWORK);
        queued(key("q1"));
        acquire(key("p1"), POLICY);
        succeeded(key("s1"));
    }

    @Test
    void shouldListEachListingAndTheirUnion() {
        oneOfEach();

        assertThat(allDeadLetterIds()).containsExactlyInAnyOrder("d1", "r1");
        assertThat(listIds(filter().listings(Listing.DEAD).build())).containsExactly("d1");
        assertThat(listIds(filter().listings(Listing.REJECTED).build())).containsExactly("r1");
        assertThat(listIds(filter().listings(Listing.FAILED).build())).containsExactly("f1");
        assertThat(listIds(filter().listings(Listing.QUEUED).build())).containsExactly("q1");
        assertThat(listIds(filter().listings(EnumSet.allOf(Listing.class)).build()))
                .containsExactlyInAnyOrder("d1", "r1", "f1", "q1");
    }

    @Test
    void shouldListRecordsWithPayloadAndErrorClass() {
        oneOfEach();

        List<EventRecord> listed =
                listAll(filter().listings(EnumSet.allOf(Listing.class)).build());

        assertThat(listed)
                .allSatisfy(
                        r -> assertThat(r.payload()).isEqualTo(record(r.key()).payload()));
        assertThat(listed)
                .filteredOn(r -> r.status() != RecordStatus.QUEUED)
                .extracting(EventRecord::errorClass)
                .containsExactlyInAnyOrder(ErrorClass.TIMEOUT, ErrorClass.SCHEMA, ErrorClass.NETWORK);
    }

    @Test
    void shouldFilterByErrorClass() {
        dead(key("d1"), ErrorClass.TIMEOUT);
        dead(key("d2"), ErrorClass.EXCEPTION);
        rejected(key("r1"), ErrorClass.CLIENT_ERROR);
        failed(key("f1"), ErrorClass.TIMEOUT);
        ListFilter.Builder all = filter().listings(Listing.DEAD, Listing.REJECTED, Listing.FAILED);

        assertThat(listIds(all.errorClasses(ErrorClass.TIMEOUT).build())).containsExactlyInAnyOrder("d1", "f1");
        assertThat(listIds(all.errorClasses(ErrorClass.EXCEPTION, ErrorClass.CLIENT_ERROR)
                        .build()))
                .containsExactlyInAnyOrder("d2", "r1");
        assertThat(listIds(all.errorClasses(ErrorClass.SCHEMA).build())).isEmpty();
    }

    @Test
    void shouldFilterByTextInEventIdOrLastErrorIgnoringCase() {
        dead(key("Order-42"), ErrorClass.TIMEOUT);
        dead(key("invoice-7"), ErrorClass.NETWORK);
        dead(key("other"), ErrorClass.EXCEPTION);

        assertThat(listIds(filter().text("order").build())).containsExactly("Order-42");
        assertThat(listIds(filter().text("NETWORK").build())).containsExactly("invoice-7");
        assertThat(listIds(filter().text("-").build())).containsExactlyInAnyOrder("Order-42", "invoice-7");
        assertThat(listIds(filter().text("nothing like it").build())).isEmpty();
    }

    @Test
    void shouldFilterByUpdateTimeFromInclusiveToExclusive() {
        for (int i = 0; i < 6; i++) {
            dead(key("d" + i), ErrorClass.TIMEOUT);
        }
        List<EventRecord> all = listAll(ListFilter.deadLetters(endpoint));
        assertThat(all).hasSize(6);

        for (EventRecord pivot : all) {
            Instant at = pivot.updatedAt();
            assertThat(listIds(filter().from(at).build()))
                    .as("from %s", at)
                    .containsExactlyElementsOf(idsWhere(all, r -> !r.updatedAt().isBefore(at)));
            assertThat(listIds(filter().to(at).build()))
                    .as("to %s", at)
                    .containsExactlyElementsOf(idsWhere(all, r -> r.updatedAt().isBefore(at)));
        }
    }

    @Test
    void shouldListOldestUpdateFirstInStablePages() {
        for (int i = 0; i < 7; i++) {
            dead(key("d" + i), ErrorClass.TIMEOUT);
        }

        List<EventRecord> walked = new ArrayList<>();
        String cursor = null;
        do {
            RecordPage page = store.list(ListFilter.deadLetters(endpoint), cursor, 3);
            assertThat(page.records().size()).isLessThanOrEqualTo(3);
            walked.addAll(page.records());
            cursor = page.nextCursor();
        } while (cursor != null);

        assertThat(walked)
                .extracting(r -> r.key().eventId())
                .doesNotHaveDuplicates()
                .hasSize(7);
        assertThat(walked).isSortedAccordingTo((a, b) -> a.updatedAt().compareTo(b.updatedAt()));
    }

    @Test
    void shouldRefuseBadCursorsAndLimits() {
        ListFilter dead = ListFilter.deadLetters(endpoint);

        assertThatIllegalArgumentException().isThrownBy(() -> store.list(dead, "", 10));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> store.list(dead, "no such cursor ~!", 10))
                .withMessageContaining("no such cursor ~!");
        assertThatIllegalArgumentException().isThrownBy(() -> store.list(dead, null, 0));
    }

    @Test
    void shouldCountWhatItWouldListWithoutReadingPayloads() {
        oneOfEach();
        dead(key("d2"), ErrorClass.EXCEPTION);

        for (ListFilter f : List.of(
                ListFilter.deadLetters(endpoint),
                filter().listings(EnumSet.allOf(Listing.class)).build(),
                filter().errorClasses(ErrorClass.TIMEOUT).build(),
                filter().text("d").build(),
                filter().listings(Listing.QUEUED).build())) {
            assertThat(store.count(f)).as(f.toString()).isEqualTo(listAll(f).size());
        }
        assertThat(store.deadLetterCount(endpoint)).isEqualTo(3);
        assertThat(store.deadLetterCount(endpoint + "x")).isZero();
    }

    @Test
    void shouldListProcessingPastItsLeaseAsStalled() {
        acquire(key("p1"), SHORT_LEASE);
        acquire(key("p2"), POLICY);
        ListFilter stalled = filter().listings(Listing.STALLED).build();

        await().atMost(PATIENCE)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> listIds(stalled).contains("p1"));

        assertThat(listIds(stalled)).containsExactly("p1");
        assertThat(store.count(stalled)).isEqualTo(1);
    }

    @Test
    void shouldListFailedOutOfTheDueQueueAsStalledAfterTheQuietPeriod() {
        failed(key("f1"), ErrorClass.EXCEPTION);
        failedDueIn(key("f2"), Duration.ZERO);
        queued(key("q1"));

        assertThat(listIds(filter().listings(Listing.STALLED)
                        .stalledAfter(Duration.ZERO)
                        .build()))
                .containsExactly("f1");
        assertThat(listIds(filter().listings(Listing.STALLED)
                        .stalledAfter(Duration.ofHours(1))
                        .build()))
                .isEmpty();
    }

    @Test
    void shouldStoreEveryErrorClassWithFailedDeadAndRejectedRecords() {
        for (ErrorClass errorClass : ErrorClass.values()) {
            failed(key("f-" + errorClass.code()), errorClass);
            dead(key("d-" + errorClass.code()), errorClass);
            rejected(key("r-" + errorClass.code()), errorClass);
        }

        for (ErrorClass errorClass : ErrorClass.values()) {
            for (String prefix : List.of("f-", "d-", "r-")) {
                assertThat(record(key(prefix + errorClass.code())).errorClass())
                        .as(prefix + errorClass.code())
                        .isEqualTo(errorClass);
            }
        }
    }

    @Test
    void shouldDefaultRejectionToClientErrorAndSuccessToNoClass() {
        store.complete(
                key("r1"),
                acquire(key("r1"), POLICY).token(),
                Completion.rejected(StoredResponse.empty(422), payload("p")),
                POLICY);
        succeeded(key("s1"));

        assertThat(record(key("r1")).errorClass()).isEqualTo(ErrorClass.CLIENT_ERROR);
        assertThat(record(key("s1")).errorClass()).isNull();
    }

    @Test
    void shouldKeepErrorClassThroughReclaimUntilSuccess() {
        failed(key("f1"), ErrorClass.RATE_LIMITED);

        long token = acquire(key("f1"), POLICY).token();

        assertThat(record(key("f1")).errorClass()).isEqualTo(ErrorClass.RATE_LIMITED);
        store.complete(key("f1"), token, Completion.succeeded(StoredResponse.empty(200)), POLICY);
        assertThat(record(key("f1")).errorClass()).isNull();
    }

    @Test
    void shouldReplayDeadRejectedAndFailedRecordsAsQueuedDueNow() {
        killWithFailures(key("d1"), 2);
        rejected(key("r1"), ErrorClass.CLIENT_ERROR);
        failed(key("f1"), ErrorClass.EXCEPTION);

        for (String id : List.of("d1", "r1", "f1")) {
            assertThat(store.replay(key(id), OPERATOR_NOTE, POLICY)).as(id).isEqualTo(AdminOutcome.UPDATED);
            EventRecord replayed = record(key(id));
            assertThat(replayed.status()).isEqualTo(RecordStatus.QUEUED);
            assertThat(replayed.attempts()).isZero();
            assertThat(replayed.nextAttemptAt()).isNotNull();
            assertThat(replayed.payload()).isNotNull();
            assertThat(replayed.history()).singleElement().satisfies(e -> {
                assertThat(e.actor()).isEqualTo("ops");
                assertThat(e.action()).isEqualTo(AuditEntry.REPLAY);
                assertThat(e.note()).isEqualTo("note");
                assertThat(e.at()).isCloseTo(replayed.updatedAt(), within(1, ChronoUnit.MILLIS));
            });
        }
        assertThat(store.pick(endpoint, 10, Duration.ofMinutes(10)))
                .extracting(r -> r.key().eventId())
                .containsExactlyInAnyOrder("d1", "r1", "f1");
        assertThat(allDeadLetterIds()).isEmpty();
        assertThat(acquire(key("d1"), POLICY).attempt()).isEqualTo(1);
    }

    @Test
    void shouldRefuseReplayOfLiveFinishedOrMissingRecords() {
        queued(key("q1"));
        acquire(key("p1"), POLICY);
        succeeded(key("s1"));

        for (String id : List.of("q1", "p1", "s1")) {
            assertThat(store.replay(key(id), OPERATOR, POLICY)).as(id).isEqualTo(AdminOutcome.WRONG_STATE);
            assertThat(record(key(id)).history()).isEmpty();
        }
        assertThat(store.replay(key("none"), OPERATOR, POLICY)).isEqualTo(AdminOutcome.NOT_FOUND);
    }

    @Test
    void shouldRequeueDeadLetterWithAuditEntry() {
        dead(key("d1"), ErrorClass.TIMEOUT);
        failed(key("f1"), ErrorClass.TIMEOUT);

        assertThat(store.requeue(key("d1"), OperatorAction.by("alice", "downstream fixed"), POLICY))
                .isEqualTo(AdminOutcome.UPDATED);
        assertThat(store.requeue(key("f1"), OPERATOR, POLICY)).isEqualTo(AdminOutcome.WRONG_STATE);

        EventRecord requeued = record(key("d1"));
        assertThat(requeued.status()).isEqualTo(RecordStatus.FAILED);
        assertThat(requeued.attempts()).isZero();
        assertThat(requeued.nextAttemptAt()).isNull();
        assertThat(requeued.history()).singleElement().satisfies(e -> {
            assertThat(e.actor()).isEqualTo("alice");
            assertThat(e.action()).isEqualTo(AuditEntry.REQUEUE);
            assertThat(e.note()).isEqualTo("downstream fixed");
            assertThat(e.at()).isCloseTo(requeued.updatedAt(), within(1, ChronoUnit.MILLIS));
        });
    }

    @Test
    void shouldResolveOnlyWithANote() {
        dead(key("d1"), ErrorClass.TIMEOUT);

        assertThatIllegalArgumentException().isThrownBy(() -> store.resolve(key("d1"), OPERATOR, POLICY));
        assertThat(record(key("d1")).status()).isEqualTo(RecordStatus.DEAD);
    }

    @Test
    void shouldResolveFailedRecordSoDuplicatesAreAcknowledged() {
        failedDueIn(key("f1"), Duration.ZERO);

        assertThat(store.resolve(key("f1"), OperatorAction.by("bob", "refunded by hand"), POLICY))
                .isEqualTo(AdminOutcome.UPDATED);

        EventRecord resolved = record(key("f1"));
        assertThat(resolved.status()).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(resolved.lastError()).isEqualTo("refunded by hand");
        assertThat(resolved.nextAttemptAt()).isNull();
        assertThat(resolved.history()).extracting(AuditEntry::action).containsExactly(AuditEntry.RESOLVE);
        assertThat(store.claim(key("f1"), FP, POLICY))
                .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, StoredResponse.empty(200)));
        assertThat(store.pick(endpoint, 10, Duration.ofMinutes(10))).isEmpty();
    }

    @Test
    void shouldSkipWithOrWithoutNote() {
        dead(key("d1"), ErrorClass.TIMEOUT);
        rejected(key("r1"), ErrorClass.SCHEMA);

        assertThat(store.skip(key("d1"), OPERATOR, POLICY)).isEqualTo(AdminOutcome.UPDATED);
        assertThat(store.skip(key("r1"), OperatorAction.by("ops", "test event"), POLICY))
                .isEqualTo(AdminOutcome.UPDATED);

        assertThat(record(key("d1")).status()).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(record(key("d1")).history()).singleElement().satisfies(e -> {
            assertThat(e.action()).isEqualTo(AuditEntry.SKIP);
            assertThat(e.note()).isNull();
        });
        assertThat(record(key("r1")).lastError()).isEqualTo("test event");
        assertThat(store.claim(key("r1"), FP, POLICY))
                .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, StoredResponse.empty(200)));
        assertThat(store.skip(key("r1"), OPERATOR, POLICY)).isEqualTo(AdminOutcome.WRONG_STATE);
    }

    @Test
    void shouldResolveAndSkipAStalledRecordButNotOneWhoseLeaseIsLive() {
        long staleToken = acquire(key("p1"), SHORT_LEASE).token();
        acquire(key("p2"), SHORT_LEASE);
        acquire(key("live"), POLICY);
        assertThat(store.resolve(key("live"), OPERATOR_NOTE, POLICY)).isEqualTo(AdminOutcome.WRONG_STATE);
        assertThat(store.skip(key("live"), OPERATOR, POLICY)).isEqualTo(AdminOutcome.WRONG_STATE);
        await().atMost(PATIENCE)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> listIds(filter().listings(Listing.STALLED).build()).containsAll(List.of("p1", "p2")));

        assertThat(store.resolve(key("p1"), OperatorAction.by("bob", "handled by hand"), POLICY))
                .isEqualTo(AdminOutcome.UPDATED);
        assertThat(store.skip(key("p2"), OPERATOR, POLICY)).isEqualTo(AdminOutcome.UPDATED);

        EventRecord resolved = record(key("p1"));
        assertThat(resolved.status()).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(resolved.lastError()).isEqualTo("handled by hand");
        assertThat(resolved.history()).extracting(AuditEntry::action).containsExactly(AuditEntry.RESOLVE);
        assertThat(record(key("p2")).status()).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(store.complete(key("p1"), staleToken, Completion.succeeded(StoredResponse.empty(200)), POLICY))
                .isEqualTo(new WriteOutcome.Stale());
        assertThat(store.claim(key("p2"), FP, POLICY))
                .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, StoredResponse.empty(200)));
        assertThat(listIds(filter().listings(Listing.STALLED).build())).doesNotContain("p1", "p2");
        assertThat(record(key("live")).status()).isEqualTo(RecordStatus.PROCESSING);
    }

    @Test
    void shouldKeepOnlyTheNewestHistoryEntries() {
        int actions = AuditEntry.MAX_HISTORY + 5;
        failed(key("f1"), ErrorClass.EXCEPTION);
        for (int i = 0; i < actions; i++) {
            assertThat(store.replay(key("f1"), OperatorAction.by("ops", "n" + i), POLICY))
                    .isEqualTo(AdminOutcome.UPDATED);
            long token = acquire(key("f1"), POLICY).token();
            store.fail(key("f1"), token, new Failure(payload("p"), "again"), POLICY);
        }

        List<AuditEntry> history = record(key("f1")).history();

        assertThat(history).hasSize(AuditEntry.MAX_HISTORY);
        assertThat(history.get(0).note()).isEqualTo("n5");
        assertThat(history.get(AuditEntry.MAX_HISTORY - 1).note()).isEqualTo("n" + (actions - 1));
        assertThat(listAll(filter().listings(Listing.FAILED).build()).get(0).history())
                .isEqualTo(history);
    }

    @Test
    void shouldNeverRepeatTokensAcrossExpiry() {
        IdempotencyPolicy brief =
                IdempotencyPolicy.from(POLICY).lease(SHORT).retention(SHORT).build();
        EventKey key = key("e1");
        long first = acquire(key, brief).token();
        store.complete(key, first, Completion.succeeded(StoredResponse.empty(200)), brief);
        await().atMost(PATIENCE)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> store.find(key).isEmpty());

        // awaited, not asserted at once: a store that answers duplicates from a cache (the tiered store) may keep the
        // cached verdict a few milliseconds past the record it mirrors, since the two expire by two clocks
        long second = awaitAcquired(key, brief).token();
        await().atMost(PATIENCE)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> store.find(key).isEmpty());
        store.enqueue(key, FP, payload("p"), brief);
        long queued = record(key).token();

        assertThat(second).isGreaterThan(first);
        assertThat(queued).isGreaterThan(second);
        assertThat(acquire(key, brief).token()).isGreaterThan(queued);
    }

    private static List<String> idsWhere(List<EventRecord> all, Predicate<EventRecord> test) {
        return all.stream().filter(test).map(r -> r.key().eventId()).toList();
    }
}
