package dev.hookguard.core.memory;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.Attempt;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Completion;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.MutableClock;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.WriteOutcome;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A settled success is kept compact (its fields in the entry, the fingerprint as numbers): what is read back is the
 * record as written, to the nanosecond and to the last hex digit, and claims and enqueues answer from it as before.
 */
class CompactEntryTest {

    private static final IdempotencyPolicy POLICY = IdempotencyPolicy.custom()
            .lease(Duration.ofSeconds(30))
            .retention(Duration.ofMinutes(1))
            .attemptLog(3)
            .build();

    private final MutableClock clock = new MutableClock();
    private final InMemoryStore store = new InMemoryStore(clock);

    @ParameterizedTest
    @ValueSource(
            strings = {
                "0000000000000000000000000000000000000000000000000000000000000001",
                "ffffffffffffffff8000000000000000000000000000000000000000000000ff",
                "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
            })
    void shouldReadBackTheRecordAsWrittenAndAnswerDuplicatesFromIt(String hex) {
        Fingerprint fingerprint = new Fingerprint(hex);
        EventKey key = EventKey.of("compact", "evt-" + hex.substring(60));
        clock.advance(Duration.ofNanos(123_456_789)); // times with nanoseconds
        ClaimOutcome.Acquired acquired = (ClaimOutcome.Acquired) store.claim(key, fingerprint, POLICY);
        EventRecord claimed = store.find(key).orElseThrow();
        clock.advance(Duration.ofMillis(7).plusNanos(1));
        Instant completedAt = clock.instant();
        StoredResponse response =
                StoredResponse.of(200, "application/json", "{\"ok\":true}".getBytes(StandardCharsets.UTF_8));
        Attempt attempt = new Attempt(
                completedAt, Duration.ofMillis(7), Attempt.Source.SENDER, 200, null, null, null, null, null);

        store.complete(key, acquired.token(), Completion.succeeded(response).withAttempt(attempt), POLICY);
        EventRecord settled = store.find(key).orElseThrow();

        assertThat(settled)
                .isEqualTo(new EventRecord(
                        key,
                        RecordStatus.SUCCEEDED,
                        fingerprint,
                        acquired.token(),
                        1,
                        null,
                        response,
                        null,
                        null,
                        claimed.createdAt(),
                        completedAt,
                        null,
                        null,
                        List.of(),
                        List.of(attempt)));
        assertThat(store.claim(key, fingerprint, POLICY))
                .isEqualTo(new ClaimOutcome.Duplicate(RecordStatus.SUCCEEDED, response));
        assertThat(store.enqueue(key, fingerprint, new Payload(new byte[] {1}, Map.of()), POLICY))
                .isEqualTo(new EnqueueOutcome.Duplicate(RecordStatus.SUCCEEDED, response));
        String other = hex.substring(0, 63) + (hex.charAt(63) == '0' ? '1' : '0'); // the last digit differs
        assertThat(store.claim(key, new Fingerprint(other), POLICY)).isInstanceOf(ClaimOutcome.Mismatch.class);
        String first = (hex.charAt(0) == '0' ? '1' : '0') + hex.substring(1); // the first digit differs
        assertThat(store.claim(key, new Fingerprint(first), POLICY)).isInstanceOf(ClaimOutcome.Mismatch.class);
        assertThat(store.complete(key, acquired.token(), Completion.succeeded(response), POLICY))
                .isInstanceOf(WriteOutcome.Stale.class); // settled: no second verdict

        clock.advance(Duration.ofMinutes(1)); // the retention counts from the completion, to the nanosecond
        assertThat(store.find(key)).isEmpty();
    }
}
