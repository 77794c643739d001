package dev.hookguard.console.internal;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.ListFilter.Listing;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Reads a {@link ListFilter} from the operator API's parameters, the console's and the Actuator endpoint's alike:
 * {@value #LISTING} (repeated or comma-separated: dead, rejected, failed, stalled, queued; default dead and rejected),
 * {@value #ERROR_CLASS} (error class codes, same form), {@value #FROM} and {@value #TO} (ISO-8601 instants on the
 * record's last change), and {@value #TEXT} (text in the event id or the last error). A bad value is a {@link
 * BadRequestException} naming the parameter and the value.
 */
final class FilterParams {

    /** The listings. */
    static final String LISTING = "listing";
    /** The error class codes. */
    static final String ERROR_CLASS = "errorClass";
    /** Text in the event id or the last error. */
    static final String TEXT = "text";
    /** The record changed at or after this instant. */
    static final String FROM = "from";
    /** The record changed before this instant. */
    static final String TO = "to";

    /**
     * The console's names before the operator API had one set: refused with a 400 naming the new one, since a bulk
     * action that silently ignored its filter would act on every dead letter.
     */
    private static final Map<String, String> RENAMED = Map.of("status", LISTING, "class", ERROR_CLASS, "q", TEXT);

    private FilterParams() {}

    static ListFilter read(OperatorService.Params params, String endpoint, Duration stalledAfter) {
        refuseRenamed(params);
        try {
            return ListFilter.forEndpoint(endpoint)
                    .listings(listings(params))
                    .errorClasses(errorClasses(params))
                    .from(instant(params, FROM))
                    .to(instant(params, TO))
                    .text(params.value(TEXT))
                    .stalledAfter(stalledAfter)
                    .build();
        } catch (IllegalArgumentException e) {
            throw new BadRequestException(e.getMessage());
        }
    }

    static Set<Listing> listings(OperatorService.Params params) {
        refuseRenamed(params);
        Set<Listing> listings = EnumSet.noneOf(Listing.class);
        for (String value : values(params, LISTING)) {
            try {
                listings.add(Listing.valueOf(value.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new BadRequestException(LISTING + " must be dead, rejected, failed, queued or stalled but was '"
                        + Json.abbreviate(value) + "'");
            }
        }
        return listings.isEmpty() ? ListFilter.DEFAULT_LISTINGS : listings;
    }

    private static Set<ErrorClass> errorClasses(OperatorService.Params params) {
        Set<ErrorClass> classes = EnumSet.noneOf(ErrorClass.class);
        for (String value : values(params, ERROR_CLASS)) {
            try {
                classes.add(ErrorClass.fromCode(value.toLowerCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new BadRequestException(
                        ERROR_CLASS + " must be error class codes but was '" + Json.abbreviate(value) + "'");
            }
        }
        return classes;
    }

    private static void refuseRenamed(OperatorService.Params params) {
        RENAMED.forEach((old, now) -> {
            if (!params.values(old).isEmpty()) {
                throw new BadRequestException("parameter " + old + " is now called " + now);
            }
        });
    }

    /** Every value of a parameter that may be repeated or comma-separated, trimmed, blanks dropped. */
    private static List<String> values(OperatorService.Params params, String name) {
        return params.values(name).stream()
                .flatMap(value -> Arrays.stream(value.split(",")))
                .map(String::trim)
                .filter(value -> !value.isEmpty())
                .toList();
    }

    /** The parameter as an instant; null when absent or blank, a {@link BadRequestException} naming it when malformed. */
    static @Nullable Instant instant(OperatorService.Params params, String name) {
        String value = params.value(name);
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Instant.parse(value.trim());
        } catch (DateTimeParseException e) {
            throw new BadRequestException(name + " must be an ISO-8601 instant such as 2026-01-31T12:00:00Z but was '"
                    + Json.abbreviate(value) + "'");
        }
    }
}
