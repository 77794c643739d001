package dev.hookguard.servlet;

import dev.hookguard.core.Attempt.Source;
import dev.hookguard.core.ClaimOutcome;
import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.Payload;
import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.core.internal.executor.InFlight;
import dev.hookguard.core.internal.executor.Start;
import dev.hookguard.core.signature.EventIdResult;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.Verification;
import dev.hookguard.servlet.DeliveryMetrics.DeliveryObservation;
import dev.hookguard.servlet.RecoveryConfig.DispatchSigning;
import dev.hookguard.servlet.internal.archive.Archiver;
import dev.hookguard.servlet.internal.body.BodyPace;
import dev.hookguard.servlet.internal.body.BoundedBody;
import dev.hookguard.servlet.internal.body.CachedBodyRequest;
import dev.hookguard.servlet.internal.body.CapturingResponse;
import dev.hookguard.servlet.internal.body.RequestHeaders;
import dev.hookguard.servlet.internal.body.RequestViews;
import dev.hookguard.servlet.internal.config.HeaderDenyList;
import dev.hookguard.servlet.internal.config.InitParams;
import dev.hookguard.servlet.internal.config.MappingWarnings;
import dev.hookguard.servlet.internal.config.PublishedEndpoints;
import dev.hookguard.servlet.internal.delivery.Answers;
import dev.hookguard.servlet.internal.delivery.AsyncIntake;
import dev.hookguard.servlet.internal.delivery.Attempt;
import dev.hookguard.servlet.internal.delivery.Delivery;
import dev.hookguard.servlet.internal.delivery.DeliveryMdc;
import dev.hookguard.servlet.internal.delivery.Guard;
import dev.hookguard.servlet.internal.delivery.MarkedHandler;
import dev.hookguard.servlet.internal.delivery.PreBody;
import dev.hookguard.servlet.internal.delivery.Recorder;
import dev.hookguard.servlet.internal.delivery.Reply;
import dev.hookguard.servlet.internal.dispatch.DispatchHeaders;
import dev.hookguard.servlet.internal.dispatch.DispatchKeys;
import dev.hookguard.servlet.internal.dispatch.Dispatcher;
import dev.hookguard.servlet.internal.dispatch.Dispatchers;
import dev.hookguard.servlet.internal.metrics.ObservedMetrics;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Hookguard filter: put it in front of webhook endpoints and each delivery is verified, then handed to
 * the application at most once per successful event; duplicates get the stored response back. It follows
 * DESIGN.md §1 (cheap checks, read the bounded body, verify the signature, extract the event id, claim, hand
 * off and record) and answers as DESIGN.md §4 says. A request inside the filter's mapping that matches no
 * endpoint is answered 404 and never passed on (DESIGN.md §1, rule 7): map the filter on the webhook paths
 * only. Dispatches other than {@code REQUEST} pass through untouched, except the {@code ASYNC} dispatch of a
 * delivery whose handler went asynchronous: its verdict is recorded when that dispatch returns, before the
 * container answers.
 *
 * <p>With a store that has a due queue (every shipped store), the filter also runs a {@link Dispatcher} (DESIGN.md
 * §8): receiver retries, {@link Intake#ASYNC async intake} and operator replays are redelivered by it to this node,
 * marked with a {@value DispatchHeaders#DISPATCH} header, and handled here like any delivery.
 *
 * <p>Configure it in code with {@link #HookguardFilter(HookguardFilterConfig)}, or from {@code web.xml}
 * init-params with the no-argument constructor (see {@link InitParams}); not both. Register it ahead of any
 * filter that reads request parameters, and for asynchronous handlers with {@code asyncSupported} and for the
 * {@code REQUEST} and {@code ASYNC} dispatcher types.
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
    /**
     * Request attribute by which a framework adapter whose own routing picked the request's handler names the
     * endpoint (a {@code String}) that guards it; when set, it decides instead of the endpoints' paths, so that no
     * variant of a path the framework maps to a guarded handler escapes the filter. An unknown name is answered
     * 404.
     */
    public static final String ENDPOINT_ATTRIBUTE = "dev.hookguard.servlet.endpoint";
    /**
     * Request attribute set (to {@code Boolean.TRUE}) on entry to the guarded handler: by the servlet that {@link
     * #handler(Servlet)} registers, or by a framework adapter when it invokes the handler method. Where the filter
     * checks it (see {@link #HANDLER_CHECK_ATTRIBUTE}), a claimed delivery answered without it is not the handler's
     * verdict (DESIGN.md §1, rule 8).
     */
    public static final String HANDLER_INVOKED_ATTRIBUTE = "dev.hookguard.servlet.handlerInvoked";
    /**
     * Request attribute by which a framework adapter ahead of the filter says (with {@code Boolean.TRUE}) that the
     * request's handler sets {@link #HANDLER_INVOKED_ATTRIBUTE}, which turns the check on for this request. Without
     * it the filter checks every delivery once a servlet of its context is registered through {@link
     * #handler(Servlet)}.
     */
    public static final String HANDLER_CHECK_ATTRIBUTE = "dev.hookguard.servlet.handlerCheck";

    private static final Logger log = LoggerFactory.getLogger(HookguardFilter.class);

    private volatile @Nullable Guard guard;
    private volatile boolean handlersMarked;

    /**
     * The application's handler servlet, marked so that the filter can tell its responses from anybody else's
     * (DESIGN.md §1, rule 8): register this instead of {@code servlet} ({@code
     * servletContext.addServlet(name, HookguardFilter.handler(servlet))}). Once one servlet of the context is
     * registered so, a claimed delivery that reaches no marked servlet (a later filter or a security chain answered
     * it, or no servlet is mapped at its path) is released as a retryable {@code not_handled} failure and answered
     * 503 with {@code Retry-After}, never recorded as the event's verdict.
     */
    public static Servlet handler(Servlet servlet) {
        if (servlet == null) {
            throw new IllegalArgumentException("the handler servlet must be given");
        }
        return new MarkedHandler(servlet);
    }

    static {
        Dispatchers.access(HookguardFilter::dispatcher);
    }

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
        } else {
            try {
                guard = new Guard(InitParams.read(filterConfig));
            } catch (IllegalArgumentException e) {
                throw new ServletException(
                        "Hookguard filter '" + filterConfig.getFilterName() + "' is misconfigured: " + e.getMessage(),
                        e);
            }
        }
        Guard started = guard;
        handlersMarked = MarkedHandler.registeredIn(filterConfig.getServletContext());
        if (started != null) {
            MappingWarnings.check(
                    filterConfig.getServletContext(), started.config().endpoints());
            PublishedEndpoints.publish(
                    filterConfig.getServletContext(), started.config().endpoints(), this::snapshot);
            Dispatcher dispatcher = started.dispatcher();
            if (dispatcher != null) {
                dispatcher.start();
            }
            Archiver archiver = started.archiver();
            if (archiver != null) {
                archiver.start();
            }
        }
    }

    /**
     * Runs the endpoint's due records now rather than at the dispatcher's next poll: the console's replay listener
     * ({@code ConsoleConfig.Builder.replayListener(filter::wake)}). Does nothing without a dispatcher or for an
     * endpoint this filter does not guard (its records wait for their own dispatcher's poll).
     */
    public void wake(String endpoint) {
        dispatcher().ifPresent(d -> {
            try {
                d.wake(endpoint);
            } catch (IllegalArgumentException notGuarded) {
                // an endpoint of another filter, or none
            }
        });
    }

    /**
     * What this node's dispatcher last sampled of the endpoint (due queue, circuit breaker, dispatches held back by its
     * delivery rate, pause): the console's {@code dispatchState}. Empty without a dispatcher or before its first
     * sample, and for an endpoint it does not guard.
     */
    public Optional<DeliveryMetrics.QueueSnapshot> snapshot(String endpoint) {
        return dispatcher().flatMap(d -> d.snapshot(endpoint));
    }

    /** This filter's dispatcher, read by {@link Dispatchers#of} (internal: the API does not show it). */
    Optional<Dispatcher> dispatcher() {
        Guard current = guard;
        return current == null ? Optional.empty() : Optional.ofNullable(current.dispatcher());
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        Guard current = guard;
        if (current == null) {
            throw new ServletException("Hookguard filter used before init");
        }
        if (req.getDispatcherType() == DispatcherType.ASYNC
                && req.getAttribute(Attempt.ATTRIBUTE) instanceof Attempt a) {
            a.dispatched(chain, req, res);
            return;
        }
        if (!(req instanceof HttpServletRequest request
                && res instanceof HttpServletResponse response
                && request.getDispatcherType() == DispatcherType.REQUEST)) {
            chain.doFilter(req, res);
            return;
        }
        EndpointConfig endpoint = current.endpoints().match(request);
        if (endpoint == null) {
            log.debug("Refused a request to {}: no webhook endpoint matches it", request.getRequestURI());
            Reply.of(404, "No webhook endpoint at this path").writeTo(response);
            return;
        }
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

    /**
     * The five steps of DESIGN.md §1, after the cheap checks of its rule 7. A dispatch ({@value
     * DispatchHeaders#DISPATCH} header) has its header checked once the event id is known, and in {@link
     * DispatchSigning#DISPATCH_KEY} mode that check replaces the scheme's; it always runs inline. Other deliveries to
     * an {@link Intake#ASYNC} endpoint are queued instead of claimed.
     */
    private void deliver(Delivery delivery, DeliveryMdc mdc) throws IOException, ServletException {
        EndpointConfig endpoint = delivery.endpoint();
        Answers answers = delivery.answers();
        delivery.guard().sawRequest(delivery.request());
        RequestHeaders lines = RequestHeaders.read(delivery.request());
        Headers headers = lines.forVerifier();
        String dispatch = delivery.request().getHeader(DispatchHeaders.DISPATCH);
        boolean keyed = dispatch != null && delivery.guard().config().signing(endpoint) == DispatchSigning.DISPATCH_KEY;
        if (PreBody.refused(delivery, headers, !keyed)) { // 0. method, signature headers, timestamp window
            return;
        }
        BoundedBody.@Nullable Read read = readBody(delivery); // 1. read the body
        if (read == null) {
            return;
        }
        if (!keyed) {
            Verification verification = endpoint.verifier()
                    .verify(RequestViews.of(delivery.request(), headers, read.bytes())); // 2. verify the signature
            if (verification instanceof Verification.Rejected rejected) {
                answers.rejected(endpoint, rejected).writeTo(delivery.response());
                return;
            }
        }
        EventIdResult eventId = endpoint.eventIds().extract(headers, read.bytes()); // 3. extract the event id
        if (!(eventId instanceof EventIdResult.Found found)) {
            answers.noEventId(eventId).writeTo(delivery.response());
            return;
        }
        if (dispatch != null
                && delivery.guard().dispatchKeys().check(dispatch, found.key(), read.bytes(), Instant.now())
                        instanceof DispatchKeys.Check.Invalid invalid) {
            answers.dispatchRejected(endpoint, invalid.reason()).writeTo(delivery.response());
            return;
        }
        mdc.eventId(found.eventId());
        delivery.observation().eventId(found.eventId());
        delivery.request().setAttribute(EVENT_KEY_ATTRIBUTE, found.key());
        if (dispatch == null && endpoint.recovery().intake() == Intake.ASYNC) {
            AsyncIntake.accept(delivery, found, read.bytes(), lines); // 4. queue, and answer 202
            return;
        }
        claimAndHandOff(delivery, found, read.bytes(), lines, dispatch != null); // 4. claim, 5. hand off and record
    }

    /** What delivered this attempt: the sender, or a dispatch (an operator's replay when its checked dispatch says so). */
    private static Source source(Delivery delivery, boolean dispatched) {
        if (!dispatched) {
            return Source.SENDER;
        }
        return Source.OPERATOR_REPLAY.code().equals(delivery.request().getHeader(DispatchHeaders.SOURCE))
                ? Source.OPERATOR_REPLAY
                : Source.DISPATCH;
    }

    /** Step 1: the body, read within its limit and pace; null once the refusal is answered. */
    private static BoundedBody.@Nullable Read readBody(Delivery delivery) throws IOException {
        EndpointConfig endpoint = delivery.endpoint();
        BodyPace pace = BodyPace.startingNow(delivery.guard().config().hardening());
        BoundedBody body = BoundedBody.read(delivery.request(), endpoint.maxBodyBytes(), pace);
        if (body instanceof BoundedBody.Read read) {
            return read;
        }
        delivery.answers().unread(endpoint, body, delivery.request()).writeTo(delivery.response());
        if (body instanceof BoundedBody.TooLarge tooLarge && tooLarge.unread()) {
            delivery.response().flushBuffer();
            BoundedBody.discard(delivery.request(), pace);
        } else if (body instanceof BoundedBody.TooSlow) {
            delivery.response().flushBuffer(); // sent before the container closes the connection
        }
        return null;
    }

    /**
     * Steps 4 and 5. A {@code dispatched} delivery (its dispatch header checked) has its failures retried by the
     * receiver whatever the endpoint's retries setting ({@link Recorder#claimed}).
     */
    private void claimAndHandOff(
            Delivery delivery, EventIdResult.Found found, byte[] body, RequestHeaders lines, boolean dispatched)
            throws IOException, ServletException {
        EndpointConfig endpoint = delivery.endpoint();
        Answers answers = delivery.answers();
        // the payload (the body's copy, the kept headers) only if a record keeps it: never for a success
        HeaderDenyList denied = delivery.guard().deniedHeaders();
        Supplier<Payload> payload = () -> new Payload(body, lines.forPayload(denied));
        Start start;
        try {
            start = delivery.guard()
                    .claim(endpoint, found, body, payload, source(delivery, dispatched), delivery.metrics());
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
            delivery.observation().attempt(inFlight.attempt());
            Recorder recorder = answers.recorder(endpoint, inFlight, dispatched);
            List<String> violations =
                    endpoint.schema() == null ? List.of() : endpoint.schema().violations(body);
            if (!violations.isEmpty()) {
                Reply reply = Answers.schemaViolations(violations);
                answers.schemaRejected(endpoint, recorder.reject(Answers.stored(reply), ErrorClass.SCHEMA));
                reply.writeTo(delivery.response());
                return;
            }
            handOff(delivery, found, body, recorder, inFlight.lastAttempt());
            return;
        }
        ClaimOutcome outcome = ((Start.Refused) start).outcome();
        if (outcome instanceof ClaimOutcome.Duplicate duplicate) {
            answers.duplicate(endpoint, duplicate.response()).writeTo(delivery.response());
        } else {
            answers.notRun(endpoint, outcome).writeTo(delivery.response());
        }
    }

    private void handOff(Delivery delivery, EventIdResult.Found found, byte[] body, Recorder recorder, boolean last)
            throws IOException, ServletException {
        EndpointConfig endpoint = delivery.endpoint();
        boolean handlerChecked =
                handlersMarked || Boolean.TRUE.equals(delivery.request().getAttribute(HANDLER_CHECK_ATTRIBUTE));
        CapturingResponse capturing =
                new CapturingResponse(delivery.response(), endpoint.policy().responseBodyCap(), last, handlerChecked);
        CachedBodyRequest request = new CachedBodyRequest(delivery.request(), body, capturing);
        new Attempt(
                        endpoint.name(),
                        found.eventId(),
                        recorder,
                        delivery.answers(),
                        delivery.metrics(),
                        request,
                        capturing,
                        delivery.response(),
                        handlerChecked)
                .run(delivery.chain());
    }

    /**
     * Closes the dispatcher (waiting for its dispatches in flight up to the grace), stops the archiver's schedule and
     * the lease renewals.
     */
    @Override
    public void destroy() {
        Guard current = guard;
        if (current != null) {
            current.close();
        }
    }
}
