package dev.hookguard.jdbc;

import dev.hookguard.core.StoreUnavailableException;
import dev.hookguard.jdbc.internal.StoreErrors;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import javax.sql.DataSource;
import org.jooq.SQLDialect;

/**
 * The databases the JDBC store speaks to, each with its claim strategy and schema script. The dialect is detected
 * from the {@link java.sql.DatabaseMetaData#getDatabaseProductName() product name} unless configured.
 */
public enum JdbcDialect {
    /** PostgreSQL 12 or later: the claim is one {@code INSERT … ON CONFLICT … DO UPDATE … WHERE … RETURNING}. */
    POSTGRESQL(SQLDialect.POSTGRES, "postgresql", true),
    /** H2 2.x (embedded or server): insert-if-absent, then one short transaction with {@code SELECT … FOR UPDATE}. */
    H2(SQLDialect.H2, "h2", false),
    /** MariaDB 10.6 or later: {@code INSERT IGNORE}, then one short transaction with {@code SELECT … FOR UPDATE}. */
    MARIADB(SQLDialect.MARIADB, "mariadb", false),
    /** MySQL 8: the statements and schema of {@link #MARIADB}; not exercised by this project's CI. */
    MYSQL(SQLDialect.MYSQL, "mariadb", false);

    private final SQLDialect sqlDialect;
    private final String scriptName;
    private final boolean upsertReturning;

    JdbcDialect(SQLDialect sqlDialect, String scriptName, boolean upsertReturning) {
        this.sqlDialect = sqlDialect;
        this.scriptName = scriptName;
        this.upsertReturning = upsertReturning;
    }

    /** The jOOQ dialect that renders this database's SQL. */
    public SQLDialect sqlDialect() {
        return sqlDialect;
    }

    /** The suffix of this dialect's scripts: {@code schema-<name>.sql}, {@code drop-<name>.sql}. */
    public String scriptName() {
        return scriptName;
    }

    /** True where the claim is one guarded upsert with {@code RETURNING}; else insert-if-absent plus a lock. */
    public boolean upsertReturning() {
        return upsertReturning;
    }

    /**
     * The dialect of the database behind {@code dataSource}, from its metadata; borrows one connection.
     *
     * @throws StoreUnavailableException when the database cannot be reached
     * @throws IllegalArgumentException when it is not a supported database
     */
    public static JdbcDialect detect(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection()) {
            return ofProductName(connection.getMetaData().getDatabaseProductName());
        } catch (SQLException e) {
            throw StoreErrors.unavailable("detect the database dialect", e);
        }
    }

    /**
     * The dialect of a database with this product name, as JDBC drivers report it ({@code PostgreSQL}, {@code H2},
     * {@code MariaDB}, {@code MySQL}).
     *
     * @throws IllegalArgumentException for any other database
     */
    public static JdbcDialect ofProductName(String productName) {
        String name = productName.toLowerCase(Locale.ROOT);
        if (name.contains("postgresql")) {
            return POSTGRESQL;
        }
        if (name.equals("h2")) {
            return H2;
        }
        if (name.contains("mariadb")) {
            return MARIADB;
        }
        if (name.contains("mysql")) {
            return MYSQL;
        }
        throw new IllegalArgumentException("database product '" + productName
                + "' is not supported; supported are PostgreSQL, H2, MariaDB and MySQL");
    }
}
