package dev.hookguard.servlet.internal.config;

import dev.hookguard.servlet.HookguardSettings;
import dev.hookguard.tiered.TieredStoreConfig;

/**
 * Applies {@code store.tiered.*} of the settings model to the tiered store's builder, which owns the defaults. In a
 * class of its own so that the settings model loads without {@code tiered-store} on the class path.
 */
public final class TieredStoreSettings {

    private TieredStoreSettings() {}

    /**
     * The cache's configuration of the set values over the defaults; errors name {@code <prefix>store.tiered.<field>}.
     *
     * @throws IllegalArgumentException naming the first bad setting and its value
     */
    public static TieredStoreConfig config(HookguardSettings.TieredSettings tiered, String prefix) {
        return SettingNames.named(prefix + "store.tiered", () -> {
            TieredStoreConfig.Builder builder = TieredStoreConfig.custom();
            if (tiered.getKeyPrefix() != null) {
                builder.keyPrefix(tiered.getKeyPrefix());
            }
            if (tiered.getCommandTimeout() != null) {
                builder.commandTimeout(tiered.getCommandTimeout());
            }
            if (tiered.getConnectTimeout() != null) {
                builder.connectTimeout(tiered.getConnectTimeout());
            }
            if (tiered.getOpenFor() != null) {
                builder.openFor(tiered.getOpenFor());
            }
            return builder.build();
        });
    }
}
