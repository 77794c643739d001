package dev.hookguard.servlet.internal.archive;

import dev.hookguard.core.Completion;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.ForwardingRecoveryStore;
import dev.hookguard.core.IdempotencyPolicy;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.WriteOutcome;

/**
 * Holds REJECTED records like DEAD ones while archiving is on: the store completes a rejection with {@link
 * ArchiveHold#HOLD} as its retention, so a REJECTED record, a dead letter too, never expires before the archiver has
 * it on disk; the archiver deletes it once past the endpoint's dead retention. Every other call is the store's own.
 */
final class RejectedHold extends ForwardingRecoveryStore {

    RejectedHold(RecoveryStore store) {
        super(store);
    }

    @Override
    public WriteOutcome complete(EventKey key, long token, Completion completion, IdempotencyPolicy policy) {
        IdempotencyPolicy kept = completion.status() == RecordStatus.REJECTED
                ? IdempotencyPolicy.from(policy).retention(ArchiveHold.HOLD).build()
                : policy;
        return super.complete(key, token, completion, kept);
    }
}
