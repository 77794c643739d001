package dev.hookguard.redis;

import dev.hookguard.core.AdminOutcome;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.WriteOutcome;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/** Turns the scripts' replies (see the header of each {@code .lua} file) into the SPI's outcomes. */
final class Replies {

    /** The reply of {@code complete.lua} and {@code fail.lua} when the dead-letter index must come first. */
    static final String NEEDS_INDEX = "index";

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

    /** The reply of {@code renew.lua}, {@code complete.lua} and {@code fail.lua}, once indexed if needed. */
    static WriteOutcome write(List<Object> reply) {
        String tag = tag(reply);
        return "stale".equals(tag) ? new WriteOutcome.Stale() : new WriteOutcome.Recorded(RecordStatus.fromCode(tag));
    }

    /** The reply of {@code resolve.lua} and {@code requeue.lua}. */
    static AdminOutcome admin(List<Object> reply) {
        String tag = tag(reply);
        return switch (tag) {
            case "updated" -> AdminOutcome.UPDATED;
            case "not_found" -> AdminOutcome.NOT_FOUND;
            case "not_dead_letter" -> AdminOutcome.WRONG_STATE;
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

    private static ClaimOutcome duplicate(List<Object> reply) {
        RecordStatus status = RecordStatus.fromCode(text(reply.get(1)));
        return new ClaimOutcome.Duplicate(
                status,
                RecordCodec.response(
                        (byte[]) reply.get(2), (byte[]) reply.get(3), (byte[]) reply.get(4), reply.get(5) != null));
    }

    private static long number(List<Object> reply, int index) {
        return (Long) reply.get(index);
    }

    private static IllegalStateException unexpected(String script, String tag) {
        return new IllegalStateException("unexpected reply '" + tag + "' from the " + script + " script");
    }
}
