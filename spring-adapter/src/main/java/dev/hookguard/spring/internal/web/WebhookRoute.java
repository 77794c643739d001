package dev.hookguard.spring.internal.web;

/**
 * One mapping of an {@link dev.hookguard.spring.IdempotentWebhook} handler method, as found at start-up.
 *
 * @param endpoint the endpoint the annotation names
 * @param mapping the mapping's path pattern inside the application (the {@code DispatcherServlet}'s path included)
 * @param transactional whether the annotation asks for the transactional mode
 * @param handler the handler method, for messages
 */
public record WebhookRoute(String endpoint, String mapping, boolean transactional, String handler) {}
