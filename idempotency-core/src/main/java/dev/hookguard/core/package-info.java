/**
 * The model and the store SPI of Hookguard: event keys, fingerprints, the idempotency policy, record
 * states, claim outcomes and the {@link dev.hookguard.core.IdempotencyStore} that every backend
 * implements. The state machine is described in DESIGN.md §3; every store must pass the contract tests of
 * the {@code store-testkit} module unchanged.
 */
@NullMarked
package dev.hookguard.core;

import org.jspecify.annotations.NullMarked;
