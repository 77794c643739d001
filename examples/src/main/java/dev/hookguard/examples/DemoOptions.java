package dev.hookguard.examples;

import dev.hookguard.examples.receiver.StoreKind;
import dev.hookguard.examples.sender.SenderKind;
import dev.hookguard.examples.sender.StormConfig;
import dev.hookguard.servlet.Intake;
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
 * @param sender how the sender retries: like a provider that retries, or like GitHub, never
 * @param intake how the receiver's endpoints take deliveries in: the handler inside the request, or queued and
 *     answered 202 at once
 */
record DemoOptions(
        StormConfig storm,
        StoreKind store,
        int port,
        Duration handlerTime,
        boolean serve,
        boolean help,
        SenderKind sender,
        Intake intake) {

    /** Default store: an H2 file. */
    static final StoreKind DEFAULT_STORE = StoreKind.H2;
    /** Default port: any free one. */
    static final int DEFAULT_PORT = 0;
    /** Default handler time: 10 ms, long enough that concurrent copies meet an event in progress. */
    static final Duration DEFAULT_HANDLER_TIME = Duration.ofMillis(10);
    /** Default sender: one that retries. */
    static final SenderKind DEFAULT_SENDER = SenderKind.RETRYING;
    /** Default intake: the handler runs inside the request. */
    static final Intake DEFAULT_INTAKE = Intake.SYNC;

    /** Validates; a bad field is an {@link IllegalArgumentException} naming it and its value. */
    DemoOptions {
        if (storm == null || store == null || sender == null || intake == null) {
            throw new IllegalArgumentException("storm, store, sender and intake must be set");
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("--port must be between 0 and 65535 but was " + port);
        }
        if (handlerTime == null || handlerTime.isNegative()) {
            throw new IllegalArgumentException("--handler-time must not be negative but was " + handlerTime);
        }
    }

    /**
     * Whether the receiver, not the sender, brings the events to their end: a sender that never retries, or
     * asynchronous intake (the sender takes the 202 as done). Then the demo waits for the store's verdicts after
     * the storm, and its checks read them.
     */
    boolean receiverSettles() {
        return sender == SenderKind.GITHUB || intake == Intake.ASYNC;
    }
}
