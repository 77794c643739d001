package dev.hookguard.jdbc.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.jdbc.internal.sql.ClaimRow;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

/** Each row a claim may read maps to the outcome of DESIGN.md §3, judged at the database's time. */
class ClaimDecisionTest {

    private static final Instant NOW = Instant.parse("2025-01-01T00:00:00.500Z");
    private static final Fingerprint FP = Fingerprint.of("a".getBytes(StandardCharsets.UTF_8));
    private static final Fingerprint OTHER = Fingerprint.of("b".getBytes(StandardCharsets.UTF_8));
    private static final long NOW_US = NOW.toEpochMilli() * 1000;
    private static final StoredResponse RESPONSE = StoredResponse.empty(201);

    @Test
    void shouldInsertWhenThereIsNoRow() {
        assertThat(ClaimDecision.of(null, FP, NOW, NOW_US)).isEqualTo(new ClaimDecision.Missing());
    }

    @Test
    void shouldStartAfreshWithTokenOfDatabaseTimeWhenRowIsPastRetentionWhateverItHolds() {
        ClaimRow expired = row(RecordStatus.DEAD, OTHER, null, NOW);

        assertThat(ClaimDecision.of(expired, FP, NOW, NOW_US))
                .isEqualTo(new ClaimDecision.TakeOver(new ClaimOutcome.Acquired(NOW_US, 1), 7, true));
    }

    @Test
    void shouldRaiseTokenByOneWhenItIsAheadOfDatabaseTime() {
        assertThat(ClaimDecision.of(row(RecordStatus.FAILED, FP, null, later()), FP, NOW, 5))
                .isEqualTo(new ClaimDecision.TakeOver(new ClaimOutcome.Acquired(8, 4), 7, false));
    }

    @Test
    void shouldKeepRowInDueQueueAlivePastItsExpiry() {
        ClaimRow failed = row(RecordStatus.FAILED, FP, null, NOW);
        ClaimRow queued = new ClaimRow(failed.status(), FP, failed.token(), failed.attempts(), null, NOW, NOW, null);

        assertThat(ClaimDecision.of(queued, FP, NOW, NOW_US))
                .isEqualTo(new ClaimDecision.TakeOver(new ClaimOutcome.Acquired(NOW_US, 4), 7, false));
    }

    @Test
    void shouldReportMismatchForOtherFingerprintOnLiveRow() {
        assertThat(ClaimDecision.of(row(RecordStatus.FAILED, OTHER, null, later()), FP, NOW, NOW_US))
                .isEqualTo(new ClaimDecision.Report(new ClaimOutcome.Mismatch()));
    }

    @Test
    void shouldReportInProgressWithRemainingLeaseWhileLeaseIsLive() {
        ClaimRow held = row(RecordStatus.PROCESSING, FP, NOW.plusMillis(250), later());

        assertThat(ClaimDecision.of(held, FP, NOW, NOW_US))
                .isEqualTo(new ClaimDecision.Report(new ClaimOutcome.InProgress(Duration.ofMillis(250))));
    }

    @Test
    void shouldReclaimWithNextTokenAndAttemptWhenLeaseEndedOrRowFailed() {
        ClaimDecision reclaim = new ClaimDecision.TakeOver(new ClaimOutcome.Acquired(NOW_US, 4), 7, false);

        assertThat(ClaimDecision.of(row(RecordStatus.PROCESSING, FP, NOW, later()), FP, NOW, NOW_US))
                .isEqualTo(reclaim);
        assertThat(ClaimDecision.of(row(RecordStatus.FAILED, FP, null, later()), FP, NOW, NOW_US))
                .isEqualTo(reclaim);
    }

    @Test
    void shouldReportDuplicateOfFinishedRowAndDeadForDeadLetter() {
        assertThat(ClaimDecision.of(row(RecordStatus.SUCCEEDED, FP, null, later()), FP, NOW, NOW_US))
                .isEqualTo(new ClaimDecision.Report(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, RESPONSE)));
        assertThat(ClaimDecision.of(row(RecordStatus.REJECTED, FP, null, later()), FP, NOW, NOW_US))
                .isEqualTo(new ClaimDecision.Report(new ClaimOutcome.Duplicate(RecordStatus.REJECTED, RESPONSE)));
        assertThat(ClaimDecision.of(row(RecordStatus.DEAD, FP, null, later()), FP, NOW, NOW_US))
                .isEqualTo(new ClaimDecision.Report(new ClaimOutcome.Dead()));
    }

    private static Instant later() {
        return NOW.plusSeconds(60);
    }

    private static ClaimRow row(
            RecordStatus status, Fingerprint fingerprint, @Nullable Instant leaseUntil, Instant expiresAt) {
        boolean finished = status == RecordStatus.SUCCEEDED || status == RecordStatus.REJECTED;
        return new ClaimRow(status, fingerprint, 7, 3, leaseUntil, expiresAt, null, finished ? RESPONSE : null);
    }
}
