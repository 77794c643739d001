package dev.hookguard.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.Attempt;
import dev.hookguard.core.Completion;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.Failure;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The attempt log's contract (DESIGN.md §8): each verdict's {@link Attempt} is kept with the record, oldest first,
 * every field as written (times to the millisecond), the newest {@link IdempotencyPolicy#attemptLog()} of them kept
 * (a store bounded by characters, the JDBC store, may keep more, never fewer); a verdict without an attempt leaves
 * the log as it is; a log of 0 keeps none. Part of {@link StoreContractTest}.
 */
public abstract class AttemptLogContract extends ContractSupport {

    private static final IdempotencyPolicy TWO_LOGGED =
            IdempotencyPolicy.from(POLICY).maxAttempts(5).attemptLog(2).build();

    @Test
    void shouldKeepEveryFieldOfAnAttemptWithTheRecord() {
        EventKey key = key("a1");
        Attempt threw = threw(1, new IllegalStateException("ledger is down: naïve café ✓ \"quoted\"\tand tab"));

        store.fail(
                key,
                acquire(key, POLICY).token(),
                new Failure(payload("p"), "boom", ErrorClass.EXCEPTION).withAttempt(threw),
                POLICY);

        Attempt kept = record(key).attemptLog().get(0);
        assertThat(kept).isEqualTo(threw);
        assertThat(kept.stackTrace()).contains("\tat ", AttemptLogContract.class.getName());
    }

    @Test
    void shouldKeepTheNewestAttemptsOldestFirst() {
        EventKey key = key("a2");
        for (int i = 1; i <= 3; i++) {
            store.fail(
                    key,
                    acquire(key, TWO_LOGGED).token(),
                    new Failure(payload("p"), "boom " + i, ErrorClass.TIMEOUT)
                            .withAttempt(threw(i, new RuntimeException("boom " + i))),
                    TWO_LOGGED);
        }
        Attempt success =
                Attempt.answered(at(4), Duration.ofMillis(40), Attempt.Source.RECEIVER_RETRY, 200, null, null);
        store.complete(
                key,
                acquire(key, TWO_LOGGED).token(),
                Completion.succeeded(StoredResponse.empty(200)).withAttempt(success),
                TWO_LOGGED);

        List<Attempt> log = record(key).attemptLog();
        assertThat(record(key).status()).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(log).hasSizeBetween(2, 4);
        assertThat(log.subList(log.size() - 2, log.size()))
                .extracting(Attempt::message, Attempt::httpStatus)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("boom 3", 0),
                        org.assertj.core.groups.Tuple.tuple(null, 200));
    }

    @Test
    void shouldLeaveTheLogAsItIsForAVerdictWithoutAnAttempt() {
        EventKey key = key("a3");
        store.fail(
                key,
                acquire(key, POLICY).token(),
                new Failure(payload("p"), "boom", ErrorClass.TIMEOUT).withAttempt(threw(1, new RuntimeException("x"))),
                POLICY);

        store.fail(key, acquire(key, POLICY).token(), new Failure(payload("p"), "given back"), POLICY);

        assertThat(record(key).attemptLog()).extracting(Attempt::message).containsExactly("x");
    }

    @Test
    void shouldKeepNoAttemptWithALogOfZero() {
        EventKey key = key("a4");
        IdempotencyPolicy none = IdempotencyPolicy.from(POLICY).attemptLog(0).build();

        store.fail(
                key,
                acquire(key, none).token(),
                new Failure(payload("p"), "boom", ErrorClass.TIMEOUT).withAttempt(threw(1, new RuntimeException("x"))),
                none);

        assertThat(record(key).attemptLog()).isEmpty();
    }

    private static Instant at(int n) {
        return Instant.parse("2026-01-31T12:00:00Z").plusSeconds(n).truncatedTo(ChronoUnit.MILLIS);
    }

    private static Attempt threw(int n, Exception error) {
        Exception thrown;
        try {
            throw error;
        } catch (Exception e) {
            thrown = e;
        }
        return Attempt.threw(
                at(n),
                Duration.ofMillis(10L * n),
                Attempt.Source.SENDER,
                thrown,
                ErrorClass.EXCEPTION,
                Duration.ofSeconds(n));
    }
}
