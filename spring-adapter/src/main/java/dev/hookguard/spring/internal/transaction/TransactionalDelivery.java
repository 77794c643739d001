package dev.hookguard.spring.internal.transaction;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.WriteOutcome;
import dev.hookguard.servlet.HookguardFilter;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import org.springframework.transaction.TransactionStatus;

/**
 * One request to a transactional endpoint: bound to the request's thread, it holds the transaction opened when the
 * handler is reached (after the claim, never before), tells the {@link TransactionalStore} which event's verdict
 * belongs in that transaction, and remembers what became of the event so that {@link TransactionalDeliveryFilter}
 * knows whether to commit.
 */
public final class TransactionalDelivery implements AutoCloseable {

    /** What to do with the transaction once the filter chain returned. */
    enum Decision {
        /** The verdict was recorded in the transaction: commit it with the handler's writes. */
        COMMIT,
        /** Nothing the handler wrote may stay, and the response is right as it is. */
        ROLL_BACK,
        /**
         * The handler ran but its verdict is not recorded (lease outlived, store failure, fail-open): roll back, and
         * answer 503 instead of a 2xx or a 5xx so that the sender retries.
         */
        ROLL_BACK_AND_REFUSE_SUCCESS
    }

    private enum State {
        NOT_REACHED,
        REACHED,
        COMPLETED,
        FAILED
    }

    private static final ThreadLocal<TransactionalDelivery> CURRENT = new ThreadLocal<>();

    private final String endpoint;
    private final HttpServletRequest request;
    private volatile State state = State.NOT_REACHED;
    private volatile @Nullable TransactionStatus transaction;
    private volatile @Nullable HeldTransaction held;

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

    /**
     * The handler is about to run in {@code transaction}: the one its claim opened ({@code held}), or one of its own
     * when there is none (the filter fails open), which is never committed.
     */
    void reached(TransactionStatus transaction, @Nullable HeldTransaction held) {
        this.transaction = transaction;
        this.held = held;
        state = State.REACHED;
    }

    /** The claim's transaction the handler runs in, or null. */
    @Nullable
    HeldTransaction held() {
        return held;
    }

    /** Whether the handler of this delivery runs in {@code transaction}. */
    boolean holds(HeldTransaction transaction) {
        return held == transaction;
    }

    /** The transaction opened when the handler was reached; null when the handler was not reached. */
    @Nullable
    TransactionStatus transaction() {
        return transaction;
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
            case COMPLETED -> held != null ? Decision.COMMIT : Decision.ROLL_BACK_AND_REFUSE_SUCCESS;
            case NOT_REACHED, FAILED -> Decision.ROLL_BACK;
            case REACHED -> Decision.ROLL_BACK_AND_REFUSE_SUCCESS;
        };
    }

    /** Unbinds the delivery from the thread. */
    @Override
    public void close() {
        CURRENT.remove();
    }
}
