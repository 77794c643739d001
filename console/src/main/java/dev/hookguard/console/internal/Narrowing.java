package dev.hookguard.console.internal;

import dev.hookguard.core.Attempt;
import dev.hookguard.core.EventRecord;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the operator API selects beyond the store's {@link dev.hookguard.core.operator.ListFilter}, evaluated over the
 * store's listing ({@link Listings}): a JSON-pointer {@link PayloadMatch} on the payload ({@value PayloadMatch#PARAM})
 * and the type of the exception the handler last threw ({@value #EXCEPTION}: the newest attempt's exception class, or
 * the class that starts the last error when the record keeps no attempt; a fully qualified name or its simple name).
 *
 * @param payload the payload match, or null
 * @param exception the exception type, or null
 */
record Narrowing(@Nullable PayloadMatch payload, @Nullable String exception) {

    /** The parameter of the exception type. */
    static final String EXCEPTION = "exception";

    /** Selects every record the filter selects. */
    static final Narrowing NONE = new Narrowing(null, null);

    /** The narrowing the parameters ask for; a malformed one is a {@link BadRequestException}. */
    static Narrowing of(OperatorService.Params params) {
        String exception = params.value(EXCEPTION);
        return new Narrowing(
                PayloadMatch.parse(params.value(PayloadMatch.PARAM)),
                exception == null || exception.isBlank() ? null : exception.trim());
    }

    /** True when nothing narrows the filter. */
    boolean isNone() {
        return payload == null && exception == null;
    }

    boolean matches(EventRecord record) {
        return (payload == null || payload.matches(record)) && (exception == null || threw(record, exception));
    }

    private static boolean threw(EventRecord record, String type) {
        String thrown = lastException(record);
        return thrown != null && (thrown.equals(type) || thrown.endsWith("." + type) || thrown.endsWith("$" + type));
    }

    /** The class of the newest attempt's exception, or the class name that starts the last error. */
    static @Nullable String lastException(EventRecord record) {
        List<Attempt> log = record.attemptLog();
        if (!log.isEmpty()) {
            return log.get(log.size() - 1).exceptionClass();
        }
        String error = record.lastError();
        if (error == null) {
            return null;
        }
        int colon = error.indexOf(':');
        String head = colon < 0 ? error : error.substring(0, colon);
        return head.matches("[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)+") ? head : null;
    }
}
