/**
 * The public API of Hookguard's Spring adapter: {@link dev.hookguard.spring.IdempotentWebhook} on a Spring MVC handler
 * method routes its path through the Hookguard filter, {@link dev.hookguard.spring.WebhookEventId} hands the verified
 * event id to a handler parameter (an endpoint is described in code by a {@link dev.hookguard.servlet.EndpointConfig}
 * bean whose path may be left to the handlers), and
 * {@link dev.hookguard.spring.EnableHookguard} wires all of it into a Spring MVC application without Spring Boot.
 * With Spring Boot, the auto-configuration in {@code dev.hookguard.spring.autoconfigure} does the wiring from
 * {@code hookguard.*} properties.
 */
@NullMarked
package dev.hookguard.spring;

import org.jspecify.annotations.NullMarked;
