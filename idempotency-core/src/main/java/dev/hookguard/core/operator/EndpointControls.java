package dev.hookguard.core.operator;

import dev.hookguard.core.operator.OperatorAction.AuditEntry;
import org.jspecify.annotations.Nullable;

/**
 * The endpoint side of the operator SPI (DESIGN.md §8, endpoint controls): whether an endpoint's dispatching is
 * paused, kept in the store so every node's dispatcher obeys it. Each change is one atomic write that keeps who made
 * it, when (the store's clock) and why; reading is one cheap read, which each dispatcher does about once a second.
 */
public interface EndpointControls {

    /**
     * Pauses the endpoint's dispatching: no node picks its due records until {@link #resume}. Async intake keeps
     * accepting and queueing. Pausing a paused endpoint records the new action and stays paused.
     *
     * @return the endpoint's controls after the change
     */
    EndpointState pause(String endpoint, OperatorAction action);

    /**
     * Resumes the endpoint's dispatching: its backlog drains at its delivery rate. Resuming a running endpoint records
     * the action and changes nothing else.
     *
     * @return the endpoint's controls after the change
     */
    EndpointState resume(String endpoint, OperatorAction action);

    /** The endpoint's controls now; an endpoint never paused or resumed is running with no last change. */
    EndpointState controls(String endpoint);

    /**
     * An endpoint's controls as the store keeps them.
     *
     * @param endpoint the endpoint
     * @param paused whether its dispatching is paused
     * @param lastChange the last pause or resume ({@link AuditEntry#PAUSE}, {@link AuditEntry#RESUME}): who, when, why;
     *     null when there was none
     */
    public record EndpointState(
            String endpoint, boolean paused, @Nullable AuditEntry lastChange) {

        /** An endpoint that was never paused. */
        public static EndpointState running(String endpoint) {
            return new EndpointState(endpoint, false, null);
        }
    }
}
