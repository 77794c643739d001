package dev.hookguard.examples.sender;

import dev.hookguard.examples.Progress;
import dev.hookguard.examples.receiver.Dispatcher;
import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;

/**
 * Storms a receiver with the events of a {@link StormPlan}, as a busy provider with at-least-once delivery
 * would: every event is delivered {@code copies} times (two copies at once, the others a little later), each
 * copy retried on its own; alongside, the planned forged deliveries and stale replays. At most {@link
 * #EVENTS_IN_FLIGHT_PER_SENDER} events per sender thread are under way at once, as a provider drains its queue
 * rather than dumping it. {@link #run} returns when every request of every event has finished.
 */
public final class Storm {

    /** Events under way at once, per sender thread. */
    static final int EVENTS_IN_FLIGHT_PER_SENDER = 16;

    private final StormConfig config;
    private final WebhookSender sender;

    /** A storm of this configuration, sent through this sender. */
    public Storm(StormConfig config, WebhookSender sender) {
        this.config = config;
        this.sender = sender;
    }

    /** Sends the plan and waits until every event has settled, reporting progress meanwhile. */
    public StormReport run(StormPlan plan, Progress progress) throws InterruptedException {
        StormStats stats = new StormStats();
        CountDownLatch settled = new CountDownLatch(plan.events().size());
        long start = System.nanoTime();
        try (Dispatcher dispatcher = new Dispatcher(config.senders())) {
            StormRun run = new StormRun(sender, config.backoff(), stats, dispatcher);
            progress.start(stats, plan.events().size());
            Random random = new Random(config.seed() + 1);
            Semaphore inFlight = new Semaphore(config.senders() * EVENTS_IN_FLIGHT_PER_SENDER);
            Runnable onSettled = () -> {
                inFlight.release();
                settled.countDown();
            };
            for (EventPlan event : plan.events()) {
                inFlight.acquire();
                submit(event, new EventTracker(config.copies() + event.attacks(), stats, onSettled), run, random);
            }
            settled.await();
        } finally {
            progress.stop();
        }
        return new StormReport(plan, config, stats, Duration.ofNanos(System.nanoTime() - start));
    }

    private void submit(EventPlan event, EventTracker tracker, StormRun run, Random random) {
        DeliveryKind tampering = event.tampering();
        if (tampering != null) {
            run.dispatcher().now(new Attack(event, tampering, tracker, run));
        }
        if (event.stale()) {
            run.dispatcher().now(new Attack(event, DeliveryKind.STALE_TIMESTAMP, tracker, run));
        }
        for (int copy = 0; copy < config.copies(); copy++) {
            DeliveryChain chain = new DeliveryChain(event, tracker, run);
            if (copy < 2) {
                run.dispatcher().now(chain);
            } else {
                long window = config.laterWithin().toNanos();
                run.dispatcher().later(chain, Duration.ofNanos(window == 0 ? 0 : random.nextLong(window)));
            }
        }
    }
}
