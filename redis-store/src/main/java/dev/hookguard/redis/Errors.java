package dev.hookguard.redis;

import dev.hookguard.core.Completion;
import dev.hookguard.core.Failure;
import dev.hookguard.core.RecordStatus;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/** The error class and retry of a verdict, as the scripts take them. */
final class Errors {

    private Errors() {}

    /** The error class code stored with a completion: none for SUCCEEDED. */
    static String code(Completion completion) {
        return completion.status() == RecordStatus.REJECTED ? "client_error" : "";
    }

    /** The error class code stored with a failure. */
    static String code(Failure failure) {
        return "exception";
    }

    /** When the receiver retries the failure itself; null when the sender retries. */
    static @Nullable Duration retryIn(Failure failure) {
        return null;
    }
}
