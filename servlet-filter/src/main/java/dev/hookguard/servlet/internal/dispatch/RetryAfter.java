package dev.hookguard.servlet.internal.dispatch;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import org.jspecify.annotations.Nullable;

/** A handler's {@code Retry-After}: delay-seconds or an HTTP-date; anything else is ignored. */
public final class RetryAfter {

    private RetryAfter() {}

    /** The delay the header asks for, never negative; null when absent or unreadable. */
    public static @Nullable Duration parse(@Nullable String header, Instant now) {
        if (header == null || header.isBlank()) {
            return null;
        }
        String value = header.trim();
        try {
            long seconds = Long.parseLong(value);
            return seconds < 0 ? null : Duration.ofSeconds(seconds);
        } catch (NumberFormatException e) {
            try {
                Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME)
                        .toInstant();
                return at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO;
            } catch (DateTimeParseException notADate) {
                return null;
            }
        }
    }
}
