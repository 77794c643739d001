package dev.hookguard.testkit;

/**
 * The store contract: every row of DESIGN.md §3 and §8 and the guarantees of the three SPI parts
 * ({@link dev.hookguard.core.IdempotencyStore}, {@link dev.hookguard.core.DueQueue}, {@link
 * dev.hookguard.core.operator.OperatorStore}). A store module extends this class and supplies its store with {@link
 * #createStore()}; nothing else. Each test works on its own endpoint, so a shared Redis or database needs no
 * cleaning between tests. Time is the store's own: tests of expiry use short leases and windows and
 * Awaitility, never fixed sleeps.
 *
 * <p>The contract is split by SPI part into a chain of abstract classes (hot path, due queue, operator side,
 * bulk actions, concurrency, endpoint controls, audit trail, purge of archived dead letters) so that each stays readable; a store sees one class.
 */
public abstract class StoreContractTest extends PurgeContract {}
