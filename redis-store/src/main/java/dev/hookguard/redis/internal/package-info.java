/**
 * Internals of the Redis store, not API: how a record, its history and the scripts' arguments are encoded, and the
 * connection codec behind {@code RedisStores.CODEC}. Public only for {@code dev.hookguard.redis}; they change without
 * notice.
 */
@NullMarked
package dev.hookguard.redis.internal;

import org.jspecify.annotations.NullMarked;
