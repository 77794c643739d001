package dev.hookguard.core.operator;

import dev.hookguard.core.EventRecord;
import dev.hookguard.core.RecordStatus;
import java.time.Duration;
import java.time.Instant;

/** Which records an operator listing shows ({@link ListFilter#listings()}); a filter takes the union. */
public enum Listing {
    /** DEAD records. */
    DEAD,
    /** REJECTED records. */
    REJECTED,
    /** FAILED records, whether or not they are in the due queue. */
    FAILED,
    /** QUEUED records. */
    QUEUED,
    /**
     * Records nobody is going to move on their own: PROCESSING past their lease, or FAILED and not in the due
     * queue with no change for {@link ListFilter#stalledAfter()} (store time).
     */
    STALLED;

    /** True when a record in this state belongs to this listing at the store's {@code now}. */
    public boolean holds(EventRecord record, Instant now, Duration stalledAfter) {
        return switch (this) {
            case DEAD -> record.status() == RecordStatus.DEAD;
            case REJECTED -> record.status() == RecordStatus.REJECTED;
            case FAILED -> record.status() == RecordStatus.FAILED;
            case QUEUED -> record.status() == RecordStatus.QUEUED;
            case STALLED -> isStalled(record, now, stalledAfter);
        };
    }

    private static boolean isStalled(EventRecord record, Instant now, Duration stalledAfter) {
        if (record.status() == RecordStatus.PROCESSING) {
            return record.leaseUntil() != null && !now.isBefore(record.leaseUntil());
        }
        return record.status() == RecordStatus.FAILED
                && record.nextAttemptAt() == null
                && !record.updatedAt().isAfter(now.minus(stalledAfter));
    }
}
