package dev.hookguard.core.internal.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class LeaseRenewalsTest {

    @Test
    void shouldSkipTicksWhileThePreviousRunOfThePeriodicWorkIsStillGoing() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        AtomicInteger running = new AtomicInteger();
        AtomicInteger mostAtOnce = new AtomicInteger();
        CountDownLatch slowStore = new CountDownLatch(1);
        try (LeaseRenewals renewals = new LeaseRenewals()) {
            ScheduledFuture<?> renewal = renewals.every(Duration.ofMillis(1), () -> {
                mostAtOnce.accumulateAndGet(running.incrementAndGet(), Math::max);
                runs.incrementAndGet();
                try {
                    slowStore.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                } finally {
                    running.decrementAndGet();
                }
            });

            await().atMost(Duration.ofSeconds(30)).until(() -> renewals.skippedTicks() >= 20);
            assertThat(runs).hasValue(1);

            slowStore.countDown();
            await().atMost(Duration.ofSeconds(30)).until(() -> runs.get() >= 3);
            renewal.cancel(false);
            assertThat(mostAtOnce).hasValue(1);
        }
    }
}
