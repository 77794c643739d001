package dev.hookguard.servlet.internal.health;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.StoreUnavailableException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The health of a store, independent of Spring Boot's health API: one cheap read ({@code find} of a key that is never
 * written) that a reachable store answers at once. DOWN when the store throws {@link StoreUnavailableException} (or
 * anything else); the details name the store's type, never a connection string. For the Redis store they also show
 * what it runs on ({@code RedisIdempotencyStore#serverFacts()}: AOF, appendfsync, replicas connected, durability
 * setting, shortfalls), read with {@code INFO} at each check.
 */
public final class StoreHealth {

    /** The key the probe reads; no delivery can have it, since no endpoint name is this long and odd. */
    static final EventKey PROBE = EventKey.of("hookguard-health-probe", "probe");

    private static final String TIERED = "dev.hookguard.tiered.TieredStore";

    private final IdempotencyStore store;

    /** The health of this store. */
    public StoreHealth(IdempotencyStore store) {
        this.store = store;
    }

    /**
     * The result of one probe.
     *
     * @param up whether the store answered
     * @param details the store's type, and the error when it did not answer
     */
    public record Result(boolean up, Map<String, Object> details) {}

    /** Probes the store now. */
    public Result check() {
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("store", type(store));
        try {
            store.find(PROBE);
            if (TIERED.equals(store.getClass().getName())) {
                details.put("cache", TieredCache.state(store));
            }
            if ("redis".equals(details.get("store"))) {
                details.putAll(RedisFacts.of(store));
            }
            return new Result(true, details);
        } catch (StoreUnavailableException e) {
            details.put("error", e.getMessage());
            return new Result(false, details);
        } catch (RuntimeException e) {
            details.put("error", e.getClass().getName());
            return new Result(false, details);
        }
    }

    /** The store's type for people: {@code redis}, {@code jdbc}, {@code memory}, else its class name. */
    public static String type(IdempotencyStore store) {
        return switch (store.getClass().getName()) {
            case "dev.hookguard.redis.RedisIdempotencyStore" -> "redis";
            case "dev.hookguard.jdbc.JdbcIdempotencyStore" -> "jdbc";
            case "dev.hookguard.core.memory.InMemoryStore" -> "memory";
            case TIERED -> "tiered";
            default -> store.getClass().getName();
        };
    }

    /**
     * The tiered store's cache, {@code up} or {@code degraded} (the database answers alone): the store stays UP either
     * way. Loaded only for a tiered store, so tiered-store stays optional.
     */
    private static final class TieredCache {
        static String state(IdempotencyStore store) {
            return ((dev.hookguard.tiered.TieredStore) store).cacheStats().degraded() ? "degraded" : "up";
        }
    }

    /** The Redis store's facts; a class of its own, so that it is loaded only when the Redis store is there. */
    private static final class RedisFacts {
        static Map<String, Object> of(IdempotencyStore store) {
            return ((dev.hookguard.redis.RedisIdempotencyStore) store).serverFacts();
        }
    }
}
