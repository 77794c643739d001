package dev.hookguard.servlet;

import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.Payload;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.executor.Execution;
import dev.hookguard.core.executor.InFlight;
import dev.hookguard.core.executor.Start;
import dev.hookguard.core.signature.EventIdResult;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Verification;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Hookguard filter: put it in front of webhook endpoints and each delivery is verified, then handed to
 * the application at most once per successful event; duplicates get the stored response back. It follows
 * DESIGN.md §1 (read the bounded body, verify the signature, extract the event id, claim, hand off and
 * record) and answers as DESIGN.md §4 says. Requests to other paths, and dispatches other than {@code
 * REQUEST}, pass through untouched.
 *
 * <p>Configure it in code with {@link #HookguardFilter(HookguardFilterConfig)}, or from {@code web.xml}
 * init-params with the no-argument constructor (see {@link InitParams}); not both. Register it ahead of any
 * filter that reads request parameters, and for asynchronous handlers with {@code asyncSupported}.
 */
public final class HookguardFilter implements Filter {

    /** MDC key of the endpoint name, set while the filter works on a delivery. */
    public static final String MDC_ENDPOINT = "hookguard.endpoint";
    /** MDC key of the event id, set once it is known. */
    public static final String MDC_EVENT_ID = "hookguard.eventId";
    /**
     * Request attribute holding the verified delivery's {@link dev.hookguard.core.EventKey} (endpoint and event
     * id), set once the id is extracted and before the claim, so that the application (and framework adapters)
     * can read the id the filter deduplicates on. Absent on requests the filter did not verify.
     */
    public static final String EVENT_KEY_ATTRIBUTE = "dev.hookguard.servlet.eventKey";

    private static final Logger log = LoggerFactory.getLogger(HookguardFilter.class);

    private volatile @Nullable Guard guard;

    /** A filter configured from its init-params when the container initialises it. */
    public HookguardFilter() {}

    /** A filter with this configuration; it must have no init-params. */
    public HookguardFilter(HookguardFilterConfig config) {
        this.guard = new Guard(config);
    }

    @Override
    public void init(FilterConfig filterConfig) throws ServletException {
        if (guard != null) {
            if (filterConfig.getInitParameterNames().hasMoreElements()) {
                throw new ServletException("Hookguard filter '" + filterConfig.getFilterName()
                        + "' is configured in code, so it must have no init-params");
            }
            return;
        }
        try {
            guard = new Guard(InitParams.read(filterConfig));
        } catch (IllegalArgumentException e) {
            throw new ServletException(
                    "Hookguard filter '" + filterConfig.getFilterName() + "' is misconfigured: " + e.getMessage(), e);
        }
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        Guard current = guard;
        if (current == null) {
            throw new ServletException("Hookguard filter used before init");
        }
        EndpointConfig endpoint = req instanceof HttpServletRequest request
                        && res instanceof HttpServletResponse
                        && request.getDispatcherType() == DispatcherType.REQUEST
                ? current.endpoints().match(request)
                : null;
        if (endpoint == null) {
            chain.doFilter(req, res);
            return;
        }
        HttpServletResponse response = (HttpServletResponse) res;
        HttpServletRequest request = (HttpServletRequest) req;
        DeliveryObservation observation = current.config().metrics().observe(endpoint.name());
        DeliveryMetrics metrics = ObservedMetrics.of(current.config().metrics(), observation);
        try (DeliveryMdc mdc = DeliveryMdc.open(endpoint.name())) {
            deliver(new Delivery(current, endpoint, request, response, chain, observation, metrics), mdc);
        } catch (RuntimeException e) {
            if (response.isCommitted()) {
                throw e;
            }
            log.error("Hookguard failed on a delivery to endpoint '{}'", endpoint.name(), e);
            Reply.of(500, "Internal error").writeTo(response);
        } finally {
            if (!request.isAsyncStarted()) {
                observation.stop(); // an asynchronous delivery's observation stops at its verdict
            }
        }
    }

    /** The five steps of DESIGN.md §1. */
    private void deliver(Delivery delivery, DeliveryMdc mdc) throws IOException, ServletException {
        EndpointConfig endpoint = delivery.endpoint();
        Answers answers = delivery.answers();
        BoundedBody body = BoundedBody.read(delivery.request(), endpoint.maxBodyBytes()); // 1. read the body
        if (!(body instanceof BoundedBody.Read read)) {
            answers.unread(endpoint, body, delivery.request()).writeTo(delivery.response());
            if (body instanceof BoundedBody.TooLarge tooLarge && tooLarge.unread()) {
                delivery.response().flushBuffer();
                BoundedBody.discard(delivery.request());
            }
            return;
        }
        Headers headers = RequestHeaders.of(delivery.request());
        Verification verification = endpoint.verifier().verify(headers, read.bytes()); // 2. verify the signature
        if (verification instanceof Verification.Rejected rejected) {
            answers.rejected(endpoint, rejected).writeTo(delivery.response());
            return;
        }
        EventIdResult eventId = endpoint.eventIds().extract(headers, read.bytes()); // 3. extract the event id
        if (!(eventId instanceof EventIdResult.Found found)) {
            answers.noEventId(eventId).writeTo(delivery.response());
            return;
        }
        mdc.eventId(found.eventId());
        delivery.observation().eventId(found.eventId());
        delivery.request().setAttribute(EVENT_KEY_ATTRIBUTE, found.key());
        claimAndHandOff(delivery, found, read.bytes()); // 4. claim, 5. hand off and record
    }

    private void claimAndHandOff(Delivery delivery, EventIdResult.Found found, byte[] body)
            throws IOException, ServletException {
        EndpointConfig endpoint = delivery.endpoint();
        Answers answers = delivery.answers();
        Payload payload = new Payload(body, RequestHeaders.forPayload(delivery.request()));
        Start start;
        try {
            start = delivery.guard().claim(endpoint, found, body, payload, delivery.metrics());
        } catch (StoreUnavailableException e) {
            Reply reply = answers.storeUnavailable(endpoint, e);
            if (delivery.guard().config().failOpen(endpoint)) {
                handOff(delivery, found, body, Recorder.unclaimed(), false);
            } else {
                reply.writeTo(delivery.response());
            }
            return;
        }
        if (start instanceof InFlight inFlight) {
            delivery.observation().attempt(inFlight.claim().attempt());
            List<String> violations =
                    endpoint.schema() == null ? List.of() : endpoint.schema().violations(body);
            if (!violations.isEmpty()) {
                answers.schemaRejected(endpoint, inFlight, violations).writeTo(delivery.response());
                return;
            }
            boolean last = inFlight.claim().attempt() >= endpoint.policy().maxAttempts();
            handOff(delivery, found, body, answers.recorder(endpoint, inFlight), last);
            return;
        }
        ClaimOutcome outcome = ((Execution.NotRun) start).outcome();
        if (outcome instanceof ClaimOutcome.Duplicate duplicate) {
            answers.duplicate(endpoint);
            ResponseReplayer.replay(duplicate.response(), delivery.response());
        } else {
            answers.notRun(endpoint, outcome).writeTo(delivery.response());
        }
    }

    private void handOff(Delivery delivery, EventIdResult.Found found, byte[] body, Recorder recorder, boolean last)
            throws IOException, ServletException {
        EndpointConfig endpoint = delivery.endpoint();
        CapturingResponse capturing =
                new CapturingResponse(delivery.response(), endpoint.policy().responseBodyCap(), last);
        CachedBodyRequest request = new CachedBodyRequest(delivery.request(), body, capturing);
        new Attempt(
                        endpoint.name(),
                        found.eventId(),
                        recorder,
                        delivery.guard().config(),
                        delivery.metrics(),
                        request,
                        capturing,
                        delivery.response())
                .run(delivery.chain());
    }

    /** Stops the lease renewals. */
    @Override
    public void destroy() {
        Guard current = guard;
        if (current != null) {
            current.close();
        }
    }
}
