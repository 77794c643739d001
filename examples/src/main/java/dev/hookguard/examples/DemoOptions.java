package dev.hookguard.examples;

/**
 * Everything the command line says.
 *
 * @param storm the storm to send; zero events sends none
 * @param store the receiver's store
 * @param port the receiver's port, 0 for any free one
 * @param serve keep the receiver running after the storm, until the process is stopped
 * @param help print the usage and stop
 */
record DemoOptions(StormConfig storm, StoreKind store, int port, boolean serve, boolean help) {

    /** Default store: an H2 file. */
    static final StoreKind DEFAULT_STORE = StoreKind.H2;
    /** Default port: any free one. */
    static final int DEFAULT_PORT = 0;

    /** Validates; a bad field is an {@link IllegalArgumentException} naming it and its value. */
    DemoOptions {
        if (storm == null || store == null) {
            throw new IllegalArgumentException("storm and store must be set");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("--port must be between 0 and 65535 but was " + port);
        }
    }
}
