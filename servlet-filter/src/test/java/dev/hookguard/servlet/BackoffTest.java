package dev.hookguard.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class BackoffTest {

    private static final Backoff BACKOFF = Backoff.custom()
            .base(Duration.ofSeconds(1))
            .cap(Duration.ofSeconds(60))
            .attempts(10)
            .build();

    /** A generator answering the highest value below the bound, so the delay is the ceiling. */
    private static final RandomGenerator HIGHEST = new RandomGenerator() {
        @Override
        public long nextLong() {
            return Long.MAX_VALUE;
        }

        @Override
        public long nextLong(long bound) {
            return bound - 1;
        }
    };

    /** A generator answering 0, so the delay is the floor. */
    private static final RandomGenerator LOWEST = new RandomGenerator() {
        @Override
        public long nextLong() {
            return 0;
        }

        @Override
        public long nextLong(long bound) {
            return 0;
        }
    };

    @Test
    void shouldCeilTheDelayAtBaseTimesTwoToTheAttempt() {
        assertThat(BACKOFF.delay(1, null, HIGHEST)).isEqualTo(Duration.ofSeconds(2));
        assertThat(BACKOFF.delay(3, null, HIGHEST)).isEqualTo(Duration.ofSeconds(8));
        assertThat(BACKOFF.delay(5, null, HIGHEST)).isEqualTo(Duration.ofSeconds(32));
    }

    @Test
    void shouldNeverExceedTheCapEvenForHugeAttempts() {
        assertThat(BACKOFF.delay(6, null, HIGHEST)).isEqualTo(Duration.ofSeconds(60));
        assertThat(BACKOFF.delay(62, null, HIGHEST)).isEqualTo(Duration.ofSeconds(60));
        assertThat(BACKOFF.delay(Integer.MAX_VALUE, null, HIGHEST)).isEqualTo(Duration.ofSeconds(60));
    }

    @Test
    void shouldJitterDownToZero() {
        assertThat(BACKOFF.delay(4, null, LOWEST)).isZero();
    }

    @Test
    void shouldStayWithinZeroAndTheCeilingForARealGenerator() {
        RandomGenerator random = RandomGenerator.of("L64X128MixRandom");
        for (int i = 0; i < 1000; i++) {
            assertThat(BACKOFF.delay(2, null, random)).isBetween(Duration.ZERO, Duration.ofSeconds(4));
        }
    }

    @Test
    void shouldNeverBeShorterThanRetryAfter() {
        assertThat(BACKOFF.delay(1, Duration.ofSeconds(30), LOWEST)).isEqualTo(Duration.ofSeconds(30));
        assertThat(BACKOFF.delay(1, Duration.ofSeconds(30), HIGHEST)).isEqualTo(Duration.ofSeconds(30));
        assertThat(BACKOFF.delay(9, Duration.ofMinutes(5), HIGHEST)).isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void shouldKeepALongerJitteredDelayOverAShortRetryAfter() {
        assertThat(BACKOFF.delay(5, Duration.ofSeconds(1), HIGHEST)).isEqualTo(Duration.ofSeconds(32));
    }

    @Test
    void shouldRefuseBadValuesNamingThem() {
        assertThatThrownBy(() -> Backoff.custom().base(Duration.ZERO).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("base");
        assertThatThrownBy(() -> Backoff.custom()
                        .base(Duration.ofSeconds(2))
                        .cap(Duration.ofSeconds(1))
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cap");
        assertThatThrownBy(() -> Backoff.custom().attempts(0).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("attempts must be at least 1 but was 0");
        assertThatThrownBy(() -> BACKOFF.delay(0, null, LOWEST))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("attempt");
    }
}
