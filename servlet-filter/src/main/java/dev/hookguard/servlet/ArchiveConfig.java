package dev.hookguard.servlet;

import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * Archive before purge: dead letters (DEAD and REJECTED records) whose last change is older than {@link #after()} are
 * written to gzipped JSON Lines files under {@link #directory()}, one file per endpoint and hour, before they are
 * deleted from the store. Off while no directory is set. With it on, the filter keeps every endpoint's DEAD records in
 * the store until they are archived (their dead retention becomes a hold), and the archiver deletes an archived dead
 * letter once it is older than the endpoint's configured dead retention. Immutable; build with {@link #custom()} or
 * take {@link #off()}.
 *
 * @param directory where the files go, or null (the default) for no archiving; created if missing, must be writable
 * @param after how old a dead letter's last change must be before it is archived; positive, and shorter than every
 *     endpoint's dead retention and retention
 * @param interval how often the archiver runs; at least 1 s
 */
public record ArchiveConfig(@Nullable Path directory, Duration after, Duration interval) {

    /** Default age of a dead letter before it is archived: 1 hour. */
    public static final Duration DEFAULT_AFTER = Duration.ofHours(1);
    /** Default pause between the archiver's runs: 1 minute. */
    public static final Duration DEFAULT_INTERVAL = Duration.ofMinutes(1);

    /** Validates every field; a bad one is an {@link IllegalArgumentException} naming field and value. */
    public ArchiveConfig {
        if (after == null || after.isNegative() || after.isZero()) {
            throw new IllegalArgumentException("after must be positive but was " + after);
        }
        if (interval == null || interval.compareTo(Duration.ofSeconds(1)) < 0) {
            throw new IllegalArgumentException("interval must be at least 1 s but was " + interval);
        }
    }

    /** No archiving. */
    public static ArchiveConfig off() {
        return custom().build();
    }

    /** Whether a directory is set. */
    public boolean enabled() {
        return directory != null;
    }

    /** A builder that starts from the defaults (no directory). */
    public static Builder custom() {
        return new Builder();
    }

    /** Builds an {@link ArchiveConfig}; names equal the record's components. */
    public static final class Builder {
        private @Nullable Path directory;
        private Duration after = DEFAULT_AFTER;
        private Duration interval = DEFAULT_INTERVAL;

        private Builder() {}

        /** See {@link ArchiveConfig#directory()}; null for no archiving. */
        public Builder directory(@Nullable Path directory) {
            this.directory = directory;
            return this;
        }

        /** See {@link ArchiveConfig#after()}. */
        public Builder after(Duration after) {
            this.after = after;
            return this;
        }

        /** See {@link ArchiveConfig#interval()}. */
        public Builder interval(Duration interval) {
            this.interval = interval;
            return this;
        }

        /** The configuration; throws {@link IllegalArgumentException} naming the first bad field. */
        public ArchiveConfig build() {
            return new ArchiveConfig(directory, after, interval);
        }
    }
}
