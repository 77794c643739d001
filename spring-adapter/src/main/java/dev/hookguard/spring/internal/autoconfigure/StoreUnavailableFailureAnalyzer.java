package dev.hookguard.spring.internal.autoconfigure;

import dev.hookguard.core.StoreUnavailableException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Prints a store that is down at start-up (the Redis store opens its connection, the JDBC store detects the dialect
 * and checks its table) as Spring Boot prints its own start-up failures: what failed and what to do, not a stack trace.
 */
public class StoreUnavailableFailureAnalyzer extends AbstractFailureAnalyzer<StoreUnavailableException> {

    @Override
    protected FailureAnalysis analyze(Throwable rootFailure, StoreUnavailableException cause) {
        return new FailureAnalysis(
                "Hookguard's store is unavailable at start-up: " + cause.getMessage(),
                "Start the store before the application and check its connection properties (spring.datasource.*,"
                        + " spring.data.redis.*, hookguard.store.redis.uri). To start while the database is down, set"
                        + " hookguard.store.jdbc.dialect: the JDBC store then needs no connection until the first"
                        + " delivery.",
                cause);
    }
}
