package dev.hookguard.core.signature.internal;

import static dev.hookguard.core.signature.Verification.RejectionReason.TIMESTAMP_OUT_OF_TOLERANCE;

import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.core.signature.Verification.Rejected;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Checks a signed timestamp (whole seconds since the epoch, ASCII digits only) against the clock: it passes
 * when it lies at most the tolerance before or after now, bounds included. Now is truncated to the second, so
 * that a 300 s tolerance accepts exactly 300 s and rejects 301 s whatever the clock's sub-second part.
 */
public final class Tolerance {

    /** More digits than this cannot be a time within any tolerance of now, and might not fit a long. */
    private static final int MAX_DIGITS = 18;

    private final Duration tolerance;
    private final Clock clock;

    public Tolerance(Duration tolerance, Clock clock) {
        SignatureConfig.requireTolerance(tolerance);
        this.tolerance = tolerance;
        this.clock = clock;
    }

    /** {@link Verification.Verified} with the timestamp, or the rejection naming the header. */
    public Verification check(String header, String raw) {
        if (raw.isEmpty() || !raw.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return Rejections.malformed(header, "must be whole seconds since the epoch");
        }
        if (raw.length() > MAX_DIGITS) {
            return outOfTolerance(header);
        }
        long seconds = Long.parseLong(raw);
        long distance = Math.abs(clock.instant().getEpochSecond() - seconds);
        if (seconds > Instant.MAX.getEpochSecond()
                || Duration.ofSeconds(distance).compareTo(tolerance) > 0) {
            return outOfTolerance(header);
        }
        return Verification.Verified.at(Instant.ofEpochSecond(seconds));
    }

    private Rejected outOfTolerance(String header) {
        return new Rejected(
                TIMESTAMP_OUT_OF_TOLERANCE,
                header + " is more than " + tolerance.toSeconds() + " s away from the receiver's clock");
    }
}
