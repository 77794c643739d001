package dev.hookguard.servlet.internal.body;

import dev.hookguard.servlet.Hardening;

/**
 * The deadline of one body read: after a grace period, at least a minimum number of bytes per second must have
 * arrived ({@link Hardening#minBodyRate()}, {@link Hardening#bodyGrace()}). Measured on {@link System#nanoTime()}
 * from the moment the read starts.
 */
public final class BodyPace {

    private final long started;
    private final long graceNanos;
    private final long minBytesPerSecond;

    private BodyPace(long started, long graceNanos, long minBytesPerSecond) {
        this.started = started;
        this.graceNanos = graceNanos;
        this.minBytesPerSecond = minBytesPerSecond;
    }

    /** A pace that starts now. */
    public static BodyPace startingNow(Hardening hardening) {
        return new BodyPace(System.nanoTime(), hardening.bodyGrace().toNanos(), hardening.minBodyRate());
    }

    /** Whether {@code bytes} arrived too late: more time has passed than the grace plus what they may take. */
    boolean behind(long bytes) {
        long allowed = graceNanos + (long) (bytes * (1_000_000_000.0 / minBytesPerSecond));
        return System.nanoTime() - started > allowed;
    }
}
