package dev.hookguard.servlet.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.hookguard.core.ForwardingRecoveryStore;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.servlet.HookguardFilter;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.HookguardFilterConfigTest;
import dev.hookguard.servlet.internal.dispatch.Dispatchers;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A filter warms its store once as it starts; a warm-up that fails or hangs never keeps it from starting. */
class StoreWarmUpTest {

    @Test
    void shouldWarmTheStoreOnceWhenTheFilterStarts() {
        Watched store = new Watched(() -> {});

        HookguardFilter filter = new HookguardFilter(config(store));
        try {
            assertThat(store.warmUps).hasValue(1);
        } finally {
            filter.destroy();
        }
    }

    @Test
    void shouldStartWhenTheWarmUpFails() {
        Watched store = new Watched(() -> {
            throw new StoreUnavailableException("down", new RuntimeException("refused"));
        });

        HookguardFilter filter = new HookguardFilter(config(store));
        try {
            assertThat(store.warmUps).hasValue(1);
            assertThat(Dispatchers.of(filter)).isPresent();
        } finally {
            filter.destroy();
        }
    }

    @Test
    void shouldReturnAfterTheLimitWhenTheWarmUpHangs() {
        CountDownLatch release = new CountDownLatch(1);
        Watched store = new Watched(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            StoreWarmUp.run(store, Duration.ofMillis(50));

            await().atMost(Duration.ofSeconds(10)).until(() -> store.warmUps.get() == 1);
            assertThat(release.getCount()).as("the warm-up still runs").isEqualTo(1);
        } finally {
            release.countDown();
        }
    }

    private static HookguardFilterConfig config(Watched store) {
        return HookguardFilterConfig.custom()
                .store(store)
                .endpoint(HookguardFilterConfigTest.endpoint("github", "/gh"))
                .build();
    }

    /** The in-memory store, counting its warm-ups, each of which does {@code warmUp}. */
    private static final class Watched extends ForwardingRecoveryStore {
        final AtomicInteger warmUps = new AtomicInteger();
        private final Runnable warmUp;

        Watched(Runnable warmUp) {
            super(new InMemoryStore());
            this.warmUp = warmUp;
        }

        @Override
        public void warmUp() {
            warmUps.incrementAndGet();
            warmUp.run();
        }
    }
}
