package dev.hookguard.examples.receiver;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The demo handler's books: how often it was entered and how often it did its work for each event id. The
 * proof of the demo is here — with Hookguard in front, an event's work is done at most once, and exactly once
 * for every event that succeeded. Thread-safe.
 */
public final class HandlerLedger {

    private final Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> executions = new ConcurrentHashMap<>();
    private final LongAdder failures = new LongAdder();
    private final LongAdder attacksRun = new LongAdder();

    /** Records that the handler was entered for this event; returns the how-manieth time (from 1). */
    int entered(String eventId) {
        return attempts.computeIfAbsent(eventId, id -> new AtomicInteger()).incrementAndGet();
    }

    /** Records that the handler did the event's work (the side effect that must happen once). */
    void executed(String eventId) {
        executions.computeIfAbsent(eventId, id -> new AtomicInteger()).incrementAndGet();
    }

    /** Records a failure on purpose. */
    void failed() {
        failures.increment();
    }

    /** Records that a forged or stale delivery reached the handler: must never happen. */
    void attackRan() {
        attacksRun.increment();
    }

    /** How often the handler did an event's work, over all events. */
    public long executions() {
        return executions.values().stream().mapToLong(AtomicInteger::get).sum();
    }

    /** How often it did so for events whose id starts with this prefix (one run's events). */
    public long executions(String idPrefix) {
        return executions.entrySet().stream()
                .filter(e -> e.getKey().startsWith(idPrefix))
                .mapToLong(e -> e.getValue().get())
                .sum();
    }

    /** Events whose work was done more than once: must be zero. */
    public long eventsExecutedTwice() {
        return executions.values().stream().filter(count -> count.get() > 1).count();
    }

    /** Times the handler was entered for this event, failures included. */
    public int entries(String eventId) {
        AtomicInteger count = attempts.get(eventId);
        return count == null ? 0 : count.get();
    }

    /** Times the handler was entered, failures included. */
    public long entries() {
        return attempts.values().stream().mapToLong(AtomicInteger::get).sum();
    }

    /** Failures on purpose. */
    public long failures() {
        return failures.sum();
    }

    /** Forged or stale deliveries that reached the handler. */
    public long attacksRun() {
        return attacksRun.sum();
    }
}
