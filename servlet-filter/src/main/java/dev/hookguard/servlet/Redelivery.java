package dev.hookguard.servlet;

import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Payload;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.WebhookSigner;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One dispatch: the stored request of a picked record sent over HTTP to the endpoint's own URI on this node, with
 * its stored headers (but the hop-by-hop ones), re-signed by the scheme's signer in {@link DispatchSigning#SCHEME}
 * mode, and marked with a {@value DispatchHeaders#DISPATCH} header. Always {@code POST}, as webhooks are. The
 * request is prepared on the caller's thread and sent asynchronously ({@link HttpClient#sendAsync}), so a dispatch
 * waiting for its handler holds no thread of the dispatcher.
 */
final class Redelivery {

    private static final Logger log = LoggerFactory.getLogger(Redelivery.class);
    private static final Set<String> NOT_SENT = Set.of(
            "connection",
            "content-length",
            "expect",
            "host",
            "upgrade",
            "transfer-encoding",
            "keep-alive",
            "te",
            "trailer",
            "proxy-connection",
            "http2-settings",
            DispatchHeaders.DISPATCH.toLowerCase(Locale.ROOT),
            DispatchHeaders.REQUEST_URI.toLowerCase(Locale.ROOT));

    private final HookguardFilterConfig config;
    private final DispatchKeys keys;
    private final HttpClient client;
    private final Clock clock;

    Redelivery(HookguardFilterConfig config, DispatchKeys keys, Clock clock) {
        this.config = config;
        this.keys = keys;
        this.clock = clock;
        Duration connect = config.dispatcher().requestTimeout().compareTo(Duration.ofSeconds(10)) < 0
                ? config.dispatcher().requestTimeout()
                : Duration.ofSeconds(10);
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(connect)
                .build();
    }

    /**
     * Sends the record's stored request to {@code base}; completes with the dispatch's outcome (never
     * exceptionally: a failed exchange is {@link DispatchOutcome#ERROR}).
     */
    CompletableFuture<DispatchOutcome> send(EndpointConfig endpoint, EventRecord record, URI base) {
        Payload payload = record.payload();
        String path = payload == null ? null : target(endpoint, payload);
        if (payload == null || path == null) {
            log.warn("Cannot dispatch {}: no stored payload or request URI to send it to", record.key());
            return CompletableFuture.completedFuture(DispatchOutcome.ERROR);
        }
        byte[] body = payload.body();
        HttpRequest.Builder request = HttpRequest.newBuilder(
                        URI.create(base.getScheme() + "://" + base.getRawAuthority() + path))
                .timeout(config.dispatcher().requestTimeout())
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        Headers signed = config.signing(endpoint) == DispatchSigning.SCHEME && endpoint.signer() != null
                ? signature(endpoint.signer(), record.key().eventId(), body)
                : Headers.empty();
        Set<String> replaced = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
        replaced.addAll(signed.values().keySet());
        for (Map.Entry<String, List<String>> header : payload.headers().entrySet()) {
            if (!replaced.contains(header.getKey())) {
                add(request, header.getKey(), header.getValue());
            }
        }
        signed.values().forEach((name, values) -> add(request, name, values));
        request.header(DispatchHeaders.DISPATCH, keys.sign(record.key(), body, clock.instant()));
        return outcome(record, request.build());
    }

    private CompletableFuture<DispatchOutcome> outcome(EventRecord record, HttpRequest request) {
        return client.sendAsync(request, HttpResponse.BodyHandlers.discarding())
                .handle((response, error) ->
                        error == null ? outcome(record, response.statusCode()) : failed(record, error));
    }

    private DispatchOutcome outcome(EventRecord record, int status) {
        try (DeliveryMdc mdc =
                DeliveryMdc.open(record.key().endpoint(), record.key().eventId())) {
            if (status >= 200 && status < 300) {
                return DispatchOutcome.SUCCEEDED;
            }
            if (status == config.inProgressStatus()) {
                return DispatchOutcome.IN_PROGRESS;
            }
            if (status == 401 || status == 404) {
                log.warn(
                        "The dispatch of {} was answered {}: is the base URL this node, and do all nodes behind it"
                                + " share the dispatch keys?",
                        record.key(),
                        status);
            }
            return DispatchOutcome.FAILED;
        }
    }

    private static DispatchOutcome failed(EventRecord record, Throwable error) {
        Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
        try (DeliveryMdc mdc =
                DeliveryMdc.open(record.key().endpoint(), record.key().eventId())) {
            if (cause instanceof IOException || cause instanceof CancellationException) {
                log.warn(
                        "Could not dispatch {}; it comes due again when its window ends: {}",
                        record.key(),
                        cause.toString());
            } else {
                log.error("The dispatch of {} failed", record.key(), cause);
            }
        }
        return DispatchOutcome.ERROR;
    }

    private Headers signature(WebhookSigner signer, String eventId, byte[] body) {
        return signer.sign(eventId, clock.instant(), body);
    }

    private static void add(HttpRequest.Builder request, String name, List<String> values) {
        if (NOT_SENT.contains(name.toLowerCase(Locale.ROOT))) {
            return;
        }
        for (String value : values) {
            try {
                request.header(name, value);
            } catch (IllegalArgumentException e) {
                log.debug("Left out a stored header the HTTP client refuses: {}", name);
            }
        }
    }

    /** The stored path and query, else the endpoint's exact path; null when neither is known. */
    private static @Nullable String target(EndpointConfig endpoint, Payload payload) {
        for (Map.Entry<String, List<String>> header : payload.headers().entrySet()) {
            if (header.getKey().equalsIgnoreCase(DispatchHeaders.REQUEST_URI)
                    && !header.getValue().isEmpty()) {
                String uri = header.getValue().get(0);
                return uri.startsWith("/") && !uri.startsWith("//") ? uri : null;
            }
        }
        return endpoint.path().contains("*") ? null : endpoint.path();
    }
}
