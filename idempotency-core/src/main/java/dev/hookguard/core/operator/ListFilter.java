package dev.hookguard.core.operator;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.RecordStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * What an operator listing, count or bulk action selects on one endpoint. Every criterion narrows the
 * selection; build with {@link #forEndpoint(String)}.
 *
 * @param endpoint the endpoint whose records to select
 * @param listings which records: the union of these listings, never empty
 * @param errorClasses the records' error class must be one of these; empty = any (including none)
 * @param from the record's {@code updatedAt} is at or after this, when set
 * @param to the record's {@code updatedAt} is before this, when set
 * @param text the event id or the last error contains this, ignoring case, when set
 * @param stalledAfter how long a FAILED record out of the due queue may stay unchanged before it counts as
 *     {@link Listing#STALLED}
 */
public record ListFilter(
        String endpoint,
        Set<Listing> listings,
        Set<ErrorClass> errorClasses,
        @Nullable Instant from,
        @Nullable Instant to,
        @Nullable String text,
        Duration stalledAfter) {

    /** Default listings: the dead letters, DEAD and REJECTED. */
    public static final Set<Listing> DEFAULT_LISTINGS = Set.of(Listing.DEAD, Listing.REJECTED);
    /** Default quiet period before a FAILED record counts as stalled: 15 minutes. */
    public static final Duration DEFAULT_STALLED_AFTER = Duration.ofMinutes(15);

    /** Validates every field; a bad one is an {@link IllegalArgumentException} naming field and value. */
    public ListFilter {
        EventKey.of(endpoint, "x"); // an endpoint is valid where it is valid in a key
        if (listings == null || listings.isEmpty()) {
            throw new IllegalArgumentException("listings must name at least one listing but was " + listings);
        }
        listings = Set.copyOf(listings);
        errorClasses = Set.copyOf(errorClasses);
        if (from != null && to != null && !from.isBefore(to)) {
            throw new IllegalArgumentException("from " + from + " must be before to " + to);
        }
        text = text == null || text.isBlank() ? null : text;
        if (stalledAfter == null || stalledAfter.isNegative()) {
            throw new IllegalArgumentException("stalledAfter must not be negative but was " + stalledAfter);
        }
    }

    /** A builder for this endpoint's dead letters (DEAD and REJECTED), any class, any time. */
    public static Builder forEndpoint(String endpoint) {
        return new Builder(endpoint);
    }

    /** The endpoint's dead letters: DEAD and REJECTED records. */
    public static ListFilter deadLetters(String endpoint) {
        return forEndpoint(endpoint).build();
    }

    /** True when the record matches every criterion at the store's {@code now}; for stores and tests. */
    public boolean matches(EventRecord record, Instant now) {
        return record.key().endpoint().equals(endpoint)
                && listings.stream().anyMatch(l -> l.holds(record, now, stalledAfter))
                && matchesClass(record.errorClass())
                && (from == null || !record.updatedAt().isBefore(from))
                && (to == null || record.updatedAt().isBefore(to))
                && matchesText(record);
    }

    private boolean matchesClass(@Nullable ErrorClass errorClass) {
        return errorClasses.isEmpty() || (errorClass != null && errorClasses.contains(errorClass));
    }

    private boolean matchesText(EventRecord record) {
        if (text == null) {
            return true;
        }
        String needle = text.toLowerCase(Locale.ROOT);
        String error = record.lastError();
        return record.key().eventId().toLowerCase(Locale.ROOT).contains(needle)
                || (error != null && error.toLowerCase(Locale.ROOT).contains(needle));
    }

    /** Builds a {@link ListFilter}; names equal the record's components. */
    public static final class Builder {
        private final String endpoint;
        private Set<Listing> listings = DEFAULT_LISTINGS;
        private Set<ErrorClass> errorClasses = Set.of();
        private @Nullable Instant from;
        private @Nullable Instant to;
        private @Nullable String text;
        private Duration stalledAfter = DEFAULT_STALLED_AFTER;

        private Builder(String endpoint) {
            this.endpoint = endpoint;
        }

        /** See {@link ListFilter#listings()}. */
        public Builder listings(Set<Listing> listings) {
            this.listings = listings;
            return this;
        }

        /** See {@link ListFilter#listings()}. */
        public Builder listings(Listing first, Listing... more) {
            this.listings = EnumSet.of(first, more);
            return this;
        }

        /** See {@link ListFilter#errorClasses()}. */
        public Builder errorClasses(Set<ErrorClass> errorClasses) {
            this.errorClasses = errorClasses;
            return this;
        }

        /** See {@link ListFilter#errorClasses()}. */
        public Builder errorClasses(ErrorClass first, ErrorClass... more) {
            this.errorClasses = EnumSet.of(first, more);
            return this;
        }

        /** See {@link ListFilter#from()}. */
        public Builder from(@Nullable Instant from) {
            this.from = from;
            return this;
        }

        /** See {@link ListFilter#to()}. */
        public Builder to(@Nullable Instant to) {
            this.to = to;
            return this;
        }

        /** See {@link ListFilter#text()}. */
        public Builder text(@Nullable String text) {
            this.text = text;
            return this;
        }

        /** See {@link ListFilter#stalledAfter()}. */
        public Builder stalledAfter(Duration stalledAfter) {
            this.stalledAfter = stalledAfter;
            return this;
        }

        /** The filter; throws {@link IllegalArgumentException} naming the first bad field. */
        public ListFilter build() {
            return new ListFilter(endpoint, listings, errorClasses, from, to, text, stalledAfter);
        }
    }

    /** Which records an operator listing shows ({@link ListFilter#listings()}); a filter takes the union. */
    public enum Listing {
        /** DEAD records. */
        DEAD,
        /** REJECTED records. */
        REJECTED,
        /** FAILED records, whether or not they are in the due queue. */
        FAILED,
        /** QUEUED records. */
        QUEUED,
        /**
         * Records nobody is going to move on their own: PROCESSING past their lease, or FAILED and not in the due
         * queue with no change for {@link ListFilter#stalledAfter()} (store time).
         */
        STALLED;

        /** True when a record in this state belongs to this listing at the store's {@code now}. */
        public boolean holds(EventRecord record, Instant now, Duration stalledAfter) {
            return switch (this) {
                case DEAD -> record.status() == RecordStatus.DEAD;
                case REJECTED -> record.status() == RecordStatus.REJECTED;
                case FAILED -> record.status() == RecordStatus.FAILED;
                case QUEUED -> record.status() == RecordStatus.QUEUED;
                case STALLED -> isStalled(record, now, stalledAfter);
            };
        }

        private static boolean isStalled(EventRecord record, Instant now, Duration stalledAfter) {
            if (record.status() == RecordStatus.PROCESSING) {
                return record.leaseUntil() != null && !now.isBefore(record.leaseUntil());
            }
            return record.status() == RecordStatus.FAILED
                    && record.nextAttemptAt() == null
                    && !record.updatedAt().isAfter(now.minus(stalledAfter));
        }
    }
}
