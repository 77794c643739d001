/**
 * The Redis {@link dev.hookguard.core.RecoveryStore}: one hash per event, one Lua script per state change,
 * three sorted-set indexes per endpoint (dead letters, due queue, open records), on Lettuce, for
 * standalone Redis, Sentinel and Redis Cluster. Start at {@link
 * dev.hookguard.redis.RedisStores}; the storage layout is described on {@link
 * dev.hookguard.redis.RedisIdempotencyStore}.
 */
@NullMarked
package dev.hookguard.redis;

import org.jspecify.annotations.NullMarked;
