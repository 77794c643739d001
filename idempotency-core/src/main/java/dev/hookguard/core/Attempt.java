package dev.hookguard.core;

import java.time.Duration;
import java.time.Instant;
import org.jspecify.annotations.Nullable;

/**
 * One run of the handler as a record keeps it (DESIGN.md §8): carried by the {@link Failure} or {@link Completion}
 * that records its verdict, and appended by the store to the record's {@link EventRecord#attemptLog()}, the newest
 * {@link IdempotencyPolicy#attemptLog()} kept. Texts are bounded ({@value #MAX_MESSAGE_CHARS} characters of message,
 * {@value #MAX_STACK_TRACE_CHARS} of stack trace), so a record stays small whatever the handler threw.
 *
 * @param at when the attempt started, by the application's clock
 * @param duration how long the handler ran
 * @param source what delivered it
 * @param httpStatus the handler's HTTP status, or 0 when it threw
 * @param errorClass the class of a failure or rejection; null for a success
 * @param exceptionClass the fully qualified class of what the handler threw, or null
 * @param message the exception's message, or null
 * @param stackTrace the exception's stack trace, the top {@value #MAX_FRAMES} frames of it and of each of its causes
 *     (at most {@value #MAX_CAUSES}), cut to {@value #MAX_STACK_TRACE_CHARS} characters, or null
 * @param retryAfter the delay the handler asked for ({@code Retry-After}) or the receiver retry was scheduled
 *     after, or null
 */
public record Attempt(
        Instant at,
        Duration duration,
        Source source,
        int httpStatus,
        @Nullable ErrorClass errorClass,
        @Nullable String exceptionClass,
        @Nullable String message,
        @Nullable String stackTrace,
        @Nullable Duration retryAfter) {

    /** The most characters of an exception's message an attempt keeps. */
    public static final int MAX_MESSAGE_CHARS = 1000;
    /** The most characters of a stack trace an attempt keeps. */
    public static final int MAX_STACK_TRACE_CHARS = 8000;
    /** The most frames of each exception in a stack trace: the top ones, where the handler's code is. */
    public static final int MAX_FRAMES = 24;
    /** The most exceptions of a cause chain in a stack trace. */
    public static final int MAX_CAUSES = 5;

    /** Cuts the texts to their bounds; a negative duration is an {@link IllegalArgumentException}. */
    public Attempt {
        if (duration == null || duration.isNegative()) {
            throw new IllegalArgumentException("duration must not be negative but was " + duration);
        }
        message = cut(message, MAX_MESSAGE_CHARS);
        stackTrace = cut(stackTrace, MAX_STACK_TRACE_CHARS);
    }

    /** An attempt that ended with the handler's HTTP answer. */
    public static Attempt answered(
            Instant at,
            Duration duration,
            Source source,
            int httpStatus,
            @Nullable ErrorClass errorClass,
            @Nullable Duration retryAfter) {
        return new Attempt(at, duration, source, httpStatus, errorClass, null, null, null, retryAfter);
    }

    /** An attempt whose handler threw {@code error}. */
    public static Attempt threw(
            Instant at,
            Duration duration,
            Source source,
            Throwable error,
            ErrorClass errorClass,
            @Nullable Duration retryAfter) {
        return new Attempt(
                at,
                duration,
                source,
                0,
                errorClass,
                error.getClass().getName(),
                error.getMessage(),
                stackTrace(error),
                retryAfter);
    }

    /**
     * The stack trace of {@code error} and its causes, each cut to its top {@value #MAX_FRAMES} frames, so that the
     * causes (where the reason usually is) survive the bound on a deep framework stack.
     */
    static String stackTrace(Throwable error) {
        StringBuilder trace = new StringBuilder();
        Throwable current = error;
        for (int depth = 0; current != null && depth < MAX_CAUSES; depth++) {
            trace.append(depth == 0 ? "" : "Caused by: ").append(current).append('\n');
            StackTraceElement[] frames = current.getStackTrace();
            for (int i = 0; i < Math.min(frames.length, MAX_FRAMES); i++) {
                trace.append("\tat ").append(frames[i]).append('\n');
            }
            if (frames.length > MAX_FRAMES) {
                trace.append("\t... ").append(frames.length - MAX_FRAMES).append(" more\n");
            }
            current = current.getCause() == current ? null : current.getCause();
        }
        return trace.toString();
    }

    private static @Nullable String cut(@Nullable String text, int max) {
        if (text == null || text.length() <= max) {
            return text;
        }
        int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
        return text.substring(0, end) + "…";
    }

    /** What delivered an attempt; stored as {@link #code()}. */
    public enum Source {
        /** The sender's own delivery (or its redelivery). */
        SENDER("sender"),
        /** The dispatcher, retrying a FAILED record on the receiver's schedule. */
        RECEIVER_RETRY("receiver_retry"),
        /** The dispatcher, delivering a QUEUED record (async intake). */
        DISPATCH("dispatch"),
        /** The dispatcher, delivering a record an operator replayed. */
        OPERATOR_REPLAY("operator_replay");

        private final String code;

        Source(String code) {
            this.code = code;
        }

        /** The stable lower-case code stores persist. */
        public String code() {
            return code;
        }

        /** The source with this code; anything else is an {@link IllegalArgumentException} naming it. */
        public static Source fromCode(String code) {
            for (Source source : values()) {
                if (source.code.equals(code)) {
                    return source;
                }
            }
            throw new IllegalArgumentException("unknown attempt source '" + code + "'");
        }
    }
}
