package dev.hookguard.servlet.internal.config;

import dev.hookguard.redis.RedisStoreConfig;
import dev.hookguard.servlet.HookguardSettings;

/**
 * Applies {@code store.redis.*} of the settings model to the Redis store's builder, which owns the defaults. In a
 * class of its own so that the settings model loads without {@code redis-store} on the class path.
 */
public final class RedisStoreSettings {

    private RedisStoreSettings() {}

    /**
     * The store configuration of the set values over the defaults; errors name {@code <prefix>store.redis.<field>}.
     *
     * @throws IllegalArgumentException naming the first bad setting and its value
     */
    public static RedisStoreConfig config(HookguardSettings.RedisSettings redis, String prefix) {
        return SettingNames.named(prefix + "store.redis", () -> {
            RedisStoreConfig.Builder builder = RedisStoreConfig.custom();
            if (redis.getKeyPrefix() != null) {
                builder.keyPrefix(redis.getKeyPrefix());
            }
            if (redis.getCommandTimeout() != null) {
                builder.commandTimeout(redis.getCommandTimeout());
            }
            if (redis.getConnectTimeout() != null) {
                builder.connectTimeout(redis.getConnectTimeout());
            }
            return builder.build();
        });
    }
}
