package dev.hookguard.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a Spring MVC handler method as the receiver of one Hookguard endpoint. At start-up the adapter finds every
 * annotated method and routes the paths it is mapped to through the Hookguard filter with that endpoint's
 * configuration, so that each delivery is verified, deduplicated and recorded before (and after) the method runs.
 *
 * <pre>{@code
 * @PostMapping("/webhooks/stripe")
 * @IdempotentWebhook("stripe")
 * ResponseEntity<Void> stripe(@RequestBody String event, @WebhookEventId String eventId) { ... }
 * }</pre>
 *
 * <p>The endpoint's guarded path is taken from the method's mapping: a literal path such as {@code /webhooks/stripe}
 * is guarded exactly, a mapping ending in {@code /**} as the prefix before it. A mapping with variables or other
 * wildcards needs the endpoint's path configured explicitly (a prefix pattern such as {@code /webhooks/*} that
 * covers it). The application refuses to start when the annotation names an endpoint that is not configured, when
 * two handlers of one endpoint map to different paths, or when a configured path does not cover the mapping.
 *
 * <p>A handler annotated here never runs for a request the filter did not verify: such a request is refused with
 * 500, which makes a filter that is missing or mapped to the wrong path visible at the first delivery.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface IdempotentWebhook {

    /** The endpoint's name, as in {@code hookguard.endpoints.<name>} or an {@link dev.hookguard.servlet.EndpointConfig} bean. */
    String value();

    /**
     * Runs the handler in a transaction that also records its verdict (JDBC store only): the handler's writes
     * through Spring's transaction management on the store's {@code DataSource} (a {@code JdbcTemplate}, jOOQ on
     * Spring's connection, JPA, {@code @Transactional} methods with the default propagation) and the SUCCEEDED
     * record commit together or not at all. The handler must answer synchronously.
     */
    boolean transactional() default false;
}
