/**
 * The demo's sender: a provider-like webhook sender (signing, exponential backoff with full jitter,
 * {@code Retry-After}, giving up) and the storm it runs: duplicates, concurrent copies, forged and stale deliveries.
 */
@NullMarked
package dev.hookguard.examples.sender;

import org.jspecify.annotations.NullMarked;
