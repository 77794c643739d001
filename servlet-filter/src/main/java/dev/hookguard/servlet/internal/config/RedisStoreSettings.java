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
            HookguardSettings.DurabilitySettings durability = redis.getDurability();
            if (durability.getReplicas() != null) {
                builder.durabilityReplicas(durability.getReplicas());
            }
            if (durability.getTimeout() != null) {
                builder.durabilityTimeout(durability.getTimeout());
            }
            if (durability.getAofFsync() != null) {
                builder.durabilityAofFsync(durability.getAofFsync());
            }
            durability.getEndpoints().forEach((endpoint, own) -> {
                Integer replicas = own.getReplicas();
                if (replicas == null || replicas < 0) {
                    throw new IllegalArgumentException(prefix + "store.redis.durability.endpoints." + endpoint
                            + ".replicas must be 0 or more but was " + replicas);
                }
                builder.durabilityReplicas(endpoint, replicas);
            });
            if (redis.getAcceptVolatileAsync() != null) {
                builder.acceptVolatileAsync(redis.getAcceptVolatileAsync());
            }
            if (redis.getSlotPerEndpoint() != null) {
                builder.slotPerEndpoint(redis.getSlotPerEndpoint());
            }
            return durabilityNamed(builder, prefix);
        });
    }

    /** Builds; a durability field's error names its setting: {@code durabilityTimeout} as {@code durability.timeout}. */
    private static RedisStoreConfig durabilityNamed(RedisStoreConfig.Builder builder, String prefix) {
        try {
            return builder.build();
        } catch (IllegalArgumentException e) {
            String message = e.getMessage() == null ? "" : e.getMessage();
            String durability = "durability";
            if (!message.startsWith(durability) || message.length() <= durability.length() + 1) {
                throw e;
            }
            String rest = message.substring(durability.length());
            int space = rest.indexOf(' ');
            String field = space < 0 ? rest : rest.substring(0, space);
            throw new IllegalArgumentException(
                    prefix + "store.redis.durability."
                            + SettingNames.kebab(Character.toLowerCase(field.charAt(0)) + field.substring(1))
                            + (space < 0 ? " is invalid" : rest.substring(space)),
                    e);
        }
    }
}
