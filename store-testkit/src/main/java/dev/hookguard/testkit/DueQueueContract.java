package dev.hookguard.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.DueQueue.QueueStats;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.operator.ListFilter.Listing;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The due queue's contract (DESIGN.md §8): enqueue as QUEUED, claims that take QUEUED and due FAILED
 * records over, receiver retries, atomic picks that push the due time by a window, the sweeper's schedule,
 * hand-backs of picked records, queue stats, and retention that never removes a due record. Part of {@link StoreContractTest}.
 */
public abstract class DueQueueContract extends HotPathContract {

    private static final Duration LONG_WINDOW = Duration.ofMinutes(10);

    @Test
    void shouldEnqueueNewEventAsQueuedDueNowWithPayload() {
        assertThat(store.enqueue(key("q1"), FP, payload("body"), POLICY)).isEqualTo(new EnqueueOutcome.Queued());

        EventRecord queued = record(key("q1"));
        assertThat(queued.status()).isEqualTo(RecordStatus.QUEUED);
        assertThat(queued.attempts()).isZero();
        assertThat(queued.payload()).isEqualTo(payload("body"));
        assertThat(queued.fingerprint()).isEqualTo(FP);
        assertThat(queued.token()).isPositive();
        assertThat(queued.nextAttemptAt()).isNotNull().isBeforeOrEqualTo(queued.updatedAt());
        assertThat(queued.errorClass()).isNull();
    }

    @Test
    void shouldReportPendingWhenEventIsQueuedProcessingOrFailed() {
        queued(key("q1"));
        acquire(key("p1"), POLICY);
        failed(key("f1"), ErrorClass.EXCEPTION);
        EventRecord before = record(key("q1"));

        assertThat(store.enqueue(key("q1"), FP, payload("again"), POLICY))
                .isEqualTo(new EnqueueOutcome.Pending(RecordStatus.QUEUED));
        assertThat(store.enqueue(key("p1"), FP, payload("again"), POLICY))
                .isEqualTo(new EnqueueOutcome.Pending(RecordStatus.PROCESSING));
        assertThat(store.enqueue(key("f1"), FP, payload("again"), POLICY))
                .isEqualTo(new EnqueueOutcome.Pending(RecordStatus.FAILED));
        assertThat(record(key("q1"))).isEqualTo(before);
        assertThat(record(key("f1")).nextAttemptAt()).isNull();
    }

    @Test
    void shouldReportDuplicateMismatchAndDeadOnEnqueue() {
        StoredResponse response = StoredResponse.of(201, "text/plain", new byte[] {1, 2});
        store.complete(key("s1"), acquire(key("s1"), POLICY).token(), Completion.succeeded(response), POLICY);
        rejected(key("r1"), ErrorClass.CLIENT_ERROR);
        dead(key("d1"), ErrorClass.TIMEOUT);
        queued(key("q1"));

        assertThat(store.enqueue(key("s1"), FP, payload("p"), POLICY))
                .isEqualTo(new EnqueueOutcome.Duplicate(RecordStatus.SUCCEEDED, response));
        assertThat(store.enqueue(key("r1"), FP, payload("p"), POLICY))
                .isEqualTo(new EnqueueOutcome.Duplicate(RecordStatus.REJECTED, StoredResponse.empty(400)));
        assertThat(store.enqueue(key("d1"), FP, payload("p"), POLICY)).isEqualTo(new EnqueueOutcome.Dead());
        assertThat(store.enqueue(key("q1"), OTHER_FP, payload("p"), POLICY)).isEqualTo(new EnqueueOutcome.Mismatch());
        assertThat(store.claim(key("q1"), OTHER_FP, POLICY)).isEqualTo(new ClaimOutcome.Mismatch());
    }

    @Test
    void shouldClaimQueuedRecordLikeFailedAndTakeItOutOfTheQueue() {
        queued(key("q1"));
        long queuedToken = record(key("q1")).token();

        ClaimOutcome.Acquired acquired = acquire(key("q1"), POLICY);

        assertThat(acquired.attempt()).isEqualTo(1);
        assertThat(acquired.token()).isGreaterThan(queuedToken);
        EventRecord processing = record(key("q1"));
        assertThat(processing.status()).isEqualTo(RecordStatus.PROCESSING);
        assertThat(processing.nextAttemptAt()).isNull();
        assertThat(processing.payload()).isEqualTo(payload("q q1"));
        assertThat(store.pick(endpoint, 10, LONG_WINDOW)).isEmpty();
        assertThat(store.stats(endpoint).depth()).isZero();
        assertThat(store.complete(key("q1"), acquired.token(), Completion.succeeded(StoredResponse.empty(200)), POLICY))
                .isEqualTo(new WriteOutcome.Recorded(RecordStatus.SUCCEEDED));
    }

    @Test
    void shouldHandBackPickedRecordsSoTheNextPickTakesThemAtOnce() {
        queued(key("q1"));
        queued(key("q2"));
        List<EventRecord> picked = store.pick(endpoint, 10, LONG_WINDOW);
        assertThat(picked).hasSize(2);
        assertThat(store.pick(endpoint, 10, LONG_WINDOW)).isEmpty();

        assertThat(store.release(picked)).isEqualTo(2);

        assertThat(store.stats(endpoint).dueNow()).isEqualTo(2);
        assertThat(store.pick(endpoint, 10, LONG_WINDOW))
                .extracting(r -> r.key().eventId())
                .containsExactlyInAnyOrder("q1", "q2");
    }

    @Test
    void shouldLeaveRecordsThatChangedSinceThePickWhenHandedBack() {
        queued(key("q1"));
        queued(key("q2"));
        queued(key("q3"));
        List<EventRecord> picked = store.pick(endpoint, 10, LONG_WINDOW);
        assertThat(picked).hasSize(3);
        ClaimOutcome.Acquired claimed = acquire(key("q1"), POLICY);
        EventRecord q2 = picked.stream()
                .filter(r -> r.key().eventId().equals("q2"))
                .findFirst()
                .orElseThrow();
        assertThat(store.release(List.of(q2))).isEqualTo(1);
        assertThat(store.pick(endpoint, 10, LONG_WINDOW.plusMinutes(1)))
                .extracting(r -> r.key().eventId())
                .containsExactly("q2"); // picked again, by another picker

        assertThat(store.release(picked)).isEqualTo(1); // q3 only

        assertThat(record(key("q1")).status()).isEqualTo(RecordStatus.PROCESSING);
        assertThat(record(key("q1")).token()).isEqualTo(claimed.token());
        assertThat(store.pick(endpoint, 10, LONG_WINDOW))
                .extracting(r -> r.key().eventId())
                .containsExactly("q3");
        assertThat(store.release(List.of())).isZero();
    }

    @Test
    void shouldPutFailureWithRetryInTheDueQueueAtStoreNowPlusDelay() {
        failedDueIn(key("f1"), Duration.ofHours(1));

        EventRecord failed = record(key("f1"));
        assertThat(failed.status()).isEqualTo(RecordStatus.FAILED);
        assertThat(failed.errorClass()).isEqualTo(ErrorClass.SERVER_ERROR);
        assertThat(failed.nextAttemptAt())
                .isAfter(failed.updatedAt().plus(Duration.ofMinutes(59)))
                .isBeforeOrEqualTo(failed.updatedAt().plus(Duration.ofMinutes(61)));
        assertThat(store.stats(endpoint)).isEqualTo(new QueueStats(1, 0, null));
        assertThat(store.pick(endpoint, 10, LONG_WINDOW)).isEmpty();
    }

    @Test
    void shouldKeepFailureWithoutRetryInOutOfTheDueQueue() {
        failed(key("f1"), ErrorClass.NETWORK);

        assertThat(record(key("f1")).nextAttemptAt()).isNull();
        assertThat(store.stats(endpoint).depth()).isZero();
    }

    @Test
    void shouldNeverQueueDeadRecordEvenWhenFailureAsksForRetry() {
        store.fail(
                key("d1"),
                acquire(key("d1"), ONE_ATTEMPT).token(),
                new Failure(payload("p"), "last", ErrorClass.TIMEOUT, Duration.ZERO),
                ONE_ATTEMPT);

        EventRecord dead = record(key("d1"));
        assertThat(dead.status()).isEqualTo(RecordStatus.DEAD);
        assertThat(dead.nextAttemptAt()).isNull();
        assertThat(store.pick(endpoint, 10, LONG_WINDOW)).isEmpty();
    }

    @Test
    void shouldLetSendersCopyTakeOverDueFailedRecord() {
        failedDueIn(key("f1"), Duration.ZERO);
        long token = record(key("f1")).token();

        ClaimOutcome.Acquired acquired = acquire(key("f1"), POLICY);

        assertThat(acquired.attempt()).isEqualTo(2);
        assertThat(acquired.token()).isGreaterThan(token);
        assertThat(record(key("f1")).nextAttemptAt()).isNull();
        assertThat(store.pick(endpoint, 10, LONG_WINDOW)).isEmpty();
    }

    @Test
    void shouldPickDueRecordsInDueOrderWithPayloadsUpToTheLimit() {
        for (String id : List.of("q1", "q2", "q3")) {
            queued(key(id));
        }
        queued(EventKey.of(endpoint + "x", "elsewhere"));

        List<EventRecord> first = store.pick(endpoint, 2, LONG_WINDOW);
        List<EventRecord> second = store.pick(endpoint, 2, LONG_WINDOW);

        assertThat(first).extracting(r -> r.key().eventId()).containsExactly("q1", "q2");
        assertThat(second).extracting(r -> r.key().eventId()).containsExactly("q3");
        assertThat(first).allSatisfy(r -> {
            assertThat(r.status()).isEqualTo(RecordStatus.QUEUED);
            assertThat(r.payload()).isEqualTo(payload("q " + r.key().eventId()));
        });
        assertThat(store.pick(endpoint, 2, LONG_WINDOW)).isEmpty();
    }

    @Test
    void shouldPickDueFailedRecordsOfReceiverRetries() {
        failedDueIn(key("f1"), Duration.ZERO);

        List<EventRecord> picked = store.pick(endpoint, 10, LONG_WINDOW);

        assertThat(picked).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(RecordStatus.FAILED);
            assertThat(r.payload()).isEqualTo(payload("p f1"));
            assertThat(r.errorClass()).isEqualTo(ErrorClass.SERVER_ERROR);
        });
    }

    @Test
    void shouldPushPickedRecordsByTheWindowSoTheyAreNotPickedTwice() {
        queued(key("q1"));
        EventRecord before = record(key("q1"));

        EventRecord picked = store.pick(endpoint, 10, LONG_WINDOW).get(0);

        assertThat(picked.nextAttemptAt()).isAfter(before.updatedAt().plus(LONG_WINDOW.minusMinutes(1)));
        assertThat(record(key("q1")).nextAttemptAt()).isEqualTo(picked.nextAttemptAt());
        assertThat(record(key("q1")).updatedAt()).isEqualTo(before.updatedAt());
        assertThat(store.pick(endpoint, 10, LONG_WINDOW)).isEmpty();
        assertThat(store.stats(endpoint)).isEqualTo(new QueueStats(1, 0, null));
    }

    @Test
    void shouldLetRecordsOfADeadPickerComeDueAgainAfterTheWindow() {
        queued(key("q1"));
        assertThat(store.pick(endpoint, 10, SHORT)).hasSize(1);

        List<EventRecord> again = await().atMost(PATIENCE)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> store.pick(endpoint, 10, SHORT), picked -> !picked.isEmpty());

        assertThat(again).extracting(r -> r.key().eventId()).containsExactly("q1");
    }

    @Test
    void shouldRefuseBadPickArguments() {
        assertThatIllegalArgumentException().isThrownBy(() -> store.pick(endpoint, 0, LONG_WINDOW));
        assertThatIllegalArgumentException().isThrownBy(() -> store.pick(endpoint, 1, Duration.ZERO));
    }

    @Test
    void shouldScheduleFailedRecordOfSenderRetries() {
        failed(key("f1"), ErrorClass.EXCEPTION);

        assertThat(store.schedule(key("f1"), Duration.ZERO, POLICY)).isTrue();

        assertThat(record(key("f1")).nextAttemptAt()).isNotNull();
        assertThat(store.pick(endpoint, 10, LONG_WINDOW))
                .extracting(r -> r.key().eventId())
                .containsExactly("f1");
    }

    @Test
    void shouldRefuseToScheduleRecordsInOtherStates() {
        succeeded(key("s1"));
        dead(key("d1"), ErrorClass.EXCEPTION);
        acquire(key("p1"), POLICY);
        queued(key("q1"));

        for (String id : List.of("s1", "d1", "p1", "none")) {
            assertThat(store.schedule(key(id), Duration.ZERO, POLICY)).as(id).isFalse();
        }
        assertThat(record(key("p1")).status()).isEqualTo(RecordStatus.PROCESSING);
        assertThat(record(key("s1")).nextAttemptAt()).isNull();
    }

    @Test
    void shouldScheduleLapsedProcessingRecordAsUnrecordedFailure() {
        queued(key("q1"));
        long staleToken = acquire(key("q1"), SHORT_LEASE).token();

        await().atMost(PATIENCE)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> store.schedule(key("q1"), Duration.ZERO, POLICY));

        EventRecord failed = record(key("q1"));
        assertThat(failed.status()).isEqualTo(RecordStatus.FAILED);
        assertThat(failed.errorClass()).isEqualTo(ErrorClass.UNRECORDED);
        assertThat(failed.payload()).isEqualTo(payload("q q1"));
        assertThat(store.complete(key("q1"), staleToken, Completion.succeeded(StoredResponse.empty(200)), POLICY))
                .isEqualTo(new WriteOutcome.Stale());
        assertThat(store.pick(endpoint, 10, LONG_WINDOW)).hasSize(1);
    }

    @Test
    void shouldRefuseToScheduleLapsedProcessingRecordWithoutPayload() {
        acquire(key("p1"), SHORT_LEASE);
        await().atMost(PATIENCE)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> listIds(filter().listings(Listing.STALLED).build()).contains("p1"));

        assertThat(store.schedule(key("p1"), Duration.ZERO, POLICY)).isFalse();
        assertThat(record(key("p1")).status()).isEqualTo(RecordStatus.PROCESSING);
    }

    @Test
    void shouldKeepPayloadGivenWithClaimSoALapsedRecordIsScheduledWithIt() {
        Payload kept = payload("from the claim");
        ClaimOutcome outcome = store.claim(key("c1"), FP, kept, SHORT_LEASE);
        assertThat(outcome).isInstanceOf(ClaimOutcome.Acquired.class);
        long staleToken = ((ClaimOutcome.Acquired) outcome).token();
        assertThat(record(key("c1")).payload()).isEqualTo(kept);

        await().atMost(PATIENCE)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> store.schedule(key("c1"), Duration.ZERO, POLICY));

        EventRecord failed = record(key("c1"));
        assertThat(failed.status()).isEqualTo(RecordStatus.FAILED);
        assertThat(failed.errorClass()).isEqualTo(ErrorClass.UNRECORDED);
        assertThat(store.complete(key("c1"), staleToken, Completion.succeeded(StoredResponse.empty(200)), POLICY))
                .isEqualTo(new WriteOutcome.Stale());
        List<EventRecord> picked = store.pick(endpoint, 10, LONG_WINDOW);
        assertThat(picked).extracting(r -> r.key().eventId()).containsExactly("c1");
        assertThat(picked.get(0).payload()).isEqualTo(kept);
    }

    @Test
    void shouldKeepPayloadGivenWithClaimTakingOverARecordWithoutOneButNeverReplaceAKeptOne() {
        acquire(key("p1"), SHORT_LEASE); // no payload kept
        ClaimOutcome.Acquired takeover = (ClaimOutcome.Acquired) await().atMost(PATIENCE)
                .pollInterval(Duration.ofMillis(50))
                .until(
                        () -> store.claim(key("p1"), FP, payload("second"), POLICY),
                        o -> o instanceof ClaimOutcome.Acquired);
        assertThat(takeover.attempt()).isEqualTo(2);
        assertThat(record(key("p1")).payload()).isEqualTo(payload("second"));

        queued(key("q1"));
        assertThat(store.claim(key("q1"), FP, payload("other"), POLICY)).isInstanceOf(ClaimOutcome.Acquired.class);
        assertThat(record(key("q1")).payload()).isEqualTo(payload("q q1"));
    }

    @Test
    void shouldKeepNoPayloadWithThePlainClaim() {
        acquire(key("p1"), SHORT_LEASE);
        assertThat(record(key("p1")).payload()).isNull();
        assertThat(store.claim(key("p2"), FP, null, SHORT_LEASE)).isInstanceOf(ClaimOutcome.Acquired.class);
        assertThat(record(key("p2")).payload()).isNull();

        await().atMost(PATIENCE)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> listIds(filter().listings(Listing.STALLED).build()).containsAll(List.of("p1", "p2")));
        assertThat(store.schedule(key("p1"), Duration.ZERO, POLICY)).isFalse();
        assertThat(store.schedule(key("p2"), Duration.ZERO, POLICY)).isFalse();
        assertThat(record(key("p1")).status()).isEqualTo(RecordStatus.PROCESSING);
    }

    @Test
    void shouldReportQueueStatsOfOneEndpoint() {
        assertThat(store.stats(endpoint)).isEqualTo(new QueueStats(0, 0, null));
        queued(key("q1"));
        queued(key("q2"));
        failedDueIn(key("f1"), Duration.ofHours(1));
        failed(key("f2"), ErrorClass.EXCEPTION);
        queued(EventKey.of(endpoint + "x", "elsewhere"));

        QueueStats stats = store.stats(endpoint);

        assertThat(stats.depth()).isEqualTo(3);
        assertThat(stats.dueNow()).isEqualTo(2);
        assertThat(stats.oldestDueAge())
                .isNotNull()
                .isGreaterThanOrEqualTo(Duration.ZERO)
                .isLessThan(PATIENCE);
    }

    @Test
    void shouldKeepDueRecordPastItsRetentionUntilItIsDue() {
        IdempotencyPolicy brief =
                IdempotencyPolicy.from(POLICY).retention(SHORT).build();
        Duration retryIn = SHORT.multipliedBy(4);
        store.fail(
                key("f1"),
                acquire(key("f1"), brief).token(),
                new Failure(payload("p"), "retry later", ErrorClass.RATE_LIMITED, retryIn),
                brief);

        await().during(SHORT.multipliedBy(3))
                .atMost(SHORT.multipliedBy(4))
                .until(() -> store.find(key("f1")).isPresent());
        List<EventRecord> picked = await().atMost(PATIENCE)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> store.pick(endpoint, 10, LONG_WINDOW), p -> !p.isEmpty());

        assertThat(picked).extracting(r -> r.key().eventId()).containsExactly("f1");
    }

    @Test
    void shouldKeepPickedRecordPastItsRetentionWhileReserved() {
        IdempotencyPolicy brief =
                IdempotencyPolicy.from(POLICY).retention(SHORT).build();
        assertThat(store.enqueue(key("q1"), FP, payload("p"), brief)).isEqualTo(new EnqueueOutcome.Queued());
        assertThat(store.pick(endpoint, 1, SHORT.multipliedBy(4))).hasSize(1);

        await().during(SHORT.multipliedBy(3))
                .atMost(SHORT.multipliedBy(4))
                .until(() -> store.find(key("q1")).isPresent());
    }
}
