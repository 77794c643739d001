package dev.hookguard.core.internal.executor;

import dev.hookguard.core.ClaimOutcome;

/**
 * What {@link Attempts#begin} made of a claim: an {@link InFlight} attempt that the caller must finish, or {@link
 * Refused} with the store's outcome (the handler must not run).
 */
public sealed interface Start permits InFlight, Start.Refused {

    /**
     * The claim did not acquire the event: the handler must not run.
     *
     * @param outcome Duplicate, InProgress, Mismatch or Dead
     */
    record Refused(ClaimOutcome outcome) implements Start {}
}
