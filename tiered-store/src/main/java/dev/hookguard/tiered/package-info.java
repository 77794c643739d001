/**
 * The tiered store: {@link dev.hookguard.tiered.TieredStore} keeps every record in the JDBC store (the authority)
 * and answers duplicates of settled events from a Redis cache of their verdicts; when Redis is down, slow or failed
 * over, a circuit breaker takes the cache out of the path and the database answers alone. {@link
 * dev.hookguard.tiered.TieredMeters} binds its meters to Micrometer (optional). The module README lists the cache's
 * keys, fields and rules.
 */
@NullMarked
package dev.hookguard.tiered;

import org.jspecify.annotations.NullMarked;
