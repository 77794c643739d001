package dev.hookguard.core.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.MutableClock;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.internal.executor.InFlight;
import dev.hookguard.core.memory.InMemoryStore;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IdempotentExecutorTest {

    private static final EventKey KEY = EventKey.of("stripe", "evt_1");
    private static final Payload PAYLOAD = Payload.of("{\"id\":\"evt_1\"}".getBytes(StandardCharsets.UTF_8));
    private static final Fingerprint FP = Fingerprint.of(PAYLOAD.body());
    private static final IdempotencyPolicy POLICY = IdempotencyPolicy.ofDefaults();

    private final InMemoryStore store = new InMemoryStore();
    private final IdempotentExecutor executor = new IdempotentExecutor(store);

    @AfterEach
    void close() {
        executor.close();
    }

    @Test
    void shouldRunHandlerOnceAndReplayToDuplicates() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        WebhookHandler handler = () -> {
            runs.incrementAndGet();
            return StoredResponse.of(200, "text/plain", "ok".getBytes(StandardCharsets.UTF_8));
        };

        Execution first = executor.execute(KEY, FP, PAYLOAD, POLICY, handler);
        Execution second = executor.execute(KEY, FP, PAYLOAD, POLICY, handler);

        assertThat(first)
                .isInstanceOfSatisfying(
                        Execution.Handled.class, h -> assertThat(h.verdict()).isEqualTo(Verdict.PROCESSED));
        assertThat(second)
                .isEqualTo(new Execution.NotRun(new ClaimOutcome.Duplicate(
                        RecordStatus.SUCCEEDED,
                        StoredResponse.of(200, "text/plain", "ok".getBytes(StandardCharsets.UTF_8)))));
        assertThat(runs).hasValue(1);
    }

    @Test
    void shouldRecordThrowingHandlerAsFailedAndRethrow() {
        IllegalStateException boom = new IllegalStateException("boom");

        assertThatThrownBy(() -> executor.execute(KEY, FP, PAYLOAD, POLICY, () -> {
                    throw boom;
                }))
                .isSameAs(boom);

        EventRecord record = store.find(KEY).orElseThrow();
        assertThat(record.status()).isEqualTo(RecordStatus.FAILED);
        assertThat(record.lastError()).isEqualTo("java.lang.IllegalStateException: boom");
        assertThat(record.payload()).isEqualTo(PAYLOAD);
    }

    @Test
    void shouldRecordEachClassOfResult() throws Exception {
        assertThat(verdictFor("ok", 201)).isEqualTo(Verdict.PROCESSED);
        assertThat(verdictFor("bad", 422)).isEqualTo(Verdict.REJECTED);
        assertThat(verdictFor("later", 429)).isEqualTo(Verdict.FAILED);
        assertThat(verdictFor("down", 503)).isEqualTo(Verdict.FAILED);
        assertThat(store.find(EventKey.of("stripe", "bad")).orElseThrow().status())
                .isEqualTo(RecordStatus.REJECTED);
    }

    @Test
    void shouldDeadLetterOnLastAllowedAttempt() throws Exception {
        IdempotencyPolicy twice = IdempotencyPolicy.custom().maxAttempts(2).build();
        WebhookHandler failing = () -> StoredResponse.empty(500);

        Execution first = executor.execute(KEY, FP, PAYLOAD, twice, failing);
        Execution second = executor.execute(KEY, FP, PAYLOAD, twice, failing);
        Execution third = executor.execute(KEY, FP, PAYLOAD, twice, failing);

        assertThat(((Execution.Handled) first).verdict()).isEqualTo(Verdict.FAILED);
        assertThat(((Execution.Handled) second).verdict()).isEqualTo(Verdict.DEAD_LETTERED);
        assertThat(third).isEqualTo(new Execution.NotRun(new ClaimOutcome.Dead()));
    }

    @Test
    void shouldStoreResponseOverCapWithoutBodyButReturnItWhole() throws Exception {
        IdempotencyPolicy capped = IdempotencyPolicy.custom().responseBodyCap(4).build();
        StoredResponse big = StoredResponse.of(200, "text/plain", "12345".getBytes(StandardCharsets.UTF_8));

        Execution handled = executor.execute(KEY, FP, PAYLOAD, capped, () -> big);

        assertThat(((Execution.Handled) handled).response()).isEqualTo(big);
        assertThat(store.find(KEY).orElseThrow().response()).isEqualTo(big.capped(4));
    }

    @ParameterizedTest(name = "lease {0} ms")
    @ValueSource(longs = {300, 900}) // a timer task of its own; the shared ticker (a third of it is 200 ms or more)
    void shouldKeepLeaseThroughRenewalWhileSecondCallerIsRefused(long leaseMillis) throws Exception {
        IdempotencyPolicy shortLease =
                IdempotencyPolicy.custom().lease(Duration.ofMillis(leaseMillis)).build();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Execution> slow = CompletableFuture.supplyAsync(() -> {
            try {
                return executor.execute(KEY, FP, PAYLOAD, shortLease, () -> {
                    started.countDown();
                    release.await();
                    return StoredResponse.empty(200);
                });
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        started.await();
        Instant firstLeaseEnd = store.find(KEY).orElseThrow().leaseUntil();

        await().atMost(Duration.ofSeconds(10))
                .until(() -> Instant.now().isAfter(firstLeaseEnd.plusMillis(leaseMillis)));

        assertThat(store.find(KEY).orElseThrow().leaseUntil()).isAfter(firstLeaseEnd.plusMillis(leaseMillis));
        assertThat(executor.execute(KEY, FP, PAYLOAD, shortLease, () -> StoredResponse.empty(200)))
                .isInstanceOfSatisfying(
                        Execution.NotRun.class,
                        n -> assertThat(n.outcome()).isInstanceOf(ClaimOutcome.InProgress.class));
        release.countDown();
        assertThat(((Execution.Handled) slow.get()).verdict()).isEqualTo(Verdict.PROCESSED);
    }

    @Test
    void shouldNotRecordVerdictOfHandlerWhoseLeaseWasStolen() throws Exception {
        MutableClock clock = new MutableClock();
        InMemoryStore timed = new InMemoryStore(clock);
        try (IdempotentExecutor slowWorker = new IdempotentExecutor(timed)) {
            AtomicLong thief = new AtomicLong();
            AtomicLong first = new AtomicLong();

            Execution stale = slowWorker.execute(KEY, FP, PAYLOAD, POLICY, () -> {
                first.set(timed.find(KEY).orElseThrow().token());
                clock.advance(POLICY.lease().plusSeconds(1));
                ClaimOutcome.Acquired taken = (ClaimOutcome.Acquired) timed.claim(KEY, FP, POLICY);
                thief.set(taken.token());
                return StoredResponse.empty(200);
            });

            assertThat(((Execution.Handled) stale).verdict()).isEqualTo(Verdict.STALE);
            EventRecord record = timed.find(KEY).orElseThrow();
            assertThat(record.status()).isEqualTo(RecordStatus.PROCESSING);
            assertThat(record.token()).isEqualTo(thief.get()).isGreaterThan(first.get());
        }
    }

    @Test
    void shouldRefuseToFinishAnAttemptTwice() {
        InFlight inFlight = (InFlight) executor.begin(KEY, FP, PAYLOAD, POLICY);
        inFlight.finish(StoredResponse.empty(200));

        assertThatIllegalStateException()
                .isThrownBy(() -> inFlight.fail(new RuntimeException("late")))
                .withMessageContaining("already finished");
    }

    @Test
    void shouldPutARetryableFailureWithARetryDelayInTheDueQueue() {
        EventKey failing = EventKey.of("stripe", "evt_status");
        EventKey throwing = EventKey.of("stripe", "evt_throw");

        Verdict byStatus = ((InFlight) executor.begin(failing, FP, PAYLOAD, POLICY))
                .finish(StoredResponse.empty(503), Duration.ofMinutes(5));
        Verdict byException = ((InFlight) executor.begin(throwing, FP, PAYLOAD, POLICY))
                .fail(new IllegalStateException("boom"), Duration.ofMinutes(5));

        assertThat(byStatus).isEqualTo(Verdict.FAILED);
        assertThat(byException).isEqualTo(Verdict.FAILED);
        EventRecord record = store.find(failing).orElseThrow();
        assertThat(Duration.between(record.updatedAt(), record.nextAttemptAt())).isEqualTo(Duration.ofMinutes(5));
        assertThat(store.find(throwing).orElseThrow().nextAttemptAt()).isNotNull();
        assertThat(store.stats("stripe").depth()).isEqualTo(2);
    }

    @Test
    void shouldIgnoreTheRetryDelayOfASuccessAndKeepAFailureWithoutOneOutOfTheDueQueue() {
        EventKey ok = EventKey.of("stripe", "evt_ok");
        EventKey failing = EventKey.of("stripe", "evt_sender");

        ((InFlight) executor.begin(ok, FP, PAYLOAD, POLICY)).finish(StoredResponse.empty(200), Duration.ofMinutes(5));
        ((InFlight) executor.begin(failing, FP, PAYLOAD, POLICY)).finish(StoredResponse.empty(500), null);

        assertThat(store.find(ok).orElseThrow().nextAttemptAt()).isNull();
        assertThat(store.find(failing).orElseThrow().nextAttemptAt()).isNull();
        assertThat(store.stats("stripe").depth()).isZero();
    }

    private Verdict verdictFor(String id, int status) throws Exception {
        Execution e =
                executor.execute(EventKey.of("stripe", id), FP, PAYLOAD, POLICY, () -> StoredResponse.empty(status));
        return ((Execution.Handled) e).verdict();
    }
}
