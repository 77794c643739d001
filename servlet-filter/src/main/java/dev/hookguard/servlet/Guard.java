package dev.hookguard.servlet;

import dev.hookguard.core.OperatorStore;
import dev.hookguard.core.Payload;
import dev.hookguard.core.executor.IdempotentExecutor;
import dev.hookguard.core.executor.Start;
import dev.hookguard.core.signature.EventIdResult;
import java.time.Duration;

/** A started filter: its configuration, endpoints, the executor that renews leases, and its answers. */
final class Guard implements AutoCloseable {

    private final HookguardFilterConfig config;
    private final Endpoints endpoints;
    private final IdempotentExecutor executor;
    private final Claimer claimer;
    private final ClaimDeadline deadline;
    private final Answers answers;
    private final HeaderDenyList deniedHeaders;

    Guard(HookguardFilterConfig config) {
        this.config = config;
        this.endpoints = new Endpoints(config.endpoints());
        this.executor = new IdempotentExecutor(config.store(), config.errorClassifier());
        this.claimer = new Claimer(executor);
        this.deadline = new ClaimDeadline(config.storeTimeout());
        this.answers = new Answers(config);
        this.deniedHeaders = new HeaderDenyList(config.hardening().storedHeaderDenyList());
        if (config.store() instanceof OperatorStore operator) {
            config.endpoints()
                    .forEach(e -> config.metrics().deadLetters(e.name(), () -> operator.deadLetterCount(e.name())));
        }
    }

    HookguardFilterConfig config() {
        return config;
    }

    Endpoints endpoints() {
        return endpoints;
    }

    Answers answers() {
        return answers;
    }

    /** The request headers never stored with a payload. */
    HeaderDenyList deniedHeaders() {
        return deniedHeaders;
    }

    /** Claims the delivery within the store timeout, timing the claim in {@code metrics}. */
    Start claim(
            EndpointConfig endpoint, EventIdResult.Found found, byte[] body, Payload payload, DeliveryMetrics metrics) {
        long started = System.nanoTime();
        try {
            return deadline.claim(() -> claimer.begin(found, body, payload, endpoint.policy()));
        } finally {
            metrics.claimDuration(endpoint.name(), Duration.ofNanos(System.nanoTime() - started));
        }
    }

    @Override
    public void close() {
        deadline.close();
        executor.close();
    }
}
