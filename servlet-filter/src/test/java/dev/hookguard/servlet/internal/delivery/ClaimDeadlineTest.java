package dev.hookguard.servlet.internal.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.internal.executor.Start;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ClaimDeadlineTest {

    @Test
    void shouldClaimOnTheRequestThreadForAStoreThatNeverWaitsOnIo() {
        AtomicReference<Thread> ran = new AtomicReference<>();
        try (ClaimDeadline deadline = new ClaimDeadline(Duration.ofSeconds(10), true)) {
            deadline.claim(() -> refusedOn(ran));
            assertThat(ran.get()).isSameAs(Thread.currentThread());
            ran.set(null);
            deadline.bounded(() -> refusedOn(ran));
            assertThat(ran.get()).isSameAs(Thread.currentThread());
        }
    }

    @Test
    void shouldClaimOnAClaimThreadOtherwise() {
        AtomicReference<Thread> ran = new AtomicReference<>();
        try (ClaimDeadline deadline = new ClaimDeadline(Duration.ofSeconds(10), false)) {
            deadline.claim(() -> refusedOn(ran));
            assertThat(ran.get()).isNotSameAs(Thread.currentThread());
            assertThat(ran.get().getName()).isEqualTo("hookguard-claim");
        }
    }

    private static Start refusedOn(AtomicReference<Thread> ran) {
        ran.set(Thread.currentThread());
        return new Start.Refused(new ClaimOutcome.Mismatch());
    }
}
