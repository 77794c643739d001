/**
 * The tiered store's internals: the verdict cache on Lettuce (its keys, encoding and two Lua scripts), the circuit
 * breaker and counters that guard it, and the connections it opens. May change in any release.
 */
@NullMarked
package dev.hookguard.tiered.internal;

import org.jspecify.annotations.NullMarked;
