package dev.hookguard.servlet;

import dev.hookguard.core.StoredResponse;
import dev.hookguard.core.executor.InFlight;
import dev.hookguard.core.executor.Verdict;
import java.util.function.Consumer;

/** Where a hand-off's result goes: the claim's {@link InFlight}, or nowhere when failing open. */
interface Recorder {

    /** Records the handler's response. */
    Verdict finish(StoredResponse response);

    /** Records that the handler failed. */
    Verdict fail(Throwable error);

    /** Whether the delivery was claimed, so that an {@link Verdict#UNRECORDED} verdict must not be acknowledged. */
    boolean claimed();

    /** Records through the claim, reporting every verdict to {@code verdicts}. */
    static Recorder claimed(InFlight inFlight, Consumer<Verdict> verdicts) {
        return new Recorder() {
            @Override
            public Verdict finish(StoredResponse response) {
                Verdict verdict = inFlight.finish(response);
                verdicts.accept(verdict);
                return verdict;
            }

            @Override
            public Verdict fail(Throwable error) {
                Verdict verdict = inFlight.fail(error);
                verdicts.accept(verdict);
                return verdict;
            }

            @Override
            public boolean claimed() {
                return true;
            }
        };
    }

    /** Fail-open: nothing was claimed, so nothing is recorded; already counted as {@code store_unavailable}. */
    static Recorder unclaimed() {
        return new Recorder() {
            @Override
            public Verdict finish(StoredResponse response) {
                return Verdict.UNRECORDED;
            }

            @Override
            public Verdict fail(Throwable error) {
                return Verdict.UNRECORDED;
            }

            @Override
            public boolean claimed() {
                return false;
            }
        };
    }
}
