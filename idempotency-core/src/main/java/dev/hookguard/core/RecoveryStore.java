package dev.hookguard.core;

import dev.hookguard.core.operator.EndpointControls;
import dev.hookguard.core.operator.OperatorStore;

/**
 * A store with all four parts of the SPI: the hot path, the due queue, the operator side and the endpoint
 * controls. Every store
 * Hookguard ships implements it; callers that need more than the hot path (dispatcher, console, gauges)
 * take a {@code RecoveryStore}.
 */
public interface RecoveryStore extends IdempotencyStore, DueQueue, OperatorStore, EndpointControls {}
