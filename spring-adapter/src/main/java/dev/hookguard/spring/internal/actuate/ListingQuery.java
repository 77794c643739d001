package dev.hookguard.spring.internal.actuate;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.operator.ListFilter;
import dev.hookguard.core.operator.Listing;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/** The query parameters of a listing, as the {@code hookguard} Actuator endpoint takes them: comma-separated names. */
public final class ListingQuery {

    private ListingQuery() {}

    /**
     * The filter these parameters ask for; a bad name is an {@link IllegalArgumentException} naming it.
     *
     * @param listings listing names ({@code dead,failed}), any case; null or blank for the dead letters
     * @param errorClasses error class codes ({@code timeout,network}); null or blank for any
     * @param text a substring of the event id or last error; null or blank for any
     * @param from ISO-8601 instant: the record changed at or after it; null or blank for any
     * @param to ISO-8601 instant: the record changed before it; null or blank for any
     * @param stalledAfter the endpoint's quiet period before a FAILED record counts as stalled
     */
    static ListFilter filter(
            String endpoint,
            @Nullable String listings,
            @Nullable String errorClasses,
            @Nullable String text,
            @Nullable String from,
            @Nullable String to,
            Duration stalledAfter) {
        ListFilter.Builder filter = ListFilter.forEndpoint(endpoint)
                .text(text)
                .from(instant("from", from))
                .to(instant("to", to))
                .stalledAfter(stalledAfter);
        if (listings != null && !listings.isBlank()) {
            filter.listings(parse(listings, ListingQuery::listing, Listing.class));
        }
        if (errorClasses != null && !errorClasses.isBlank()) {
            filter.errorClasses(parse(errorClasses, ErrorClass::fromCode, ErrorClass.class));
        }
        return filter.build();
    }

    private static @Nullable Instant instant(String name, @Nullable String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Instant.parse(value.trim());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(
                    name + " must be an ISO-8601 instant such as 2026-01-31T12:00:00Z but was '" + value + "'");
        }
    }

    private static Listing listing(String name) {
        try {
            return Listing.valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "listing must be dead, rejected, failed, queued or stalled but was '" + name + "'");
        }
    }

    private static <E extends Enum<E>> Set<E> parse(String names, Function<String, E> parser, Class<E> type) {
        Set<E> parsed = EnumSet.noneOf(type);
        Arrays.stream(names.split(","))
                .map(String::trim)
                .filter(n -> !n.isEmpty())
                .map(parser)
                .forEach(parsed::add);
        return parsed;
    }
}
