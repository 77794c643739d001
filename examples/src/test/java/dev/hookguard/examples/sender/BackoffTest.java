package dev.hookguard.examples.sender;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BackoffTest {

    private static final Duration BASE = Duration.ofMillis(50);
    private static final Duration CAP = Duration.ofSeconds(2);
    private final Backoff backoff = new Backoff(BASE, CAP, 6);

    @Test
    void shouldDoubleTheWindowUntilTheCap() {
        assertThat(backoff.window(0)).isEqualTo(Duration.ofMillis(50));
        assertThat(backoff.window(1)).isEqualTo(Duration.ofMillis(100));
        assertThat(backoff.window(5)).isEqualTo(Duration.ofMillis(1600));
        assertThat(backoff.window(6)).isEqualTo(CAP);
        assertThat(backoff.window(62)).isEqualTo(CAP);
        assertThat(backoff.window(Integer.MAX_VALUE)).isEqualTo(CAP);
    }

    @Test
    void shouldDrawEachDelayFromTheWholeWindow() {
        Random random = new Random(42);
        for (int retry = 0; retry < 10; retry++) {
            Duration window = backoff.window(retry);
            List<Duration> delays = draws(retry, Optional.empty(), random, 2_000);
            assertThat(delays).allSatisfy(delay -> assertThat(delay).isBetween(Duration.ZERO, window));
            assertThat(delays.stream().min(Duration::compareTo).orElseThrow()).isLessThan(window.dividedBy(10));
            assertThat(delays.stream().max(Duration::compareTo).orElseThrow())
                    .isGreaterThan(window.multipliedBy(9).dividedBy(10));
        }
    }

    @Test
    void shouldWaitAtLeastTheRetryAfter() {
        List<Duration> delays = draws(0, Optional.of(Duration.ofSeconds(1)), new Random(7), 1_000);

        assertThat(delays).containsOnly(Duration.ofSeconds(1));
    }

    @Test
    void shouldKeepTheJitterWhenTheRetryAfterIsShorter() {
        List<Duration> withRetryAfter = draws(4, Optional.of(Duration.ZERO), new Random(11), 1_000);
        List<Duration> without = draws(4, Optional.empty(), new Random(11), 1_000);

        assertThat(withRetryAfter).isEqualTo(without);
    }

    @Test
    void shouldCapALongRetryAfter() {
        assertThat(backoff.delay(0, Optional.of(Duration.ofSeconds(30)), new Random(3)))
                .isEqualTo(CAP);
    }

    @Test
    void shouldGiveUpAfterTheMaximumAttempts() {
        Backoff three = new Backoff(BASE, CAP, 3);

        assertThat(three.exhausted(1)).isFalse();
        assertThat(three.exhausted(2)).isFalse();
        assertThat(three.exhausted(3)).isTrue();
    }

    @Test
    void shouldRejectBadSettingsNamingThem() {
        assertThatThrownBy(() -> new Backoff(Duration.ZERO, CAP, 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("base")
                .hasMessageContaining("PT0S");
        assertThatThrownBy(() -> new Backoff(BASE, Duration.ofMillis(10), 3))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cap")
                .hasMessageContaining("PT0.01S");
        assertThatThrownBy(() -> new Backoff(BASE, CAP, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxAttempts must be at least 1 but was 0");
        assertThatThrownBy(() -> backoff.window(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("retry must not be negative but was -1");
    }

    private List<Duration> draws(int retry, Optional<Duration> retryAfter, Random random, int count) {
        List<Duration> delays = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            delays.add(backoff.delay(retry, retryAfter, random));
        }
        return delays;
    }
}
