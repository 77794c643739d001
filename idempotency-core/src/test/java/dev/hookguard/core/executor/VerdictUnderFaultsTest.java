package dev.hookguard.core.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.internal.executor.InFlight;
import dev.hookguard.core.memory.InMemoryStore;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Rule 4 of DESIGN.md §1 in the executor: a verdict the store cannot take now is reported, and lands later. */
class VerdictUnderFaultsTest {

    private static final EventKey KEY = EventKey.of("stripe", "evt_fault");
    private static final Payload PAYLOAD = Payload.of("{}".getBytes(StandardCharsets.UTF_8));
    private static final Fingerprint FP = Fingerprint.of(PAYLOAD.body());
    private static final IdempotencyPolicy POLICY = IdempotencyPolicy.ofDefaults();

    private final InMemoryStore real = new InMemoryStore();
    private final FaultyStore faulty = new FaultyStore(real);
    private final IdempotentExecutor executor = new IdempotentExecutor(faulty.store());

    @AfterEach
    void close() {
        executor.close();
    }

    @Test
    void shouldReportUnrecordedAndRecordTheVerdictOnceTheStoreIsBack() {
        InFlight inFlight = (InFlight) executor.begin(KEY, FP, PAYLOAD, POLICY);
        faulty.down(true);

        Verdict verdict = inFlight.finish(StoredResponse.empty(200));
        faulty.down(false);

        assertThat(verdict).isEqualTo(Verdict.UNRECORDED);
        await().atMost(Duration.ofSeconds(10))
                .untilAsserted(
                        () -> assertThat(real.find(KEY).orElseThrow().status()).isEqualTo(RecordStatus.SUCCEEDED));
    }

    @Test
    void shouldRecogniseAVerdictWhoseReplyWasLostAsItsOwn() {
        InFlight inFlight = (InFlight) executor.begin(KEY, FP, PAYLOAD, POLICY);
        faulty.loseReplies(1);

        Verdict verdict = inFlight.finish(StoredResponse.empty(200));

        assertThat(verdict).isEqualTo(Verdict.PROCESSED);
        assertThat(real.find(KEY).orElseThrow().status()).isEqualTo(RecordStatus.SUCCEEDED);
    }

    @Test
    void shouldLeaveNoRenewalQueuedOnceAttemptsAreFinished() {
        for (int i = 0; i < 20_000; i++) {
            InFlight inFlight = (InFlight) executor.begin(EventKey.of("stripe", "evt_" + i), FP, PAYLOAD, POLICY);
            inFlight.finish(StoredResponse.empty(200));
        }

        assertThat(executor.pendingBackgroundTasks()).isZero();
    }
}
