package dev.hookguard.spring.it;

import dev.hookguard.spring.IdempotentWebhook;
import dev.hookguard.spring.WebhookEventId;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** A Stripe handler at {@code /webhooks/stripe} (endpoint {@code stripe}) that counts its runs per event. */
@RestController
class StripeRunsHandler {

    private final Map<String, AtomicInteger> runs = new ConcurrentHashMap<>();

    /** How often the handler ran for this event. */
    int runs(String eventId) {
        AtomicInteger count = runs.get(eventId);
        return count == null ? 0 : count.get();
    }

    @PostMapping(path = "/webhooks/stripe", produces = "application/json")
    @IdempotentWebhook("stripe")
    ResponseEntity<String> stripe(@RequestBody String event, @WebhookEventId String eventId) {
        int run = runs.computeIfAbsent(eventId, id -> new AtomicInteger()).incrementAndGet();
        return ResponseEntity.ok("{\"eventId\":\"" + eventId + "\",\"run\":" + run + "}");
    }
}
