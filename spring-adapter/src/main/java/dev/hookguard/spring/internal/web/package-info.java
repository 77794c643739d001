/**
 * The Spring MVC wiring of Hookguard, with or without Spring Boot: the filter bean that is assembled at start-up from
 * the endpoint definitions, the {@link dev.hookguard.spring.IdempotentWebhook} handlers found in the request
 * mappings, the store and the metrics; the resolver of {@link dev.hookguard.spring.WebhookEventId} parameters; and the
 * interceptor that refuses to run an annotated handler for a request the filter did not verify.
 */
@NullMarked
package dev.hookguard.spring.internal.web;

import org.jspecify.annotations.NullMarked;
