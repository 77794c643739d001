package dev.hookguard.core.executor;

/**
 * The result of {@link IdempotentExecutor#begin}: an {@link InFlight} attempt that the caller must finish,
 * or {@link Execution.NotRun} with the claim's outcome.
 */
public sealed interface Start permits InFlight, Execution.NotRun {}
