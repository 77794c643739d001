package dev.hookguard.redis;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EnqueueOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.core.operator.OperatorStore.AdminOutcome;
import dev.hookguard.redis.internal.RecordCodec;
import dev.hookguard.redis.internal.RecordMeta;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/** Turns the scripts' replies (see the header of each {@code .lua} file) into the SPI's outcomes. */
final class Replies {

    /** The reply of a script when the dead-letter index entry must come first. */
    static final String NEEDS_INDEX = "index";

    /** The reply of a script when the due-queue entry must come first. */
    static final String NEEDS_DUE = "due";

    private Replies() {}

    /** The reply of {@code claim.lua}. */
    static ClaimOutcome claim(List<Object> reply) {
        String tag = tag(reply);
        return switch (tag) {
            case "acquired" -> new ClaimOutcome.Acquired(number(reply, 1), (int) number(reply, 2));
            case "busy" -> new ClaimOutcome.InProgress(Duration.ofMillis(number(reply, 1)));
            case "duplicate" -> duplicate(reply);
            case "mismatch" -> new ClaimOutcome.Mismatch();
            case "dead" -> new ClaimOutcome.Dead();
            default -> throw unexpected("claim", tag);
        };
    }

    /** True when a script changed nothing because an index entry must be written first. */
    static boolean needsIndex(List<Object> reply) {
        String tag = tag(reply);
        return NEEDS_INDEX.equals(tag) || NEEDS_DUE.equals(tag);
    }

    /** The reply of {@code renew.lua}, {@code complete.lua} and {@code fail.lua}, once indexed if needed. */
    static WriteOutcome write(List<Object> reply) {
        String tag = tag(reply);
        return "stale".equals(tag) ? new WriteOutcome.Stale() : new WriteOutcome.Recorded(RecordStatus.fromCode(tag));
    }

    /**
     * The open-index mark of the record that {@code complete.lua} or {@code fail.lua} settled ({@code ''} when it
     * had none); null for a stale write or a reply that asks for an index entry first.
     */
    static @Nullable String settledMark(List<Object> reply) {
        String tag = tag(reply);
        if ("stale".equals(tag) || NEEDS_INDEX.equals(tag) || NEEDS_DUE.equals(tag) || reply.size() < 2) {
            return null;
        }
        return text(reply.get(1));
    }

    /** The reply of {@code enqueue.lua}, once its due-queue entry is written if it needed one. */
    static EnqueueOutcome enqueue(List<Object> reply) {
        String tag = tag(reply);
        return switch (tag) {
            case "queued" -> new EnqueueOutcome.Queued();
            case "pending" -> new EnqueueOutcome.Pending(RecordStatus.fromCode(text(reply.get(1))));
            case "duplicate" -> {
                ClaimOutcome.Duplicate duplicate = duplicate(reply);
                yield new EnqueueOutcome.Duplicate(duplicate.status(), duplicate.response());
            }
            case "mismatch" -> new EnqueueOutcome.Mismatch();
            case "dead" -> new EnqueueOutcome.Dead();
            default -> throw unexpected("enqueue", tag);
        };
    }

    /** The reply of {@code take.lua}: the reserved record, or null when it was no longer due. */
    static @Nullable EventRecord taken(EventKey key, List<Object> reply) {
        if (!"taken".equals(tag(reply))) {
            return null;
        }
        Map<String, byte[]> hash = new HashMap<>();
        for (int i = 1; i + 1 < reply.size(); i += 2) {
            hash.put(text(reply.get(i)), (byte[]) reply.get(i + 1));
        }
        return RecordCodec.decode(key, hash);
    }

    /** The reply of the operator scripts ({@code replay.lua}, {@code requeue.lua}, {@code resolve.lua}). */
    static AdminOutcome admin(List<Object> reply) {
        String tag = tag(reply);
        return switch (tag) {
            case "updated" -> AdminOutcome.UPDATED;
            case "not_found" -> AdminOutcome.NOT_FOUND;
            case "wrong_state" -> AdminOutcome.WRONG_STATE;
            default -> throw unexpected("operator action", tag);
        };
    }

    /** The first element of a reply, as text. */
    static String tag(List<Object> reply) {
        return text(reply.get(0));
    }

    /** A reply element that Redis sent as a string. */
    static String text(Object element) {
        return new String((byte[]) element, StandardCharsets.US_ASCII);
    }

    /** {@code {'duplicate', m, rc, rb, ro}}: the status and the response status are read from field m. */
    private static ClaimOutcome.Duplicate duplicate(List<Object> reply) {
        byte[] meta = (byte[]) reply.get(1);
        return new ClaimOutcome.Duplicate(
                RecordMeta.statusOf(meta),
                RecordCodec.response(
                        RecordMeta.responseStatusOf(meta),
                        (byte[]) reply.get(2),
                        (byte[]) reply.get(3),
                        reply.get(4) != null));
    }

    private static long number(List<Object> reply, int index) {
        return (Long) reply.get(index);
    }

    private static IllegalStateException unexpected(String script, String tag) {
        return new IllegalStateException("unexpected reply '" + tag + "' from the " + script + " script");
    }
}
