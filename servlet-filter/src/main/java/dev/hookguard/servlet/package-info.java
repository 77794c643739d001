/**
 * The drop-in {@code jakarta.servlet} filter of Hookguard: it reads a webhook delivery's body within a bound,
 * verifies its signature, extracts its event id, claims the event in an {@link
 * dev.hookguard.core.IdempotencyStore}, and hands the request to the application only when the claim was
 * acquired; the handler's response is recorded for replay to duplicates. The HTTP contract is DESIGN.md §4.
 */
@NullMarked
package dev.hookguard.servlet;

import org.jspecify.annotations.NullMarked;
