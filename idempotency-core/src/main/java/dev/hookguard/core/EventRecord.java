package dev.hookguard.core;

import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * A snapshot of one event's stored record, as {@link IdempotencyStore#find} and the dead-letter listing
 * return it. Times are the store's.
 *
 * @param key the event
 * @param status its state
 * @param fingerprint the fingerprint of the first delivery
 * @param token the current fencing token (never decreases)
 * @param attempts attempts since creation or the last requeue
 * @param leaseUntil when the current lease ends; meaningful only while PROCESSING
 * @param response the stored response of a SUCCEEDED or REJECTED record
 * @param payload the kept delivery of a FAILED, DEAD or REJECTED record
 * @param lastError the last failure's message, or an operator's note after a resolve
 * @param createdAt when the record was created
 * @param updatedAt when the record last changed
 */
public record EventRecord(
        EventKey key,
        RecordStatus status,
        Fingerprint fingerprint,
        long token,
        int attempts,
        @Nullable Instant leaseUntil,
        @Nullable StoredResponse response,
        @Nullable Payload payload,
        @Nullable String lastError,
        Instant createdAt,
        Instant updatedAt) {}
