package dev.hookguard.console;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.Listing;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Reads a {@link ListFilter} from request parameters: {@code endpoint} (required), {@code status} (repeated or
 * comma-separated: dead, rejected, failed, stalled, queued; default dead and rejected), {@code class} (error
 * class codes, same form), {@code from} and {@code to} (ISO-8601 instants on the record's last change), and
 * {@code q} (text in the event id or the last error). A bad value is a {@link BadRequestException} naming it.
 */
final class FilterParams {

    private FilterParams() {}

    static ListFilter read(HttpServletRequest request, Set<String> endpoints, Duration stalledAfter) {
        String endpoint = endpoint(request, endpoints);
        try {
            return ListFilter.forEndpoint(endpoint)
                    .listings(listings(request))
                    .errorClasses(errorClasses(request))
                    .from(instant(request, "from"))
                    .to(instant(request, "to"))
                    .text(request.getParameter("q"))
                    .stalledAfter(stalledAfter)
                    .build();
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(e.getMessage());
        }
    }

    static String endpoint(HttpServletRequest request, Set<String> endpoints) {
        String endpoint = request.getParameter("endpoint");
        if (endpoint == null || endpoint.isBlank()) {
            throw new BadRequestException("parameter endpoint is required");
        }
        if (!endpoints.contains(endpoint)) {
            throw new BadRequestException("endpoint '" + Json.abbreviate(endpoint) + "' is not one of " + endpoints);
        }
        return endpoint;
    }

    static Set<Listing> listings(HttpServletRequest request) {
        Set<Listing> listings = EnumSet.noneOf(Listing.class);
        for (String value : values(request, "status")) {
            try {
                listings.add(Listing.valueOf(value.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new BadRequestException("status '" + Json.abbreviate(value)
                        + "' is not one of dead, rejected, failed, stalled, queued");
            }
        }
        return listings.isEmpty() ? ListFilter.DEFAULT_LISTINGS : listings;
    }

    private static Set<ErrorClass> errorClasses(HttpServletRequest request) {
        Set<ErrorClass> classes = EnumSet.noneOf(ErrorClass.class);
        for (String value : values(request, "class")) {
            try {
                classes.add(ErrorClass.fromCode(value.toLowerCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new BadRequestException("class '" + Json.abbreviate(value) + "' is not an error class code");
            }
        }
        return classes;
    }

    /** Every value of a parameter that may be repeated or comma-separated, trimmed, blanks dropped. */
    private static List<String> values(HttpServletRequest request, String name) {
        String[] raw = request.getParameterValues(name);
        if (raw == null) {
            return List.of();
        }
        return Arrays.stream(raw)
                .flatMap(value -> Arrays.stream(value.split(",")))
                .map(String::trim)
                .filter(value -> !value.isEmpty())
                .toList();
    }

    private static @Nullable Instant instant(HttpServletRequest request, String name) {
        String value = request.getParameter(name);
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Instant.parse(value.trim());
        } catch (DateTimeParseException e) {
            throw new BadRequestException(
                    name + " '" + Json.abbreviate(value) + "' is not an ISO-8601 instant such as 2026-01-31T12:00:00Z");
        }
    }
}
