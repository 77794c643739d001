package dev.hookguard.spring.internal.autoconfigure;

/** The stores {@code hookguard.store.type} can name. */
public enum StoreType {
    /** {@link dev.hookguard.core.memory.InMemoryStore}: one JVM only, for tests, demos and single-node services. */
    MEMORY,
    /** {@code redis-store}, on {@code hookguard.store.redis.uri}, a Lettuce client bean or Spring Data Redis. */
    REDIS,
    /** {@code jdbc-store}, on the application's {@code DataSource}. */
    JDBC
}
