package dev.hookguard.spring.autoconfigure;

import dev.hookguard.servlet.Backoff;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * {@code hookguard.endpoints.<name>.backoff.*}: the receiver's retry schedule of one endpoint (full-jitter
 * exponential backoff, {@code Backoff}).
 */
public class BackoffProperties {

    /** Scale of the first retry's delay: the delay after attempt n lies in [0, min(cap, base * 2^n)]. */
    private Duration base = Backoff.DEFAULT_BASE;

    /** Longest delay between two attempts (a handler's Retry-After may still ask for more). */
    private Duration cap = Backoff.DEFAULT_CAP;

    /** Handler runs before the event turns DEAD; unset takes the endpoint's policy.max-attempts (the same number). */
    private @Nullable Integer attempts;

    public Duration getBase() {
        return base;
    }

    public void setBase(Duration base) {
        this.base = base;
    }

    public Duration getCap() {
        return cap;
    }

    public void setCap(Duration cap) {
        this.cap = cap;
    }

    public @Nullable Integer getAttempts() {
        return attempts;
    }

    public void setAttempts(@Nullable Integer attempts) {
        this.attempts = attempts;
    }
}
