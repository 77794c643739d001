/**
 * The contract every {@link dev.hookguard.core.RecoveryStore} passes unchanged ({@link StoreContractTest})
 * and the helper that gives integration tests their Redis and database ({@link TestServices}).
 */
@NullMarked
package dev.hookguard.testkit;

import org.jspecify.annotations.NullMarked;
