package dev.hookguard.core.executor;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.internal.executor.Classification;
import dev.hookguard.core.internal.executor.NotHandledException;
import java.io.InterruptedIOException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;

/**
 * Says why a handler's attempt failed (DESIGN.md §8): the {@link ErrorClass} stored with the FAILED, DEAD or
 * REJECTED record. Immutable and thread-safe; build with {@link #custom()} or take {@link #defaults()}.
 *
 * <p>An exception is classified by the first match along its cause chain (the exception itself, then its
 * cause, and so on): for each exception in the chain, the user's mappings are tried first, the most specific
 * type winning (a mapping of the exception's own class beats one of a superclass or interface), then the
 * built-in ones: time-outs ({@link TimeoutException}, {@link InterruptedIOException} such as {@code
 * SocketTimeoutException}, {@link HttpTimeoutException}) are {@code timeout}; {@link SocketException} (such as
 * {@code ConnectException}), {@link UnknownHostException} and {@link ClosedChannelException} are {@code
 * network}. Anything else is {@code exception}. A {@link NotHandledException} is always {@code not_handled}, whatever
 * the user's mappings say.
 *
 * <p>A response status is classified as: 408 and 504 {@code timeout}; 429 {@code rate_limited}; other
 * retryable statuses (5xx, 425, 1xx, 3xx) {@code server_error}; other 4xx {@code client_error}; the user may
 * map single statuses (for example 422 to {@code schema}).
 */
public final class ErrorClassifier {

    private static final int MAX_CAUSES = 16;

    private static final List<Map.Entry<Class<? extends Throwable>, ErrorClass>> BUILT_IN = List.of(
            Map.entry(TimeoutException.class, ErrorClass.TIMEOUT),
            Map.entry(InterruptedIOException.class, ErrorClass.TIMEOUT),
            Map.entry(HttpTimeoutException.class, ErrorClass.TIMEOUT),
            Map.entry(SocketException.class, ErrorClass.NETWORK),
            Map.entry(UnknownHostException.class, ErrorClass.NETWORK),
            Map.entry(ClosedChannelException.class, ErrorClass.NETWORK));

    private static final ErrorClassifier DEFAULTS = new ErrorClassifier(Map.of(), Map.of());

    private final Map<Class<?>, ErrorClass> exceptions;
    private final Map<Integer, ErrorClass> statuses;

    private ErrorClassifier(Map<Class<?>, ErrorClass> exceptions, Map<Integer, ErrorClass> statuses) {
        this.exceptions = Map.copyOf(exceptions);
        this.statuses = Map.copyOf(statuses);
    }

    /** The built-in classification only. */
    public static ErrorClassifier defaults() {
        return DEFAULTS;
    }

    /** A builder that starts from the built-in classification. */
    public static Builder custom() {
        return new Builder();
    }

    /** The class of a handler that threw {@code error}. */
    public ErrorClass ofException(Throwable error) {
        if (error instanceof NotHandledException) {
            return ErrorClass.NOT_HANDLED;
        }
        @Nullable Throwable current = error;
        for (int depth = 0; current != null && depth < MAX_CAUSES; depth++) {
            @Nullable ErrorClass mapped = mapped(current.getClass());
            if (mapped != null) {
                return mapped;
            }
            @Nullable ErrorClass builtIn = builtIn(current);
            if (builtIn != null) {
                return builtIn;
            }
            current = current.getCause() == current ? null : current.getCause();
        }
        return ErrorClass.EXCEPTION;
    }

    /** The class of a handler's response with this status, retryable or a rejection. */
    public ErrorClass ofStatus(int status) {
        @Nullable ErrorClass mapped = statuses.get(status);
        if (mapped != null) {
            return mapped;
        }
        if (status == 408 || status == 504) {
            return ErrorClass.TIMEOUT;
        }
        if (status == 429) {
            return ErrorClass.RATE_LIMITED;
        }
        if (status == 401 || status == 403) {
            return ErrorClass.AUTH;
        }
        return Classification.of(status) == Classification.REJECTED ? ErrorClass.CLIENT_ERROR : ErrorClass.SERVER_ERROR;
    }

    /** The user's mapping of the most specific type of {@code type}'s hierarchy, or null. */
    private @Nullable ErrorClass mapped(Class<?> type) {
        if (exceptions.isEmpty()) {
            return null;
        }
        for (@Nullable Class<?> c = type; c != null; c = c.getSuperclass()) {
            ErrorClass found = exceptions.get(c);
            if (found != null) {
                return found;
            }
            for (Class<?> implemented : c.getInterfaces()) {
                ErrorClass viaInterface = exceptions.get(implemented);
                if (viaInterface != null) {
                    return viaInterface;
                }
            }
        }
        return null;
    }

    private static @Nullable ErrorClass builtIn(Throwable error) {
        for (Map.Entry<Class<? extends Throwable>, ErrorClass> entry : BUILT_IN) {
            if (entry.getKey().isInstance(error)) {
                return entry.getValue();
            }
        }
        return null;
    }

    /** Builds an {@link ErrorClassifier}: the user's mappings on top of the built-in ones. */
    public static final class Builder {
        private final Map<Class<?>, ErrorClass> exceptions = new LinkedHashMap<>();
        private final Map<Integer, ErrorClass> statuses = new LinkedHashMap<>();

        private Builder() {}

        /**
         * Classifies {@code type} (an exception class, or an interface exceptions implement) and its subtypes
         * (unless a more specific type is mapped too) as {@code errorClass}, wherever it appears in the cause
         * chain before a built-in match.
         */
        public Builder exception(Class<?> type, ErrorClass errorClass) {
            if (type == null || errorClass == null) {
                throw new IllegalArgumentException(
                        "exception type and error class must be given but were " + type + " and " + errorClass);
            }
            if (!type.isInterface() && !Throwable.class.isAssignableFrom(type)) {
                throw new IllegalArgumentException(
                        "type must be a Throwable or an interface but was " + type.getName());
            }
            exceptions.put(type, errorClass);
            return this;
        }

        /** Classifies a handler's response with this status (100..599) as {@code errorClass}. */
        public Builder status(int status, ErrorClass errorClass) {
            if (status < 100 || status > 599 || errorClass == null) {
                throw new IllegalArgumentException(
                        "status must be 100..599 with an error class but was " + status + " with " + errorClass);
            }
            statuses.put(status, errorClass);
            return this;
        }

        /** The classifier. */
        public ErrorClassifier build() {
            return new ErrorClassifier(exceptions, statuses);
        }
    }
}
