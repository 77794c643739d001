/**
 * The runnable demo of Hookguard: a webhook receiver (embedded Jetty, the Hookguard filter in front of a
 * handler servlet, a Prometheus scrape) and a sender that behaves like a real provider — it signs with the
 * Stripe and Standard Webhooks schemes, retries with exponential backoff and full jitter, honours {@code
 * Retry-After} and gives up after a number of attempts — and storms the receiver with duplicates, concurrent
 * copies, forged signatures, stale timestamps and failing payloads. {@link dev.hookguard.examples.Demo} is the
 * entry point; the summary proves that the handler ran once per event that succeeded.
 */
@NullMarked
package dev.hookguard.examples;

import org.jspecify.annotations.NullMarked;
