package dev.hookguard.examples.sender;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** Reads a {@code Retry-After} header (RFC 9110 §10.2.3): whole seconds, or an HTTP date. */
final class RetryAfter {

    private RetryAfter() {}

    /**
     * The wait the header asks for; empty when there is no header or it cannot be read. A date in the past
     * means no wait.
     */
    static Optional<Duration> parse(@Nullable String header, Instant now) {
        if (header == null || header.isBlank()) {
            return Optional.empty();
        }
        String value = header.trim();
        if (value.chars().allMatch(Character::isDigit)) {
            return seconds(value);
        }
        try {
            Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toInstant();
            return Optional.of(at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }

    private static Optional<Duration> seconds(String digits) {
        try {
            return Optional.of(Duration.ofSeconds(Long.parseLong(digits)));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
