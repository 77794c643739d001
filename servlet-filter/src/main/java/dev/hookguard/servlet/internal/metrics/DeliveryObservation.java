package dev.hookguard.servlet.internal.metrics;

/**
 * The trace of one delivery (DESIGN.md §7): opened when a request reaches a guarded endpoint, told the event id, the
 * attempt and the outcome as they become known, marked at the claim, the handler and the verdict, and stopped once.
 * {@link MicrometerDeliveryMetrics} makes each one a Micrometer {@code Observation} named {@value #NAME}; {@link
 * #none()} records nothing. Implementations are called from the threads that work on the delivery, one at a time,
 * and never throw.
 */
public interface DeliveryObservation {

    /** The observation's name. */
    String NAME = "hookguard.delivery";
    /** Low-cardinality key: the endpoint's name. */
    String ENDPOINT_KEY = "endpoint";
    /** Low-cardinality key: the delivery's {@link DeliveryOutcome#tag()}, {@code none} until it is known. */
    String OUTCOME_KEY = "outcome";
    /** Low-cardinality key: the claim's attempt ({@code 1} to the endpoint's maximum), {@code 0} without a claim. */
    String ATTEMPT_KEY = "attempt";
    /** High-cardinality key: the verified event id. */
    String EVENT_ID_KEY = "hookguard.event.id";
    /** Event: the claim returned. */
    String CLAIM_EVENT = "claim";
    /** Event: the handler's response is final (or it threw). */
    String HANDLER_EVENT = "handler";
    /** Event: the verdict is decided (recorded, replayed or answered). */
    String VERDICT_EVENT = "verdict";

    /** The verified event id. */
    void eventId(String eventId);

    /** The claim's attempt. */
    void attempt(int attempt);

    /** Marks one of the delivery's parts: {@link #CLAIM_EVENT}, {@link #HANDLER_EVENT} or {@link #VERDICT_EVENT}. */
    void event(String name);

    /** What became of the delivery. */
    void outcome(DeliveryOutcome outcome);

    /** Ends the observation; later calls do nothing. */
    void stop();

    /** An observation that records nothing. */
    static DeliveryObservation none() {
        return NoObservation.INSTANCE;
    }
}

/** The observation that records nothing. */
enum NoObservation implements DeliveryObservation {
    INSTANCE;

    @Override
    public void eventId(String eventId) {}

    @Override
    public void attempt(int attempt) {}

    @Override
    public void event(String name) {}

    @Override
    public void outcome(DeliveryOutcome outcome) {}

    @Override
    public void stop() {}
}
