package dev.hookguard.core.internal.executor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClassificationTest {

    @ParameterizedTest
    @CsvSource({
        "200, SUCCESS",
        "204, SUCCESS",
        "299, SUCCESS",
        "400, REJECTED",
        "404, REJECTED",
        "409, REJECTED",
        "422, REJECTED",
        "499, REJECTED",
        "408, RETRYABLE",
        "425, RETRYABLE",
        "429, RETRYABLE",
        "500, RETRYABLE",
        "503, RETRYABLE",
        "302, RETRYABLE",
        "101, RETRYABLE"
    })
    void shouldClassifyStatusAsDesignSays(int status, Classification expected) {
        assertThat(Classification.of(status)).isEqualTo(expected);
    }
}
