package dev.hookguard.redis.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ArgsTest {

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 9, 10, 99, 100, 1_796_000_000_000_000L, -1, -10, Long.MAX_VALUE, Long.MIN_VALUE})
    void shouldWriteNumbersAsTheirDecimalDigits(long value) {
        assertThat(new String(Args.number(value), StandardCharsets.US_ASCII)).isEqualTo(Long.toString(value));
    }
}
