package dev.hookguard.core.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.internal.executor.NotHandledException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ErrorClassifierTest {

    private static final ErrorClassifier DEFAULTS = ErrorClassifier.defaults();

    /** A user's exception for an exhausted quota. */
    static class QuotaExceeded extends RuntimeException {
        QuotaExceeded() {
            super("quota");
        }
    }

    /** A more specific quota exception. */
    static final class DailyQuotaExceeded extends QuotaExceeded {}

    /** A marker interface users may map. */
    interface BadInput {}

    /** A user's parse failure, marked as bad input. */
    static final class ParseFailure extends RuntimeException implements BadInput {}

    @ParameterizedTest
    @CsvSource({
        "408, TIMEOUT",
        "504, TIMEOUT",
        "429, RATE_LIMITED",
        "500, SERVER_ERROR",
        "503, SERVER_ERROR",
        "425, SERVER_ERROR",
        "302, SERVER_ERROR",
        "101, SERVER_ERROR",
        "400, CLIENT_ERROR",
        "404, CLIENT_ERROR",
        "422, CLIENT_ERROR"
    })
    void shouldClassifyStatuses(int status, ErrorClass expected) {
        assertThat(DEFAULTS.ofStatus(status)).isEqualTo(expected);
    }

    @Test
    void shouldClassifyAnUnhandledDeliveryAsNotHandledWhateverTheUserMaps() {
        ErrorClassifier mapped = ErrorClassifier.custom()
                .exception(RuntimeException.class, ErrorClass.SCHEMA)
                .build();

        assertThat(DEFAULTS.ofException(new NotHandledException("403 from a filter")))
                .isEqualTo(ErrorClass.NOT_HANDLED);
        assertThat(mapped.ofException(new NotHandledException("403 from a filter")))
                .isEqualTo(ErrorClass.NOT_HANDLED);
        assertThat(ErrorClass.fromCode("not_handled")).isEqualTo(ErrorClass.NOT_HANDLED);
    }

    @Test
    void shouldClassifyTimeouts() {
        assertThat(DEFAULTS.ofException(new SocketTimeoutException("read timed out")))
                .isEqualTo(ErrorClass.TIMEOUT);
        assertThat(DEFAULTS.ofException(new TimeoutException())).isEqualTo(ErrorClass.TIMEOUT);
        assertThat(DEFAULTS.ofException(new HttpTimeoutException("slow"))).isEqualTo(ErrorClass.TIMEOUT);
        assertThat(DEFAULTS.ofException(new HttpConnectTimeoutException("slow")))
                .isEqualTo(ErrorClass.TIMEOUT);
    }

    @Test
    void shouldClassifyNetworkFailures() {
        assertThat(DEFAULTS.ofException(new ConnectException("refused"))).isEqualTo(ErrorClass.NETWORK);
        assertThat(DEFAULTS.ofException(new UnknownHostException("nowhere"))).isEqualTo(ErrorClass.NETWORK);
        assertThat(DEFAULTS.ofException(new ClosedChannelException())).isEqualTo(ErrorClass.NETWORK);
    }

    @Test
    void shouldClassifyAnythingElseAsException() {
        assertThat(DEFAULTS.ofException(new IllegalStateException("bug"))).isEqualTo(ErrorClass.EXCEPTION);
        assertThat(DEFAULTS.ofException(new IOException("disk"))).isEqualTo(ErrorClass.EXCEPTION);
        assertThat(DEFAULTS.ofException(new OutOfMemoryError())).isEqualTo(ErrorClass.EXCEPTION);
    }

    @Test
    void shouldLookThroughTheCauseChain() {
        Exception wrapped = new ExecutionException(new UncheckedIOException(new ConnectException("refused")));

        assertThat(DEFAULTS.ofException(wrapped)).isEqualTo(ErrorClass.NETWORK);
    }

    @Test
    void shouldStopOnACyclicCauseChain() {
        RuntimeException first = new RuntimeException("a");
        RuntimeException second = new RuntimeException("b", first);
        first.initCause(second);

        assertThat(DEFAULTS.ofException(first)).isEqualTo(ErrorClass.EXCEPTION);
    }

    @Test
    void shouldApplyTheUsersMappingToTheTypeAndItsSubtypes() {
        ErrorClassifier classifier = ErrorClassifier.custom()
                .exception(QuotaExceeded.class, ErrorClass.RATE_LIMITED)
                .build();

        assertThat(classifier.ofException(new QuotaExceeded())).isEqualTo(ErrorClass.RATE_LIMITED);
        assertThat(classifier.ofException(new DailyQuotaExceeded())).isEqualTo(ErrorClass.RATE_LIMITED);
        assertThat(classifier.ofException(new RuntimeException(new QuotaExceeded())))
                .isEqualTo(ErrorClass.RATE_LIMITED);
        assertThat(DEFAULTS.ofException(new QuotaExceeded())).isEqualTo(ErrorClass.EXCEPTION);
    }

    @Test
    void shouldPreferTheMostSpecificMapping() {
        ErrorClassifier classifier = ErrorClassifier.custom()
                .exception(RuntimeException.class, ErrorClass.SERVER_ERROR)
                .exception(QuotaExceeded.class, ErrorClass.RATE_LIMITED)
                .build();

        assertThat(classifier.ofException(new DailyQuotaExceeded())).isEqualTo(ErrorClass.RATE_LIMITED);
        assertThat(classifier.ofException(new IllegalStateException())).isEqualTo(ErrorClass.SERVER_ERROR);
    }

    @Test
    void shouldMapInterfacesAndOverrideBuiltInClasses() {
        ErrorClassifier classifier = ErrorClassifier.custom()
                .exception(BadInput.class, ErrorClass.SCHEMA)
                .exception(SocketTimeoutException.class, ErrorClass.NETWORK)
                .build();

        assertThat(classifier.ofException(new ParseFailure())).isEqualTo(ErrorClass.SCHEMA);
        assertThat(classifier.ofException(new SocketTimeoutException())).isEqualTo(ErrorClass.NETWORK);
    }

    @Test
    void shouldLetTheOuterExceptionsMappingWinOverABuiltInCause() {
        ErrorClassifier classifier = ErrorClassifier.custom()
                .exception(QuotaExceeded.class, ErrorClass.RATE_LIMITED)
                .build();
        QuotaExceeded outer = new QuotaExceeded();
        outer.initCause(new ConnectException("refused"));

        assertThat(classifier.ofException(outer)).isEqualTo(ErrorClass.RATE_LIMITED);
    }

    @Test
    void shouldApplyTheUsersStatusMapping() {
        ErrorClassifier classifier =
                ErrorClassifier.custom().status(422, ErrorClass.SCHEMA).build();

        assertThat(classifier.ofStatus(422)).isEqualTo(ErrorClass.SCHEMA);
        assertThat(classifier.ofStatus(400)).isEqualTo(ErrorClass.CLIENT_ERROR);
    }

    @Test
    void shouldRefuseBadMappings() {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ErrorClassifier.custom().status(600, ErrorClass.SCHEMA))
                .withMessageContaining("600");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ErrorClassifier.custom().exception(QuotaExceeded.class, null));
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ErrorClassifier.custom().exception(String.class, ErrorClass.SCHEMA))
                .withMessageContaining("java.lang.String");
    }
}
