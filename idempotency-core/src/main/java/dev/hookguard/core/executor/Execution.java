package dev.hookguard.core.executor;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.StoredResponse;

/** The result of {@link IdempotentExecutor#execute}: the handler ran, or the claim said it must not. */
public sealed interface Execution {

    /**
     * The handler ran and returned a response.
     *
     * @param response the handler's whole response (not capped)
     * @param verdict what was recorded
     */
    record Handled(StoredResponse response, Verdict verdict) implements Execution {}

    /**
     * The claim did not acquire the event, so the handler did not run.
     *
     * @param outcome Duplicate, InProgress, Mismatch or Dead
     */
    record NotRun(ClaimOutcome outcome) implements Execution, Start {}
}
