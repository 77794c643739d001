package dev.hookguard.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Failure;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.operator.OperatorStore.RecordPage;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;

/**
 * What every part of the store contract shares: the store under test, a fresh endpoint per test, policies,
 * and helpers that drive records into each state through the SPI only. Store modules extend {@link
 * StoreContractTest}, never this class.
 */
public abstract class ContractSupport {

    /** A lease short enough to wait out, long enough that a test step finishes inside it. */
    protected static final Duration SHORT = Duration.ofMillis(400);

    /** How long a test waits for something the store's clock must bring about. */
    protected static final Duration PATIENCE = Duration.ofSeconds(10);

    protected static final IdempotencyPolicy POLICY = IdempotencyPolicy.custom()
            .retention(Duration.ofMinutes(10))
            .deadRetention(Duration.ofMinutes(10))
            .build();

    protected static final IdempotencyPolicy SHORT_LEASE =
            IdempotencyPolicy.from(POLICY).lease(SHORT).build();

    /** One attempt: the first failure is DEAD. */
    protected static final IdempotencyPolicy ONE_ATTEMPT =
            IdempotencyPolicy.from(POLICY).maxAttempts(1).build();

    protected static final OperatorAction OPERATOR = OperatorAction.by("ops");
    protected static final OperatorAction OPERATOR_NOTE = OperatorAction.by("ops", "note");

    protected static final Fingerprint FP = Fingerprint.of("body".getBytes(StandardCharsets.UTF_8));
    protected static final Fingerprint OTHER_FP = Fingerprint.of("other".getBytes(StandardCharsets.UTF_8));

    protected RecoveryStore store;
    protected String endpoint;

    /** The store under test; called before each test. */
    protected abstract RecoveryStore createStore();

    @BeforeEach
    void setUpStore() {
        store = createStore();
        endpoint = "t" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }

    protected EventKey key(String id) {
        return EventKey.of(endpoint, id);
    }

    protected static Payload payload(String body) {
        return new Payload(body.getBytes(StandardCharsets.UTF_8), Map.of("webhook-id", List.of("x")));
    }

    protected ClaimOutcome.Acquired acquire(EventKey key, IdempotencyPolicy policy) {
        ClaimOutcome outcome = store.claim(key, FP, policy);
        assertThat(outcome).isInstanceOf(ClaimOutcome.Acquired.class);
        return (ClaimOutcome.Acquired) outcome;
    }

    protected ClaimOutcome.Acquired awaitAcquired(EventKey key, IdempotencyPolicy policy) {
        return (ClaimOutcome.Acquired) await().atMost(PATIENCE)
                .pollInterval(Duration.ofMillis(50))
                .until(() -> store.claim(key, FP, policy), o -> o instanceof ClaimOutcome.Acquired);
    }

    protected EventRecord record(EventKey key) {
        return store.find(key).orElseThrow(() -> new AssertionError("no record of " + key));
    }

    /** Claims and fails the event {@code maxAttempts} times, so that it ends DEAD. */
    protected void killWithFailures(EventKey key, int maxAttempts) {
        IdempotencyPolicy policy =
                IdempotencyPolicy.from(POLICY).maxAttempts(maxAttempts).build();
        for (int i = 0; i < maxAttempts; i++) {
            store.fail(key, acquire(key, policy).token(), new Failure(payload("p"), "boom " + i), policy);
        }
        assertThat(record(key).status()).isEqualTo(RecordStatus.DEAD);
    }

    /** A DEAD record of this error class, after one attempt. */
    protected void dead(EventKey key, ErrorClass errorClass) {
        store.fail(
                key,
                acquire(key, ONE_ATTEMPT).token(),
                new Failure(payload("p " + key.eventId()), "died of " + errorClass.code(), errorClass),
                ONE_ATTEMPT);
    }

    /** A FAILED record that the sender retries (not in the due queue). */
    protected void failed(EventKey key, ErrorClass errorClass) {
        store.fail(
                key,
                acquire(key, POLICY).token(),
                new Failure(payload("p " + key.eventId()), "failed with " + errorClass.code(), errorClass),
                POLICY);
    }

    /** A FAILED record that the receiver retries, due after {@code retryIn}. */
    protected void failedDueIn(EventKey key, Duration retryIn) {
        store.fail(
                key,
                acquire(key, POLICY).token(),
                new Failure(payload("p " + key.eventId()), "retry", ErrorClass.SERVER_ERROR, retryIn),
                POLICY);
    }

    /** A REJECTED record of this error class. */
    protected void rejected(EventKey key, ErrorClass errorClass) {
        store.complete(
                key,
                acquire(key, POLICY).token(),
                Completion.rejected(StoredResponse.empty(400), payload("p " + key.eventId()), errorClass),
                POLICY);
    }

    /** A SUCCEEDED record. */
    protected void succeeded(EventKey key) {
        store.complete(key, acquire(key, POLICY).token(), Completion.succeeded(StoredResponse.empty(200)), POLICY);
    }

    /** A QUEUED record, due now. */
    protected void queued(EventKey key) {
        assertThat(store.enqueue(key, FP, payload("q " + key.eventId()), POLICY))
                .isEqualTo(new EnqueueOutcome.Queued());
    }

    /** The event ids of every record the filter selects, walking all pages. */
    protected List<String> listIds(ListFilter filter) {
        return listAll(filter).stream().map(r -> r.key().eventId()).toList();
    }

    /** Every record the filter selects, walking all pages. */
    protected List<EventRecord> listAll(ListFilter filter) {
        List<EventRecord> records = new ArrayList<>();
        @Nullable String cursor = null;
        int pages = 0;
        do {
            RecordPage page = store.list(filter, cursor, 100);
            records.addAll(page.records());
            cursor = page.nextCursor();
            assertThat(++pages).as("pages of one listing").isLessThan(10_000);
        } while (cursor != null);
        return records;
    }

    /** The endpoint's dead letters (DEAD and REJECTED). */
    protected List<String> allDeadLetterIds() {
        return listIds(ListFilter.deadLetters(endpoint));
    }

    /** A filter on this test's endpoint. */
    protected ListFilter.Builder filter() {
        return ListFilter.forEndpoint(endpoint);
    }
}
