package dev.hookguard.jdbc;

import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * How a {@link JdbcIdempotencyStore} finds and keeps its table. Immutable; build with {@link #custom()} or take
 * {@link #ofDefaults()}.
 *
 * @param tableName the table's name: lower-case letters, digits and {@code _}, starting with a letter or {@code _},
 *     at most {@value #MAX_TABLE_NAME_LENGTH} characters. DDL cannot bind identifiers, so the name is checked
 *     against this pattern before it is put into the schema script or any statement. To use another schema, set it
 *     on the connection ({@code currentSchema} in PostgreSQL's JDBC URL, the database in MariaDB's). The side tables
 *     are named after it: {@code <table>}{@value #CONTROLS_SUFFIX} (endpoint controls) and {@code <table>}{@value
 *     #AUDIT_SUFFIX} (audit trail).
 * @param dialect the database, or null to detect it from the data source's metadata at start-up
 * @param createSchemaIfMissing true to run {@code schema-<dialect>.sql} (every statement {@code IF NOT EXISTS}) when
 *     the store is created
 * @param purgeBatchSize the most rows one purge statement deletes, so that no purge holds many locks for long
 */
public record JdbcStoreConfig(
        String tableName, @Nullable JdbcDialect dialect, boolean createSchemaIfMissing, int purgeBatchSize) {

    /** Default table name: {@code hookguard_events}, the name the shipped scripts use. */
    public static final String DEFAULT_TABLE_NAME = "hookguard_events";
    /** What the endpoint controls' table's name adds to the events table's: {@code hookguard_events_controls}. */
    public static final String CONTROLS_SUFFIX = "_controls";
    /** What the audit trail's table's name adds to the events table's: {@code hookguard_events_audit}. */
    public static final String AUDIT_SUFFIX = "_audit";
    /** Default: the schema is not created; run the script or the migration yourself. */
    public static final boolean DEFAULT_CREATE_SCHEMA_IF_MISSING = false;
    /** Default purge batch: 1 000 rows per statement. */
    public static final int DEFAULT_PURGE_BATCH_SIZE = 1000;
    /**
     * Longest table name: index names add up to 18 characters ({@code <table>_audit_expires_idx}) and PostgreSQL cuts
     * names at 63.
     */
    public static final int MAX_TABLE_NAME_LENGTH = 40;

    private static final Pattern TABLE_NAME = Pattern.compile("[a-z_][a-z0-9_]{0," + (MAX_TABLE_NAME_LENGTH - 1) + "}");

    /** Validates every field; a bad one is an {@link IllegalArgumentException} naming field and value. */
    public JdbcStoreConfig {
        if (tableName == null || !TABLE_NAME.matcher(tableName).matches()) {
            throw new IllegalArgumentException("tableName must match " + TABLE_NAME.pattern()
                    + " (lower-case letters, digits and '_', at most " + MAX_TABLE_NAME_LENGTH
                    + " characters) but was '" + tableName + "'");
        }
        if (purgeBatchSize < 1) {
            throw new IllegalArgumentException("purgeBatchSize must be at least 1 but was " + purgeBatchSize);
        }
    }

    /** The defaults: table {@code hookguard_events}, dialect detected, no schema creation, purge batches of 1 000. */
    public static JdbcStoreConfig ofDefaults() {
        return custom().build();
    }

    /** A builder that starts from the defaults. */
    public static Builder custom() {
        return new Builder();
    }

    /** A builder that starts from this configuration. */
    public static Builder from(JdbcStoreConfig config) {
        return new Builder()
                .tableName(config.tableName)
                .dialect(config.dialect)
                .createSchemaIfMissing(config.createSchemaIfMissing)
                .purgeBatchSize(config.purgeBatchSize);
    }

    /** Builds a {@link JdbcStoreConfig}; names equal the record's components. */
    public static final class Builder {
        private String tableName = DEFAULT_TABLE_NAME;
        private @Nullable JdbcDialect dialect;
        private boolean createSchemaIfMissing = DEFAULT_CREATE_SCHEMA_IF_MISSING;
        private int purgeBatchSize = DEFAULT_PURGE_BATCH_SIZE;

        private Builder() {}

        /** See {@link JdbcStoreConfig#tableName()}. */
        public Builder tableName(String tableName) {
            this.tableName = tableName;
            return this;
        }

        /** See {@link JdbcStoreConfig#dialect()}; null detects it. */
        public Builder dialect(@Nullable JdbcDialect dialect) {
            this.dialect = dialect;
            return this;
        }

        /** See {@link JdbcStoreConfig#createSchemaIfMissing()}. */
        public Builder createSchemaIfMissing(boolean createSchemaIfMissing) {
            this.createSchemaIfMissing = createSchemaIfMissing;
            return this;
        }

        /** See {@link JdbcStoreConfig#purgeBatchSize()}. */
        public Builder purgeBatchSize(int purgeBatchSize) {
            this.purgeBatchSize = purgeBatchSize;
            return this;
        }

        /** The configuration; throws {@link IllegalArgumentException} naming the first bad field. */
        public JdbcStoreConfig build() {
            return new JdbcStoreConfig(tableName, dialect, createSchemaIfMissing, purgeBatchSize);
        }
    }
}
