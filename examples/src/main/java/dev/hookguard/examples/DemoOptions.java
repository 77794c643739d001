package dev.hookguard.examples;

import java.time.Duration;

/**
 * Everything the command line says.
 *
 * @param storm the storm to send; zero events sends none
 * @param store the receiver's store
 * @param port the receiver's port, 0 for any free one
 * @param handlerTime how long the demo handler works on an event before it succeeds
 * @param serve keep the receiver running after the storm, until the process is stopped
 * @param help print the usage and stop
 */
record DemoOptions(StormConfig storm, StoreKind store, int port, Duration handlerTime, boolean serve, boolean help) {

    /** Default store: an H2 file. */
    static final StoreKind DEFAULT_STORE = StoreKind.H2;
    /** Default port: any free one. */
    static final int DEFAULT_PORT = 0;
    /** Default handler time: 10 ms, long enough that concurrent copies meet an event in progress. */
    static final Duration DEFAULT_HANDLER_TIME = Duration.ofMillis(10);

    /** Validates; a bad field is an {@link IllegalArgumentException} naming it and its value. */
    DemoOptions {
        if (storm == null || store == null) {
            throw new IllegalArgumentException("storm and store must be set");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("--port must be between 0 and 65535 but was " + port);
        }
        if (handlerTime == null || handlerTime.isNegative()) {
            throw new IllegalArgumentException("--handler-time must not be negative but was " + handlerTime);
        }
    }
}
