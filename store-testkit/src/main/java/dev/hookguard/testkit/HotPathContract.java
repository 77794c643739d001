package dev.hookguard.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.Claim;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The hot path's contract: every row of DESIGN.md §3 that a delivery drives (claim, renew, complete, fail,
 * find), plus today's dead-letter listing and operator actions. Part of {@link StoreContractTest}.
 */
public abstract class HotPathContract extends AttemptLogContract {

    @Test
    void shouldAcquireFirstClaimWithTokenAndAttemptOne() {
        ClaimOutcome.Acquired acquired = acquire(key("e1"), POLICY);

        assertThat(acquired.attempt()).isEqualTo(1);
        assertThat(acquired.token()).isPositive();
    }

    @Test
    void shouldStoreNewClaimAsProcessingWithLiveLease() {
        acquire(key("e1"), POLICY);

        EventRecord record = store.find(key("e1")).orElseThrow();
        assertThat(record.status()).isEqualTo(RecordStatus.PROCESSING);
        assertThat(record.fingerprint()).isEqualTo(FP);
        assertThat(record.attempts()).isEqualTo(1);
        assertThat(record.leaseUntil()).isAfter(record.createdAt());
    }

    @Test
    void shouldReportInProgressWithTimeLeftWhileLeaseIsLive() {
        acquire(key("e1"), POLICY);

        ClaimOutcome second = store.claim(key("e1"), FP, POLICY);

        assertThat(second)
                .isInstanceOfSatisfying(
                        ClaimOutcome.InProgress.class,
                        p -> assertThat(p.remaining()).isPositive().isLessThanOrEqualTo(POLICY.lease()));
    }

    @Test
    void shouldReplayStoredResponseByteForByteAfterSuccess() {
        byte[] body = {0, 1, 2, (byte) 0xff, (byte) 0xc3, 0x28, '\n'};
        StoredResponse response = StoredResponse.of(201, "application/octet-stream", body);
        long token = acquire(key("e1"), POLICY).token();

        assertThat(store.complete(key("e1"), token, Completion.succeeded(response), POLICY))
                .isEqualTo(new WriteOutcome.Recorded(RecordStatus.SUCCEEDED));

        ClaimOutcome duplicate = store.claim(key("e1"), FP, POLICY);
        assertThat(duplicate).isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, response));
        assertThat(((ClaimOutcome.Duplicate) duplicate).response().body()).containsExactly(body);
    }

    @Test
    void shouldReplayResponseWithoutContentTypeOrBody() {
        long token = acquire(key("e1"), POLICY).token();
        store.complete(key("e1"), token, Completion.succeeded(StoredResponse.empty(204)), POLICY);

        assertThat(store.claim(key("e1"), FP, POLICY))
                .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, StoredResponse.empty(204)));
    }

    @Test
    void shouldStoreResponseLargerThanCapWithoutItsBody() {
        IdempotencyPolicy capped =
                IdempotencyPolicy.from(POLICY).responseBodyCap(8).build();
        StoredResponse big = StoredResponse.of(200, "text/plain", new byte[9]).capped(capped.responseBodyCap());
        long token = acquire(key("e1"), capped).token();

        store.complete(key("e1"), token, Completion.succeeded(big), capped);

        ClaimOutcome.Duplicate duplicate = (ClaimOutcome.Duplicate) store.claim(key("e1"), FP, capped);
        assertThat(duplicate.response().bodyOmitted()).isTrue();
        assertThat(duplicate.response().body()).isEmpty();
        assertThat(duplicate.response().status()).isEqualTo(200);
        assertThat(duplicate.response().contentType()).isEqualTo("text/plain");
    }

    @Test
    void shouldReclaimExpiredLeaseWithHigherToken() {
        ClaimOutcome.Acquired first = acquire(key("e1"), SHORT_LEASE);

        ClaimOutcome.Acquired second = awaitAcquired(key("e1"), SHORT_LEASE);

        assertThat(second.token()).isGreaterThan(first.token());
        assertThat(second.attempt()).isEqualTo(2);
    }

    @Test
    void shouldRefuseCompletionWithStaleToken() {
        long stale = acquire(key("e1"), SHORT_LEASE).token();
        long current = awaitAcquired(key("e1"), SHORT_LEASE).token();

        assertThat(store.complete(key("e1"), stale, Completion.succeeded(StoredResponse.empty(200)), POLICY))
                .isEqualTo(new WriteOutcome.Stale());
        assertThat(store.find(key("e1")).orElseThrow().status()).isEqualTo(RecordStatus.PROCESSING);
        assertThat(store.complete(key("e1"), current, Completion.succeeded(StoredResponse.empty(202)), POLICY))
                .isEqualTo(new WriteOutcome.Recorded(RecordStatus.SUCCEEDED));
    }

    @Test
    void shouldRefuseFailureWithStaleToken() {
        long stale = acquire(key("e1"), SHORT_LEASE).token();
        awaitAcquired(key("e1"), SHORT_LEASE);

        assertThat(store.fail(key("e1"), stale, new Failure(payload("p"), "late"), POLICY))
                .isEqualTo(new WriteOutcome.Stale());
        assertThat(store.find(key("e1")).orElseThrow().status()).isEqualTo(RecordStatus.PROCESSING);
    }

    @Test
    void shouldRefuseRenewalWithStaleToken() {
        long stale = acquire(key("e1"), SHORT_LEASE).token();
        awaitAcquired(key("e1"), SHORT_LEASE);

        assertThat(store.renew(key("e1"), stale, POLICY)).isEqualTo(new WriteOutcome.Stale());
    }

    @Test
    void shouldRefuseWritesWithUnknownTokenOrKey() {
        long token = acquire(key("e1"), POLICY).token();

        assertThat(store.complete(key("e1"), token + 7, Completion.succeeded(StoredResponse.empty(200)), POLICY))
                .isEqualTo(new WriteOutcome.Stale());
        assertThat(store.fail(key("never"), 1, new Failure(payload("p"), "x"), POLICY))
                .isEqualTo(new WriteOutcome.Stale());
        assertThat(store.renew(key("never"), 1, POLICY)).isEqualTo(new WriteOutcome.Stale());
    }

    @Test
    void shouldRefuseSecondVerdictForSameToken() {
        long token = acquire(key("e1"), POLICY).token();
        store.complete(key("e1"), token, Completion.succeeded(StoredResponse.empty(200)), POLICY);

        assertThat(store.fail(key("e1"), token, new Failure(payload("p"), "again"), POLICY))
                .isEqualTo(new WriteOutcome.Stale());
        assertThat(store.find(key("e1")).orElseThrow().status()).isEqualTo(RecordStatus.SUCCEEDED);
    }

    @Test
    void shouldExtendLeaseOnRenewal() {
        long token = acquire(key("e1"), SHORT_LEASE).token();

        assertThat(store.renew(key("e1"), token, POLICY)).isEqualTo(new WriteOutcome.Recorded(RecordStatus.PROCESSING));

        ClaimOutcome.InProgress inProgress = (ClaimOutcome.InProgress) store.claim(key("e1"), FP, POLICY);
        assertThat(inProgress.remaining()).isGreaterThan(SHORT);
    }

    @Test
    void shouldReportMismatchForReusedIdWithOtherFingerprint() {
        long token = acquire(key("e1"), POLICY).token();

        assertThat(store.claim(key("e1"), OTHER_FP, POLICY)).isEqualTo(new ClaimOutcome.Mismatch());
        store.complete(key("e1"), token, Completion.succeeded(StoredResponse.empty(200)), POLICY);
        assertThat(store.claim(key("e1"), OTHER_FP, POLICY)).isEqualTo(new ClaimOutcome.Mismatch());
        assertThat(store.find(key("e1")).orElseThrow().fingerprint()).isEqualTo(FP);
    }

    @Test
    void shouldReclaimFailedRecordWithNextAttemptAndKeepPayload() {
        long token = acquire(key("e1"), POLICY).token();

        assertThat(store.fail(key("e1"), token, new Failure(payload("p1"), "HTTP 503"), POLICY))
                .isEqualTo(new WriteOutcome.Recorded(RecordStatus.FAILED));
        EventRecord failed = store.find(key("e1")).orElseThrow();
        assertThat(failed.status()).isEqualTo(RecordStatus.FAILED);
        assertThat(failed.payload()).isEqualTo(payload("p1"));
        assertThat(failed.lastError()).isEqualTo("HTTP 503");

        ClaimOutcome.Acquired again = acquire(key("e1"), POLICY);
        assertThat(again.attempt()).isEqualTo(2);
        assertThat(again.token()).isGreaterThan(token);
    }

    @Test
    void shouldTurnDeadOnLastAllowedFailureWithPayloadAndHeadersKept() {
        IdempotencyPolicy twice = IdempotencyPolicy.from(POLICY).maxAttempts(2).build();
        Payload payload = new Payload(
                "{\"id\":1}".getBytes(StandardCharsets.UTF_8),
                Map.of("Content-Type", List.of("application/json"), "X-Multi", List.of("a", "b")));
        store.fail(key("e1"), acquire(key("e1"), twice).token(), new Failure(payload, "first"), twice);

        WriteOutcome last =
                store.fail(key("e1"), acquire(key("e1"), twice).token(), new Failure(payload, "second"), twice);

        assertThat(last).isEqualTo(new WriteOutcome.Recorded(RecordStatus.DEAD));
        EventRecord dead = store.find(key("e1")).orElseThrow();
        assertThat(dead.status()).isEqualTo(RecordStatus.DEAD);
        assertThat(dead.payload()).isEqualTo(payload);
        assertThat(dead.lastError()).isEqualTo("second");
        assertThat(dead.attempts()).isEqualTo(2);
        assertThat(store.claim(key("e1"), FP, twice)).isEqualTo(new ClaimOutcome.Dead());
    }

    @Test
    void shouldKeepRejectedRecordTerminalAndReplayIt() {
        StoredResponse response =
                StoredResponse.of(422, "application/json", "{\"e\":1}".getBytes(StandardCharsets.UTF_8));
        long token = acquire(key("e1"), POLICY).token();

        assertThat(store.complete(key("e1"), token, Completion.rejected(response, payload("p")), POLICY))
                .isEqualTo(new WriteOutcome.Recorded(RecordStatus.REJECTED));

        assertThat(store.claim(key("e1"), FP, POLICY))
                .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.REJECTED, response));
        assertThat(store.find(key("e1")).orElseThrow().payload()).isEqualTo(payload("p"));
    }

    @Test
    void shouldForgetTerminalRecordAfterRetention() {
        Duration retention = Duration.ofMillis(1500);
        IdempotencyPolicy brief =
                IdempotencyPolicy.from(POLICY).retention(retention).build();
        long token = acquire(key("e1"), brief).token();
        long before = System.nanoTime(); // the store starts the retention after this, when it completes the record
        store.complete(key("e1"), token, Completion.succeeded(StoredResponse.empty(200)), brief);
        boolean found = store.find(key("e1")).isPresent();
        if (Duration.ofNanos(System.nanoTime() - before).compareTo(retention) < 0) {
            assertThat(found).as("found within its retention").isTrue(); // a loaded machine may take longer to ask
        }

        await().atMost(Duration.ofSeconds(10)).until(() -> store.find(key("e1")).isEmpty());

        assertThat(acquire(key("e1"), brief).attempt()).isEqualTo(1);
    }

    @Test
    void shouldListDeadLettersInPagesOldestFirst() {
        for (String id : List.of("d1", "d2", "d3")) {
            killWithFailures(key(id), 1);
        }

        List<String> ids = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            RecordPage page = store.list(ListFilter.deadLetters(endpoint), cursor, 2);
            page.records().forEach(r -> ids.add(r.key().eventId()));
            assertThat(page.records()).allMatch(r -> r.status() == RecordStatus.DEAD && r.payload() != null);
            cursor = page.nextCursor();
            pages++;
        } while (cursor != null && pages < 10);

        assertThat(ids).containsExactly("d1", "d2", "d3");
        assertThat(pages).isGreaterThanOrEqualTo(2);
    }

    @Test
    void shouldCountDeadLettersOfOneEndpoint() {
        killWithFailures(key("d1"), 1);
        killWithFailures(key("d2"), 1);
        store.complete(
                key("r1"),
                acquire(key("r1"), POLICY).token(),
                Completion.rejected(StoredResponse.empty(400), payload("p")),
                POLICY);
        store.fail(key("f1"), acquire(key("f1"), POLICY).token(), new Failure(payload("p"), "x"), POLICY);
        assertThat(store.deadLetterCount(endpoint)).isEqualTo(3);

        store.resolve(key("d1"), OPERATOR_NOTE, POLICY);
        store.requeue(key("r1"), OPERATOR, POLICY);

        assertThat(store.deadLetterCount(endpoint)).isEqualTo(1);
        assertThat(store.deadLetterCount(endpoint + "x")).isZero();
    }

    @Test
    void shouldListRejectedButNotFailedRecordsAsDeadLetters() {
        store.complete(
                key("r1"),
                acquire(key("r1"), POLICY).token(),
                Completion.rejected(StoredResponse.empty(400), payload("p")),
                POLICY);
        store.fail(key("f1"), acquire(key("f1"), POLICY).token(), new Failure(payload("p"), "x"), POLICY);
        acquire(key("p1"), POLICY);

        assertThat(allDeadLetterIds()).containsExactly("r1");
    }

    @Test
    void shouldResolveDeadLetterSoDuplicatesAreAcknowledged() {
        killWithFailures(key("d1"), 1);

        assertThat(store.resolve(key("d1"), OperatorAction.by("ops", "fixed by hand"), POLICY))
                .isEqualTo(AdminOutcome.UPDATED);

        assertThat(store.claim(key("d1"), FP, POLICY))
                .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, StoredResponse.empty(200)));
        assertThat(store.find(key("d1")).orElseThrow().lastError()).isEqualTo("fixed by hand");
        assertThat(allDeadLetterIds()).isEmpty();
    }

    @Test
    void shouldRequeueDeadLetterSoNextDeliveryRunsAgain() {
        killWithFailures(key("d1"), 2);
        long lastToken = store.find(key("d1")).orElseThrow().token();

        assertThat(store.requeue(key("d1"), OPERATOR, POLICY)).isEqualTo(AdminOutcome.UPDATED);

        assertThat(store.find(key("d1")).orElseThrow().status()).isEqualTo(RecordStatus.FAILED);
        assertThat(allDeadLetterIds()).isEmpty();
        ClaimOutcome.Acquired again = acquire(key("d1"), POLICY);
        assertThat(again.attempt()).isEqualTo(1);
        assertThat(again.token()).isGreaterThan(lastToken);
    }

    @Test
    void shouldRefuseOperatorActionsOnMissingOrLiveRecords() {
        acquire(key("p1"), POLICY);

        assertThat(store.resolve(key("p1"), OPERATOR_NOTE, POLICY)).isEqualTo(AdminOutcome.WRONG_STATE);
        assertThat(store.requeue(key("p1"), OPERATOR, POLICY)).isEqualTo(AdminOutcome.WRONG_STATE);
        assertThat(store.resolve(key("none"), OPERATOR_NOTE, POLICY)).isEqualTo(AdminOutcome.NOT_FOUND);
        assertThat(store.requeue(key("none"), OPERATOR, POLICY)).isEqualTo(AdminOutcome.NOT_FOUND);
    }

    @Test
    void shouldKeepBinaryAndNonUtf8BodiesExactly() {
        byte[] bytes = new byte[256];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) i;
        }
        Payload binary = new Payload(bytes, Map.of("X-Weird", List.of("\u00e9t\u00e9")));
        long token = acquire(key("b1"), POLICY).token();

        store.fail(key("b1"), token, new Failure(binary, "bad \u00fc"), POLICY);

        EventRecord failed = store.find(key("b1")).orElseThrow();
        assertThat(failed.payload()).isNotNull();
        assertThat(failed.payload().body()).containsExactly(bytes);
        assertThat(failed.payload().headers()).isEqualTo(binary.headers());
        assertThat(failed.lastError()).isEqualTo("bad \u00fc");
    }

    @Test
    void shouldKeepEventsOfDifferentEndpointsApart() {
        acquire(key("same"), POLICY);

        assertThat(store.claim(EventKey.of(endpoint + "x", "same"), FP, POLICY))
                .isInstanceOf(ClaimOutcome.Acquired.class);
    }

    @Test
    void shouldAcceptLongestAllowedKey() {
        String id = "i".repeat(EventKey.MAX_BYTES - endpoint.length() - 1);

        assertThat(acquire(key(id), POLICY).attempt()).isEqualTo(1);
        assertThat(store.find(key(id))).isPresent();
    }

    @Test
    void shouldFindNothingForUnknownKey() {
        assertThat(store.find(key("unknown"))).isEmpty();
        assertThat(store.list(ListFilter.deadLetters(endpoint), null, 10).records())
                .isEmpty();
    }

    // The claim handle: IdempotencyStore's default complete / fail / renew on a Claim reach the store's own writes.

    @Test
    void shouldCompleteThroughTheClaimHandle() {
        StoredResponse response = StoredResponse.of(200, "application/json", "{}".getBytes(StandardCharsets.UTF_8));
        Claim claim = acquire(key("h1"), POLICY).claim(key("h1"), POLICY);

        assertThat(claim.key()).isEqualTo(key("h1"));
        assertThat(store.complete(claim, Completion.succeeded(response)))
                .isEqualTo(new WriteOutcome.Recorded(RecordStatus.SUCCEEDED));
        assertThat(store.claim(key("h1"), FP, POLICY))
                .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, response));
    }

    @Test
    void shouldFailThroughTheClaimHandleUnderItsPolicy() {
        Claim retryable = acquire(key("h1"), POLICY).claim(key("h1"), POLICY);
        Claim last = acquire(key("h2"), ONE_ATTEMPT).claim(key("h2"), ONE_ATTEMPT);

        assertThat(store.fail(retryable, new Failure(payload("p1"), "boom")))
                .isEqualTo(new WriteOutcome.Recorded(RecordStatus.FAILED));
        assertThat(store.fail(last, new Failure(payload("p2"), "boom")))
                .isEqualTo(new WriteOutcome.Recorded(RecordStatus.DEAD));
        assertThat(record(key("h1")).payload().body()).isEqualTo("p1".getBytes(StandardCharsets.UTF_8));
        assertThat(record(key("h2")).lastError()).isEqualTo("boom");
    }

    @Test
    void shouldRenewThroughTheClaimHandleToItsPolicysLease() {
        long token = acquire(key("h1"), SHORT_LEASE).token();
        Claim claim = new Claim(key("h1"), token, POLICY); // renewed to POLICY's lease, far longer than SHORT

        assertThat(store.renew(claim)).isEqualTo(new WriteOutcome.Recorded(RecordStatus.PROCESSING));

        ClaimOutcome.InProgress inProgress = (ClaimOutcome.InProgress) store.claim(key("h1"), FP, POLICY);
        assertThat(inProgress.remaining()).isGreaterThan(SHORT);
    }

    @Test
    void shouldRefuseEveryWriteThroughAStaleClaimHandle() {
        Claim stale = acquire(key("h1"), SHORT_LEASE).claim(key("h1"), SHORT_LEASE);
        Claim current = awaitAcquired(key("h1"), SHORT_LEASE).claim(key("h1"), SHORT_LEASE);

        assertThat(store.renew(stale)).isEqualTo(new WriteOutcome.Stale());
        assertThat(store.fail(stale, new Failure(payload("p"), "late"))).isEqualTo(new WriteOutcome.Stale());
        assertThat(store.complete(stale, Completion.succeeded(StoredResponse.empty(200))))
                .isEqualTo(new WriteOutcome.Stale());
        assertThat(store.complete(current, Completion.succeeded(StoredResponse.empty(202))))
                .isEqualTo(new WriteOutcome.Recorded(RecordStatus.SUCCEEDED));
        assertThat(current.token()).isGreaterThan(stale.token());
    }
}
