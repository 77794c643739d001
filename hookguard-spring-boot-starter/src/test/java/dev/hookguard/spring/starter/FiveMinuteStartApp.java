package dev.hookguard.spring.starter;

import dev.hookguard.spring.IdempotentWebhook;
import dev.hookguard.spring.WebhookEventId;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Service;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The application of the root README's five-minute start for Spring Boot: the handler of step 3 as printed, and a
 * payments service that counts captures per event.
 */
@SpringBootApplication
class FiveMinuteStartApp {

    /** Stands in for the application's payment service. */
    @Service
    static class Payments {
        final Map<String, AtomicInteger> captures = new ConcurrentHashMap<>();

        void capture(String event) {
            captures.computeIfAbsent(event, e -> new AtomicInteger()).incrementAndGet();
        }
    }

    @RestController
    static class StripeWebhook {
        private final Payments payments;

        StripeWebhook(Payments payments) {
            this.payments = payments;
        }

        // README.md, "Five-minute start", step 3, exactly
        @PostMapping("/webhooks/stripe")
        @IdempotentWebhook("stripe")
        ResponseEntity<Void> handle(@RequestBody String event, @WebhookEventId String eventId) {
            payments.capture(event); // runs at most once per successful event
            return ResponseEntity.ok().build(); // replayed to every duplicate
        }
    }
}
