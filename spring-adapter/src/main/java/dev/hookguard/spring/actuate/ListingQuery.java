package dev.hookguard.spring.actuate;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.ListFilter;
import dev.hookguard.core.Listing;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/** The query parameters of a listing, as the {@code hookguard} Actuator endpoint takes them: comma-separated names. */
final class ListingQuery {

    private ListingQuery() {}

    /**
     * The filter these parameters ask for; a bad name is an {@link IllegalArgumentException} naming it.
     *
     * @param listings listing names ({@code dead,failed}), any case; null or blank for the dead letters
     * @param errorClasses error class codes ({@code timeout,network}); null or blank for any
     * @param text a substring of the event id or last error; null or blank for any
     */
    static ListFilter filter(
            String endpoint, @Nullable String listings, @Nullable String errorClasses, @Nullable String text) {
        ListFilter.Builder filter = ListFilter.forEndpoint(endpoint).text(text);
        if (listings != null && !listings.isBlank()) {
            filter.listings(parse(listings, ListingQuery::listing, Listing.class));
        }
        if (errorClasses != null && !errorClasses.isBlank()) {
            filter.errorClasses(parse(errorClasses, ErrorClass::fromCode, ErrorClass.class));
        }
        return filter.build();
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
