package dev.hookguard.core.executor;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.StoredResponse;
import java.util.function.Function;

/** The result of {@link IdempotentExecutor#execute}: the handler ran, or the claim said it must not. */
public sealed interface Execution {

    /**
     * The result of {@code handled} when the handler ran, else of {@code notRun}: one function per case, for Java 17,
     * where {@code switch} cannot match types.
     *
     * @param <R> what both functions return
     */
    default <R> R match(Function<? super Handled, ? extends R> handled, Function<? super NotRun, ? extends R> notRun) {
        return this instanceof Handled h ? handled.apply(h) : notRun.apply((NotRun) this);
    }

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
    record NotRun(ClaimOutcome outcome) implements Execution {}
}
