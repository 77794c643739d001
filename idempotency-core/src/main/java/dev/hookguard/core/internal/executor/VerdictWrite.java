package dev.hookguard.core.internal.executor;

import dev.hookguard.core.Claim;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.executor.Verdict;
import dev.hookguard.core.internal.UnrecordableVerdictException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One fenced verdict write (DESIGN.md §1, rule 4). It is tried at once, and once more if it failed quickly (a
 * dropped connection, not a timeout, so that the caller waits about one store timeout at most); if the store still
 * cannot be reached, the caller gets {@link Verdict#UNRECORDED} (and answers 503), while the same write is retried in the
 * background, with a doubling pause, until the lease ends: a redelivery then finds the verdict instead of
 * running the handler again. A write refused as stale after an attempt whose reply was lost is checked against
 * the record: if the record holds this token's verdict, the lost attempt landed and the write counts as ours.
 */
public final class VerdictWrite {

    private static final Logger log = LoggerFactory.getLogger(VerdictWrite.class);
    private static final Duration FIRST_PAUSE = Duration.ofMillis(100);
    private static final Duration LONGEST_PAUSE = Duration.ofSeconds(2);
    /** A failure faster than this (a dropped connection) is tried again at once; a slower one (a timeout) is not. */
    private static final Duration QUICK_FAILURE = Duration.ofMillis(100);

    private static final Set<RecordStatus> VERDICTS =
            EnumSet.of(RecordStatus.SUCCEEDED, RecordStatus.REJECTED, RecordStatus.FAILED, RecordStatus.DEAD);

    private final IdempotencyStore store;
    private final EventKey key;
    private final long token;
    private final Supplier<WriteOutcome> write;
    private final LeaseRenewals background;
    private final LongSupplier leaseEndsNanos;
    private boolean attemptFailed;

    public VerdictWrite(
            IdempotencyStore store,
            Claim claim,
            Supplier<WriteOutcome> write,
            LeaseRenewals background,
            LongSupplier leaseEndsNanos) {
        this.store = store;
        this.key = claim.key();
        this.token = claim.token();
        this.write = write;
        this.background = background;
        this.leaseEndsNanos = leaseEndsNanos;
    }

    /** The outcome of the write, or empty if it is left to the background retries. */
    public Optional<WriteOutcome> now() {
        for (int attempt = 1; attempt <= 2; attempt++) {
            long started = System.nanoTime();
            try {
                return Optional.of(attempt());
            } catch (UnrecordableVerdictException e) {
                log.warn("The verdict of {} was rolled back with its handler's writes; it runs again later", key);
                return Optional.empty();
            } catch (StoreUnavailableException e) {
                if (attempt == 2 || System.nanoTime() - started > QUICK_FAILURE.toNanos()) {
                    log.warn(
                            "Could not record the verdict of {} (token {}); retrying until its lease ends: {}",
                            key,
                            token,
                            e.getMessage());
                    break;
                }
            }
        }
        background.after(FIRST_PAUSE, () -> retry(FIRST_PAUSE));
        return Optional.empty();
    }

    private void retry(Duration pause) {
        try {
            WriteOutcome outcome = attempt();
            if (outcome instanceof WriteOutcome.Recorded recorded) {
                log.info("Recorded the verdict of {} (token {}) after an outage: {}", key, token, recorded.status());
            } else {
                log.warn("The lease on {} (token {}) was taken over before its verdict could be recorded", key, token);
            }
        } catch (StoreUnavailableException e) {
            Duration next = pause.multipliedBy(2).compareTo(LONGEST_PAUSE) > 0 ? LONGEST_PAUSE : pause.multipliedBy(2);
            if (System.nanoTime() + next.toNanos() - leaseEndsNanos.getAsLong() >= 0) {
                log.error(
                        "Gave up recording the verdict of {} (token {}): its lease ended; a redelivery runs it again",
                        key,
                        token);
            } else {
                background.after(next, () -> retry(next));
            }
        }
    }

    /** One try; a stale answer after a failed try is checked for a lost reply. */
    private WriteOutcome attempt() {
        WriteOutcome outcome;
        try {
            outcome = write.get();
        } catch (StoreUnavailableException e) {
            attemptFailed = true;
            throw e;
        }
        if (outcome instanceof WriteOutcome.Stale && attemptFailed) {
            return landedEarlier().orElse(outcome);
        }
        return outcome;
    }

    private Optional<WriteOutcome> landedEarlier() {
        Optional<EventRecord> record = store.find(key);
        if (record.isPresent()
                && record.get().token() == token
                && VERDICTS.contains(record.get().status())) {
            log.info("The verdict of {} (token {}) had been recorded; only the reply was lost", key, token);
            return Optional.of(new WriteOutcome.Recorded(record.get().status()));
        }
        return Optional.empty();
    }
}
