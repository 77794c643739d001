package dev.hookguard.servlet;

import static dev.hookguard.core.signature.Scheme.GITHUB;
import static dev.hookguard.core.signature.Scheme.STANDARD_WEBHOOKS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.ErrorClass;
import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.signature.SignatureConfig;
import dev.hookguard.servlet.DeliveryMetrics.DeliveryOutcome;
import dev.hookguard.servlet.internal.metrics.MicrometerDeliveryMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import jakarta.servlet.Filter;
import jakarta.servlet.Servlet;
import jakarta.servlet.http.HttpServletResponse;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DESIGN.md §1, rule 8 in a real container: a claimed delivery that something other than the handler answers — a
 * filter after Hookguard's that refuses it, or no servlet at its path (the container's default servlet's 404) — is
 * answered 503 with {@code Retry-After}, recorded FAILED {@code not_handled} and counted, and the next delivery of
 * the event, once the path reaches the handler, runs it once and ends SUCCEEDED.
 */
@Timeout(90)
abstract class AbstractNotHandledIT {

    static final String GITHUB_SECRET = "gh-" + UUID.randomUUID();

    final String run = Long.toString(System.nanoTime(), 36);
    final String std = "std-" + run;
    final String unmapped = "unmapped-" + run;
    final String gh = "gh-" + run;
    final InMemoryStore store = new InMemoryStore();
    final SimpleMeterRegistry meters = new SimpleMeterRegistry();
    final TestHandler handler = new TestHandler();
    /** What the later filter does: {@code permit}, {@code send-error}, {@code redirect} or {@code written}. */
    final AtomicReference<String> later = new AtomicReference<>("permit");

    /** Starts a container of the kind under test. */
    protected abstract ServletContainer.Factory containers();

    /** The container's default servlet, to map on {@code /}; null where the container has one built in. */
    protected abstract @Nullable Servlet defaultServlet();

    @ParameterizedTest
    @ValueSource(strings = {"send-error", "redirect", "written"})
    void shouldNotSettleAnEventThatALaterFilterAnsweredAndRunTheHandlerOnItsNextDelivery(String refusal)
            throws Exception {
        later.set(refusal);
        try (ServletContainer container = containers().start(behindALaterFilter())) {
            Sender sender = new Sender(Sender.client(), container.base());
            String id = AbstractFilterIT.id();
            byte[] body = AbstractFilterIT.json(id);

            HttpResponse<String> refused = sender.send(signed(sender, "/hooks/std", id, body));

            assertNotHandled(refused, std, id);
            assertThat(count(std, DeliveryOutcome.NOT_HANDLED)).isEqualTo(1);

            later.set("permit");
            HttpResponse<String> handled = sender.send(signed(sender, "/hooks/std", id, body));

            assertHandledOnce(handled, std, id);
        }
    }

    @Test
    void shouldNotSettleAnEventRoutedToNoServletAndRunTheHandlerOnceTheServletIsThere() throws Exception {
        String id = AbstractFilterIT.id();
        byte[] body = AbstractFilterIT.json(id);
        WebApp withoutServlet = WebApp.of(filter()).servlet("/hooks/std", HookguardFilter.handler(handler));
        Servlet fallback = defaultServlet();
        if (fallback != null) {
            withoutServlet.servlet("/", fallback);
        }
        try (ServletContainer container = containers().start(withoutServlet)) {
            Sender sender = new Sender(Sender.client(), container.base());

            HttpResponse<String> refused = sender.send(signed(sender, "/hooks/unmapped", id, body));

            assertNotHandled(refused, unmapped, id);
        }
        try (ServletContainer container =
                containers().start(WebApp.of(filter()).servlet("/hooks/*", HookguardFilter.handler(handler)))) {
            Sender sender = new Sender(Sender.client(), container.base());

            HttpResponse<String> handled = sender.send(signed(sender, "/hooks/unmapped", id, body));

            assertHandledOnce(handled, unmapped, id);
        }
    }

    @Test
    void shouldPutANotHandledEventOfAReceiverRetriesEndpointInTheDueQueue() throws Exception {
        later.set("send-error");
        try (ServletContainer container = containers().start(behindALaterFilter())) {
            Sender sender = new Sender(Sender.client(), container.base());
            String id = UUID.randomUUID().toString();
            byte[] body = AbstractFilterIT.json(id);

            HttpResponse<String> refused = sender.send(sender.signed("/hooks/gh", GITHUB, GITHUB_SECRET, id, body));

            assertNotHandled(refused, gh, id);
            assertThat(record(gh, id).nextAttemptAt())
                    .as("due for a receiver retry")
                    .isNotNull();
        }
    }

    @Test
    void shouldKeepTheOldBehaviourWhereNoHandlerIsMarked() throws Exception {
        later.set("send-error");
        try (ServletContainer container = containers()
                .start(WebApp.of(filter()).servlet("/hooks/*", handler).laterFilter(laterFilter()))) {
            Sender sender = new Sender(Sender.client(), container.base());
            String id = AbstractFilterIT.id();

            HttpResponse<String> refused = sender.send(signed(sender, "/hooks/std", id, AbstractFilterIT.json(id)));

            assertThat(refused.statusCode()).isEqualTo(403);
            assertThat(record(std, id).status()).isEqualTo(RecordStatus.REJECTED);
        }
    }

    private void assertHandledOnce(HttpResponse<String> response, String endpoint, String id) {
        assertThat(response.statusCode()).isEqualTo(200);
        assertThat(handler.runs(id)).isEqualTo(1);
        assertThat(record(endpoint, id).status()).isEqualTo(RecordStatus.SUCCEEDED);
    }

    private void assertNotHandled(HttpResponse<String> response, String endpoint, String id) {
        assertThat(response.statusCode()).isEqualTo(503);
        assertThat(response.headers().firstValue("Retry-After")).isPresent();
        assertThat(response.headers().firstValue("Location")).isEmpty();
        assertThat(response.body()).doesNotContain("refused by the later filter");
        assertThat(handler.runs(id)).isZero();
        EventRecord record = record(endpoint, id);
        assertThat(record.status()).isEqualTo(RecordStatus.FAILED);
        assertThat(record.errorClass()).isEqualTo(ErrorClass.NOT_HANDLED);
    }

    /** A new filter over the shared store (a filter instance lives in one container). */
    private HookguardFilter filter() {
        return new HookguardFilter(HookguardFilterConfig.custom()
                .store(store)
                .metrics(new MicrometerDeliveryMetrics(meters))
                .dispatcher(DispatcherConfig.custom().enabled(false).build())
                .endpoint(
                        AbstractFilterIT.standard(std, "/hooks/std", dev.hookguard.core.IdempotencyPolicy.ofDefaults()))
                .endpoint(AbstractFilterIT.standard(
                        unmapped, "/hooks/unmapped", dev.hookguard.core.IdempotencyPolicy.ofDefaults()))
                .endpoint(EndpointConfig.custom(gh)
                        .path("/hooks/gh")
                        .scheme(GITHUB, SignatureConfig.of(GITHUB_SECRET))
                        .build())
                .build());
    }

    /** The marked handler on {@code /hooks/*}, behind a filter that does what {@link #later} says. */
    private WebApp behindALaterFilter() {
        return WebApp.of(filter())
                .servlet("/hooks/*", HookguardFilter.handler(handler))
                .laterFilter(laterFilter());
    }

    private Filter laterFilter() {
        return (request, response, chain) -> {
            HttpServletResponse http = (HttpServletResponse) response;
            switch (later.get()) {
                case "permit" -> chain.doFilter(request, response);
                case "send-error" -> http.sendError(403, "refused by the later filter");
                case "redirect" -> http.sendRedirect("/login");
                case "written" -> {
                    http.setStatus(401);
                    http.getOutputStream().write("refused by the later filter".getBytes(StandardCharsets.UTF_8));
                }
                default -> throw new IllegalStateException(later.get());
            }
        };
    }

    private static java.net.http.HttpRequest.Builder signed(Sender sender, String path, String id, byte[] body) {
        return sender.signed(path, STANDARD_WEBHOOKS, AbstractFilterIT.SECRET, id, body);
    }

    private EventRecord record(String endpoint, String id) {
        return store.find(EventKey.of(endpoint, id)).orElseThrow();
    }

    private double count(String endpoint, DeliveryOutcome outcome) {
        var counter = meters.find(DeliveryMetrics.DELIVERIES)
                .tags("endpoint", endpoint, "outcome", outcome.tag())
                .counter();
        return counter == null ? 0 : counter.count();
    }
}
