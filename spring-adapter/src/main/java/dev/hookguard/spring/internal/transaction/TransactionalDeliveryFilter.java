package dev.hookguard.spring.internal.transaction;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.internal.executor.Classification;
import dev.hookguard.servlet.HookguardFilter;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionException;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.DefaultTransactionDefinition;
import org.springframework.web.util.ContentCachingResponseWrapper;

/**
 * Runs the handler of a transactional endpoint inside one Spring transaction, opened only once the Hookguard filter
 * has verified and claimed the delivery: the handler's writes and the store's fenced {@code complete} join it, and it
 * commits only when the verdict was recorded in it. The response is
 * buffered until then, so that nothing is acknowledged before the commit: a commit that fails, or a handler whose
 * verdict could not be recorded in the transaction, is answered 503 with {@code Retry-After} instead of a 2xx.
 * Requests to other endpoints pass straight to the Hookguard filter.
 */
public final class TransactionalDeliveryFilter implements Filter {

    private static final Logger log = LoggerFactory.getLogger(TransactionalDeliveryFilter.class);
    private static final TransactionDefinition DEFINITION = definition();

    private final Filter hookguard;
    private final Function<HttpServletRequest, @Nullable String> endpoints;
    private final TransactionalStore store;
    private final PlatformTransactionManager transactions;
    private final Duration retryAfter;

    TransactionalDeliveryFilter(
            Filter hookguard,
            Function<HttpServletRequest, @Nullable String> endpoints,
            TransactionalStore store,
            PlatformTransactionManager transactions,
            Duration retryAfter) {
        this.hookguard = hookguard;
        this.endpoints = endpoints;
        this.store = store;
        this.transactions = transactions;
        this.retryAfter = retryAfter;
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        String endpoint = req instanceof HttpServletRequest request
                        && res instanceof HttpServletResponse
                        && request.getDispatcherType() == DispatcherType.REQUEST
                ? endpoints.apply(request)
                : null;
        if (endpoint == null) {
            hookguard.doFilter(req, res, chain);
            return;
        }
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) res;
        ContentCachingResponseWrapper buffered = new ContentCachingResponseWrapper(response);
        TransactionalDelivery.Decision decision;
        TransactionStatus transaction;
        HeldTransaction held;
        try (TransactionalDelivery delivery = TransactionalDelivery.open(endpoint, request)) {
            try {
                hookguard.doFilter(request, buffered, (rq, rs) -> handle(delivery, chain, rq, rs));
            } catch (IOException | ServletException | RuntimeException | Error e) {
                rollBack(delivery, e);
                throw e;
            }
            transaction = delivery.transaction();
            held = delivery.held();
            decision = request.isAsyncStarted() ? asynchronous(endpoint) : delivery.decision();
        }
        if (transaction == null) {
            buffered.copyBodyToResponse(); // the handler was not reached: its verdict, if any, is settled already
            return;
        }
        settle(decision, transaction, held, buffered, response);
    }

    /**
     * Runs the handler in the transaction its claim opened (the claim, the handler's writes and the verdict commit
     * once): no pooled connection is held while the body is read and verified. Without one (the filter fails open)
     * the handler runs in a transaction of its own that is never committed. A handler that throws or answers a
     * retryable status, or never reached (DESIGN.md §1, rule 8), is rolled back at once, so that its failure is recorded on a free connection.
     */
    private void handle(TransactionalDelivery delivery, FilterChain chain, ServletRequest req, ServletResponse res)
            throws IOException, ServletException {
        HeldTransaction held = req.getAttribute(HookguardFilter.EVENT_KEY_ATTRIBUTE) instanceof EventKey key
                ? store.takeForHandler(key)
                : null;
        delivery.reached(held != null ? held.status() : transactions.getTransaction(DEFINITION), held);
        try {
            chain.doFilter(req, res);
        } catch (IOException | ServletException | RuntimeException | Error e) {
            rollBackEarly(delivery, e);
            throw e;
        }
        if (!req.isAsyncStarted()
                && (Classification.of(((HttpServletResponse) res).getStatus()) == Classification.RETRYABLE
                        || notHandled(req))) {
            rollBackEarly(delivery, null);
        }
    }

    /** The handler method was never invoked (DESIGN.md §1, rule 8): the filter records a failure on a free connection. */
    private static boolean notHandled(ServletRequest req) {
        return Boolean.TRUE.equals(req.getAttribute(HookguardFilter.HANDLER_CHECK_ATTRIBUTE))
                && req.getAttribute(HookguardFilter.HANDLER_INVOKED_ATTRIBUTE) == null;
    }

    private void settle(
            TransactionalDelivery.Decision decision,
            TransactionStatus transaction,
            @Nullable HeldTransaction held,
            ContentCachingResponseWrapper buffered,
            HttpServletResponse response)
            throws IOException {
        switch (decision) {
            case COMMIT -> {
                if (held == null || held.ended() || !commit(held)) {
                    refuse(buffered, response, "The webhook's transaction could not be committed; retry later");
                    return;
                }
            }
            case ROLL_BACK -> rollBack(transaction, held, null);
            case ROLL_BACK_AND_REFUSE_SUCCESS -> {
                rollBack(transaction, held, null);
                int status = buffered.getStatus();
                if ((status >= 200 && status < 300) || (status >= 500 && status != 503)) {
                    log.warn("The webhook handler ran but its verdict was not recorded in its transaction; its writes"
                            + " were rolled back and the sender is asked to retry");
                    refuse(buffered, response, "The webhook could not be recorded; retry later");
                    return;
                }
            }
        }
        buffered.copyBodyToResponse();
    }

    private TransactionalDelivery.Decision asynchronous(String endpoint) {
        log.error(
                "A handler of transactional endpoint '{}' started asynchronous processing; its writes are rolled back"
                        + " because the transaction cannot follow it to another thread",
                endpoint);
        return TransactionalDelivery.Decision.ROLL_BACK;
    }

    /** Commits; any failure (the transaction manager's, the pool's, the driver's) is answered 503 by the caller. */
    private boolean commit(HeldTransaction held) {
        try {
            store.commit(held);
            return true;
        } catch (RuntimeException e) {
            log.warn("Could not commit a webhook's transaction; nothing of it is recorded: {}", e.toString());
            return false;
        }
    }

    /** Rolls back right after the handler failed; the filter records the failure next, on a free connection. */
    private void rollBackEarly(TransactionalDelivery delivery, @Nullable Throwable cause) {
        HeldTransaction held = delivery.held();
        if (held == null) {
            rollBack(delivery, cause);
            return;
        }
        try {
            store.rollBackEarly(held);
        } catch (RuntimeException e) {
            if (cause != null) {
                cause.addSuppressed(e);
            }
        }
    }

    private void rollBack(TransactionalDelivery delivery, @Nullable Throwable cause) {
        rollBack(delivery.transaction(), delivery.held(), cause);
    }

    private void rollBack(
            @Nullable TransactionStatus transaction, @Nullable HeldTransaction held, @Nullable Throwable cause) {
        if (held != null) {
            try {
                store.rollBackAndForget(held);
            } catch (RuntimeException e) {
                if (cause != null) {
                    cause.addSuppressed(e);
                }
            }
            return;
        }
        if (transaction == null || transaction.isCompleted()) {
            return;
        }
        try {
            transactions.rollback(transaction);
        } catch (TransactionException e) {
            if (cause != null) {
                cause.addSuppressed(e);
            } else {
                log.warn("Could not roll back a webhook's transaction: {}", e.toString());
            }
        }
    }

    private void refuse(ContentCachingResponseWrapper buffered, HttpServletResponse response, String message)
            throws IOException {
        if (response.isCommitted()) {
            log.error("The webhook's response was already committed; the sender may take it for a success");
            return;
        }
        buffered.reset();
        response.setStatus(503);
        response.setHeader("Retry-After", Long.toString(Math.max(1, retryAfter.toSeconds())));
        response.setHeader("Cache-Control", "no-store");
        response.setContentType("text/plain;charset=UTF-8");
        response.getOutputStream().write(message.getBytes(StandardCharsets.UTF_8));
    }

    private static TransactionDefinition definition() {
        DefaultTransactionDefinition definition =
                new DefaultTransactionDefinition(TransactionDefinition.PROPAGATION_REQUIRED);
        definition.setName("hookguard-webhook-unclaimed");
        return definition;
    }
}
