package dev.hookguard.servlet.internal.config;

import dev.hookguard.jdbc.JdbcDialect;
import dev.hookguard.jdbc.JdbcStoreConfig;
import dev.hookguard.servlet.HookguardSettings;
import java.util.Locale;
import org.jspecify.annotations.Nullable;

/**
 * Applies {@code store.jdbc.*} of the settings model to the JDBC store's builder, which owns the defaults. In a class
 * of its own so that the settings model loads without {@code jdbc-store} on the class path.
 */
public final class JdbcStoreSettings {

    private JdbcStoreSettings() {}

    /**
     * The store configuration of the set values over the defaults; errors name {@code <prefix>store.jdbc.<field>}.
     *
     * @throws IllegalArgumentException naming the first bad setting and its value
     */
    public static JdbcStoreConfig config(HookguardSettings.JdbcSettings jdbc, String prefix) {
        JdbcDialect dialect = dialect(jdbc, prefix);
        return SettingNames.named(prefix + "store.jdbc", () -> {
            JdbcStoreConfig.Builder builder = JdbcStoreConfig.custom().dialect(dialect);
            if (jdbc.getTableName() != null) {
                builder.tableName(jdbc.getTableName());
            }
            if (jdbc.getCreateSchemaIfMissing() != null) {
                builder.createSchemaIfMissing(jdbc.getCreateSchemaIfMissing());
            }
            if (jdbc.getPurgeBatchSize() != null) {
                builder.purgeBatchSize(jdbc.getPurgeBatchSize());
            }
            return builder.build();
        });
    }

    /**
     * The dialect {@code store.jdbc.dialect} names, or null to detect it from the {@code DataSource}.
     *
     * @throws IllegalArgumentException naming the setting and its value when it names no dialect
     */
    public static @Nullable JdbcDialect dialect(HookguardSettings.JdbcSettings jdbc, String prefix) {
        String name = jdbc.getDialect();
        if (name == null || name.isBlank()) {
            return null;
        }
        try {
            return JdbcDialect.valueOf(name.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    prefix + "store.jdbc.dialect must be postgresql, h2, mariadb or mysql but" + " was '" + name + "'");
        }
    }
}
