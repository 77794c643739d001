package dev.hookguard.examples.sender;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One genuine copy of an event, delivered as a provider delivers it: sent until it gets a 2xx, retried after
 * every other answer with the {@link Backoff}'s delay (which honours {@code Retry-After}), and given up after
 * the backoff's maximum attempts. Runs on a sender thread; its retries are scheduled, not slept.
 */
final class DeliveryChain implements Runnable {

    private final EventPlan event;
    private final EventTracker tracker;
    private final StormRun run;
    private int attempts;

    /** The copy of this event, tracked by this tracker. */
    DeliveryChain(EventPlan event, EventTracker tracker, StormRun run) {
        this.event = event;
        this.tracker = tracker;
        this.run = run;
    }

    @Override
    public void run() {
        Answer answer;
        try {
            answer = run.sender().send(event, DeliveryKind.GENUINE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        } catch (RuntimeException e) {
            answer = Answer.noAnswer();
        }
        attempts++;
        run.stats().genuine(answer);
        if (answer.acknowledged()) {
            tracker.acknowledged(answer);
            tracker.finished();
        } else if (run.backoff().exhausted(attempts)) {
            run.stats().add(Tally.COPIES_GIVEN_UP);
            tracker.finished();
        } else {
            run.stats().add(Tally.RETRIES);
            Duration delay = run.backoff().delay(attempts - 1, answer.retryAfter(), ThreadLocalRandom.current());
            run.dispatcher().later(this, delay);
        }
    }
}
