package dev.hookguard.spring.it;

import dev.hookguard.spring.IdempotentWebhook;
import dev.hookguard.spring.WebhookEventId;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * A Spring Boot application as a user writes it: one dependency, a few {@code hookguard.*} properties, and one
 * annotated handler. The unsigned header {@code X-Behaviour: fail} makes the handler throw.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(WebhookApp.StripeHandler.class)
class WebhookApp {

    static final String BEHAVIOUR = "X-Behaviour";

    @RestController
    static class StripeHandler {
        final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();

        int runs(String eventId) {
            AtomicInteger count = runs.get(eventId);
            return count == null ? 0 : count.get();
        }

        @PostMapping(path = "/webhooks/stripe", produces = "application/json")
        @IdempotentWebhook("stripe")
        ResponseEntity<String> stripe(
                @RequestBody String event,
                @WebhookEventId String eventId,
                @RequestHeader(name = BEHAVIOUR, defaultValue = "ok") String behaviour) {
            int run = runs.computeIfAbsent(eventId, id -> new AtomicInteger()).incrementAndGet();
            if (behaviour.equals("fail")) {
                throw new IllegalStateException("the handler failed on purpose");
            }
            return ResponseEntity.ok("{\"eventId\":\"" + eventId + "\",\"run\":" + run + "}");
        }
    }
}
