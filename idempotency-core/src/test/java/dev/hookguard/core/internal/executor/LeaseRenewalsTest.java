package dev.hookguard.core.internal.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
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
            LeaseRenewals.Registration renewal = renewals.every(Duration.ofMillis(1), () -> {
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
            renewal.cancel();
            assertThat(mostAtOnce).hasValue(1);
        }
    }

    @Test
    void shouldTickSharedPeriodicWorkSkipWhileItRunsAndStopOnCancel() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        AtomicInteger quick = new AtomicInteger();
        CountDownLatch slowStore = new CountDownLatch(1);
        try (LeaseRenewals renewals = new LeaseRenewals()) {
            LeaseRenewals.Registration slow = renewals.every(LeaseRenewals.SHARED_FROM, () -> {
                runs.incrementAndGet();
                try {
                    slowStore.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            LeaseRenewals.Registration other = renewals.every(LeaseRenewals.SHARED_FROM, quick::incrementAndGet);
            assertThat(renewals.pendingTimers()).isEqualTo(2); // the ticker itself is not counted

            await().atMost(Duration.ofSeconds(30)).until(() -> renewals.skippedTicks() >= 2 && quick.get() >= 3);
            assertThat(runs).hasValue(1); // one run at a time, the others skipped

            slowStore.countDown();
            await().atMost(Duration.ofSeconds(30)).until(() -> runs.get() >= 2);
            slow.cancel();
            other.cancel();
            assertThat(renewals.pendingTimers()).isZero();
            int after = quick.get();
            CountDownLatch later =
                    new CountDownLatch(1); // a run of its own, several periods on: no tick of theirs since
            renewals.after(LeaseRenewals.SHARED_FROM.multipliedBy(3), later::countDown);
            assertThat(later.await(30, TimeUnit.SECONDS)).isTrue();
            assertThat(quick.get()).isLessThanOrEqualTo(after + 1); // at most a run already handed to a worker
        }
    }
}
