/** The in-memory {@link dev.hookguard.core.IdempotencyStore}: tests, demos and single-node services. */
@NullMarked
package dev.hookguard.core.memory;

import org.jspecify.annotations.NullMarked;
