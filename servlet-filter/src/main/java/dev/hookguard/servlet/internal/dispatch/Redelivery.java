package dev.hookguard.servlet.internal.dispatch;

import dev.hookguard.core.Attempt;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Payload;
import dev.hookguard.core.operator.OperatorAction;
import dev.hookguard.core.signature.Headers;
import dev.hookguard.core.signature.WebhookSigner;
import dev.hookguard.servlet.DeliveryMetrics.DispatchOutcome;
import dev.hookguard.servlet.DispatcherConfig;
import dev.hookguard.servlet.EndpointConfig;
import dev.hookguard.servlet.HookguardFilterConfig;
import dev.hookguard.servlet.RecoveryConfig.DispatchSigning;
import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One dispatch: the stored request of a picked record sent over HTTP to the endpoint's own URI on this node, with
 * its stored headers (but the hop-by-hop ones), re-signed by the scheme's signer in {@link DispatchSigning#SCHEME}
 * mode, and marked with a {@value DispatchHeaders#DISPATCH} header. Always {@code POST}, as webhooks are. The
 * caller's thread prepares the request, sends it and waits for the answer over a pooled keep-alive connection
 * (Apache HttpClient 5, classic I/O, at most {@link DispatcherConfig#maxInFlight()} connections): no thread but the
 * caller's takes part, and a request that fits the client's 8 KiB buffer leaves in one segment, so the container
 * reads it in one go. (The JDK's {@code HttpClient} hands each exchange between its selector and worker threads and
 * writes the headers and the body apart; each costs a context switch per dispatch on both sides.) No redirects, no
 * retries, no cookies, no compression: a dispatch is one POST, answered or not.
 */
public final class Redelivery implements AutoCloseable {

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
            DispatchHeaders.REQUEST_URI.toLowerCase(Locale.ROOT),
            DispatchHeaders.SOURCE.toLowerCase(Locale.ROOT));

    private final HookguardFilterConfig config;
    private final DispatchKeys keys;
    private final CloseableHttpClient client;
    private final Clock clock;

    Redelivery(HookguardFilterConfig config, DispatchKeys keys, Clock clock) {
        this.config = config;
        this.keys = keys;
        this.clock = clock;
        DispatcherConfig settings = config.dispatcher();
        Duration connect = settings.requestTimeout().compareTo(Duration.ofSeconds(10)) < 0
                ? settings.requestTimeout()
                : Duration.ofSeconds(10);
        this.client = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setMaxConnTotal(settings.maxInFlight())
                        .setMaxConnPerRoute(settings.maxInFlight())
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(Timeout.of(connect))
                                .setSocketTimeout(Timeout.of(settings.requestTimeout()))
                                .setValidateAfterInactivity(TimeValue.ofSeconds(1))
                                .build())
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(Timeout.of(settings.requestTimeout()))
                        .build())
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableContentCompression()
                .disableAuthCaching()
                .evictIdleConnections(TimeValue.ofSeconds(30))
                .build();
    }

    /**
     * Sends the record's stored request to {@code base} and waits for the answer; an exchange that got none is
     * {@link DispatchOutcome#ERROR}.
     */
    DispatchOutcome send(EndpointConfig endpoint, EventRecord record, URI base) {
        Payload payload = record.payload();
        String path = payload == null ? null : target(endpoint, payload);
        if (payload == null || path == null) {
            log.warn("Cannot dispatch {}: no stored payload or request URI to send it to", record.key());
            return DispatchOutcome.ERROR;
        }
        byte[] body = payload.body();
        HttpPost request = new HttpPost(URI.create(base.getScheme() + "://" + base.getRawAuthority() + path));
        request.setEntity(new ByteArrayEntity(body, null));
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
        request.addHeader(DispatchHeaders.DISPATCH, keys.sign(record.key(), body, clock.instant()));
        if (replayed(record)) {
            request.addHeader(DispatchHeaders.SOURCE, Attempt.Source.OPERATOR_REPLAY.code());
        }
        try {
            return client.execute(request, response -> {
                EntityUtils.consume(response.getEntity()); // the connection goes back to the pool
                return response.getCode() == 503 && response.containsHeader(DispatchHeaders.REFUSED)
                        ? DispatchOutcome.REFUSED
                        : outcome(record, response.getCode());
            });
        } catch (IOException e) { // no answer, a timeout, or the connection closed by the dispatcher's close()
            log.warn("Could not dispatch {}; it comes due again when its window ends: {}", record.key(), e.toString());
            return DispatchOutcome.ERROR;
        }
    }

    /** Whether the record runs for the first time since an operator replayed it. */
    static boolean replayed(EventRecord record) {
        List<OperatorAction.AuditEntry> history = record.history();
        return record.attempts() == 0
                && !history.isEmpty()
                && history.get(history.size() - 1).action().equals(OperatorAction.AuditEntry.REPLAY);
    }

    private DispatchOutcome outcome(EventRecord record, int status) {
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

    private Headers signature(WebhookSigner signer, String eventId, byte[] body) {
        return signer.sign(eventId, clock.instant(), body);
    }

    private static void add(HttpPost request, String name, List<String> values) {
        if (NOT_SENT.contains(name.toLowerCase(Locale.ROOT))) {
            return;
        }
        for (String value : values) {
            request.addHeader(name, value);
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

    /** Closes every connection, idle or in an exchange; a dispatch still waiting for its answer fails at once. */
    @Override
    public void close() {
        client.close(CloseMode.IMMEDIATE);
    }
}
