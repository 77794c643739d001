package dev.hookguard.spring.transaction;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.servlet.HookguardFilter;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

/**
 * One request to a transactional endpoint while its transaction is open: bound to the request's thread, it tells the
 * {@link TransactionalStore} which event's verdict belongs in the transaction, and remembers what became of that
 * event so that {@link TransactionalDeliveryFilter} knows whether to commit.
 */
final class TransactionalDelivery implements AutoCloseable {

    /** What to do with the transaction once the filter chain returned. */
    enum Decision {
        /** The verdict was recorded in the transaction: commit it with the handler's writes. */
        COMMIT,
        /** Nothing the handler wrote may stay, and the response is right as it is. */
        ROLL_BACK,
        /**
         * The handler ran but its verdict is not in the transaction (lease lost, store failure, fail-open): roll back,
         * and answer 503 instead of a 2xx so that the sender retries.
         */
        ROLL_BACK_AND_REFUSE_SUCCESS
    }

    private enum State {
        NOT_CLAIMED,
        NOT_ACQUIRED,
        ACQUIRED,
        COMPLETED,
        FAILED,
        CLAIM_UNAVAILABLE
    }

    private static final ThreadLocal<TransactionalDelivery> CURRENT = new ThreadLocal<>();

    private final String endpoint;
    private final HttpServletRequest request;
    private volatile State state = State.NOT_CLAIMED;

    private TransactionalDelivery(String endpoint, HttpServletRequest request) {
        this.endpoint = endpoint;
        this.request = request;
    }

    /** Binds a delivery of {@code endpoint} to the current thread until {@link #close()}. */
    static TransactionalDelivery open(String endpoint, HttpServletRequest request) {
        TransactionalDelivery delivery = new TransactionalDelivery(endpoint, request);
        CURRENT.set(delivery);
        return delivery;
    }

    /** The delivery bound to the current thread, if any. */
    static @Nullable TransactionalDelivery current() {
        return CURRENT.get();
    }

    /**
     * Whether {@code key} is this delivery's event: the key the filter verified for this request on the transactional
     * endpoint (and not, for instance, the body-hash marker the filter also claims for GitHub and Shopify).
     */
    boolean concerns(EventKey key) {
        return key.endpoint().equals(endpoint) && key.equals(request.getAttribute(HookguardFilter.EVENT_KEY_ATTRIBUTE));
    }

    void claimed(ClaimOutcome outcome) {
        state = outcome instanceof ClaimOutcome.Acquired ? State.ACQUIRED : State.NOT_ACQUIRED;
    }

    void claimUnavailable() {
        state = State.CLAIM_UNAVAILABLE;
    }

    void completed(WriteOutcome outcome) {
        if (outcome instanceof WriteOutcome.Recorded) {
            state = State.COMPLETED;
        }
    }

    void failed(WriteOutcome outcome) {
        if (outcome instanceof WriteOutcome.Recorded) {
            state = State.FAILED;
        }
    }

    Decision decision() {
        return switch (state) {
            case COMPLETED -> Decision.COMMIT;
            case NOT_CLAIMED, NOT_ACQUIRED, FAILED -> Decision.ROLL_BACK;
            case ACQUIRED, CLAIM_UNAVAILABLE -> Decision.ROLL_BACK_AND_REFUSE_SUCCESS;
        };
    }

    /** Unbinds the delivery from the thread. */
    @Override
    public void close() {
        CURRENT.remove();
    }
}
