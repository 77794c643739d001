package dev.hookguard.examples.sender;

/**
 * One forged delivery or stale replay of an event: sent once, as an attacker would, and expected to be refused
 * with 401 (or 400) before the receiver writes anything.
 */
final class Attack implements Runnable {

    private final EventPlan event;
    private final DeliveryKind kind;
    private final EventTracker tracker;
    private final StormRun run;

    /** The attack of this kind on this event. */
    Attack(EventPlan event, DeliveryKind kind, EventTracker tracker, StormRun run) {
        this.event = event;
        this.kind = kind;
        this.tracker = tracker;
        this.run = run;
    }

    @Override
    public void run() {
        Answer answer;
        try {
            answer = run.sender().send(event, kind);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        } catch (RuntimeException e) {
            answer = Answer.noAnswer();
        }
        run.stats().attack(kind, answer);
        tracker.finished();
    }
}
