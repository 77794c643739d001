package dev.hookguard.examples.sender;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class RetryAfterTest {

    private static final Instant NOW = Instant.parse("2025-11-29T10:00:00Z");

    @Test
    void shouldReadWholeSeconds() {
        assertThat(RetryAfter.parse("1", NOW)).contains(Duration.ofSeconds(1));
        assertThat(RetryAfter.parse(" 30 ", NOW)).contains(Duration.ofSeconds(30));
        assertThat(RetryAfter.parse("0", NOW)).contains(Duration.ZERO);
    }

    @Test
    void shouldReadAnHttpDate() {
        assertThat(RetryAfter.parse("Sat, 29 Nov 2025 10:00:10 GMT", NOW)).contains(Duration.ofSeconds(10));
        assertThat(RetryAfter.parse("Sat, 29 Nov 2025 09:00:00 GMT", NOW)).contains(Duration.ZERO);
    }

    @Test
    void shouldIgnoreWhatItCannotRead() {
        assertThat(RetryAfter.parse(null, NOW)).isEmpty();
        assertThat(RetryAfter.parse("", NOW)).isEmpty();
        assertThat(RetryAfter.parse("soon", NOW)).isEmpty();
        assertThat(RetryAfter.parse("-1", NOW)).isEmpty();
        assertThat(RetryAfter.parse("1.5", NOW)).isEmpty();
        assertThat(RetryAfter.parse("99999999999999999999", NOW)).isEmpty();
    }
}
