package dev.hookguard.servlet.internal.dispatch;

/**
 * A token bucket on this node's monotonic clock: {@code perSecond} tokens a second, holding at most {@code capacity}
 * (100 ms worth, at least 1), full at start. A pick takes as many tokens as records it may reserve and gives back what
 * it did not use, so an empty queue costs no tokens. Thread-safe.
 */
final class TokenBucket {

    /** How much time's worth of tokens the bucket holds: a burst never exceeds 100 ms of the rate. */
    static final double BURST_SECONDS = 0.1;

    private final double perNano;
    private final double capacity;
    private double tokens;
    private long last;

    TokenBucket(double perSecond) {
        this.perNano = perSecond / 1e9;
        this.capacity = Math.max(1, perSecond * BURST_SECONDS);
        this.tokens = capacity;
        this.last = System.nanoTime();
    }

    /** Takes up to {@code wanted} whole tokens; returns how many it took. */
    synchronized int take(int wanted) {
        refill();
        int taken = (int) Math.min(wanted, Math.floor(tokens));
        tokens -= taken;
        return taken;
    }

    /** Gives back tokens taken but not used. */
    synchronized void giveBack(int unused) {
        tokens = Math.min(capacity, tokens + unused);
    }

    /** Nanoseconds until one whole token is there; 0 when one is. */
    synchronized long nanosUntilNext() {
        refill();
        return tokens >= 1 ? 0 : (long) Math.ceil((1 - tokens) / perNano);
    }

    private void refill() {
        long now = System.nanoTime();
        tokens = Math.min(capacity, tokens + (now - last) * perNano);
        last = now;
    }
}
