package dev.hookguard.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.testkit.TestServices;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A table made by V1 alone (the manual migration that stopped half-way) is reported as lacking V2 by name, on every
 * dialect; a schema of every migration but the audit trail's is reported as lacking V6 by name; once every migration
 * ran, nothing is missing.
 */
class MigrationCheckIT {

    @ParameterizedTest
    @EnumSource(JdbcDialect.class)
    void shouldNameTheMigrationsATableOfV1AloneLacks(JdbcDialect dialect) throws Exception {
        assertThat(missingAfter(dialect, 1))
                .containsExactlyElementsOf(
                        dialect == JdbcDialect.H2
                                ? List.of(
                                        "V2__recovery.sql",
                                        "V3__inline_bodies.sql",
                                        "V4__endpoint_controls.sql",
                                        "V5__attempts.sql",
                                        "V6__audit_trail.sql")
                                : List.of(
                                        "V2__recovery.sql",
                                        "V4__endpoint_controls.sql",
                                        "V5__attempts.sql",
                                        "V6__audit_trail.sql"));
    }

    @ParameterizedTest
    @EnumSource(JdbcDialect.class)
    void shouldNameTheAuditTrailMigrationASchemaOfV5Lacks(JdbcDialect dialect) throws Exception {
        assertThat(missingAfter(dialect, JdbcSchema.migrationCount(dialect) - 1))
                .containsExactly("V6__audit_trail.sql");
    }

    /**
     * What the check names missing on a fresh table given the dialect's first {@code applied} migrations; checks that
     * create-if-missing then completes the schema, and drops it.
     */
    private static List<String> missingAfter(JdbcDialect dialect, int applied) throws SQLException {
        String table = "hookguard_events_m" + applied + "_"
                + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (HikariDataSource pool = pool(dialect)) {
            List<String> missing;
            try (Connection connection = pool.getConnection();
                    Statement statement = connection.createStatement()) {
                for (JdbcSchema.Migration migration :
                        JdbcSchema.migrations(dialect).subList(0, applied)) {
                    for (String sql : migration.statements(dialect, table)) {
                        statement.execute(sql);
                    }
                }
                missing = JdbcSchema.missingMigrations(connection, table);
            }
            try {
                JdbcSchema.createIfMissing(pool, dialect, table);
                try (Connection connection = pool.getConnection()) {
                    assertThat(JdbcSchema.missingMigrations(connection, table)).isEmpty();
                }
            } finally {
                JdbcSchema.drop(pool, dialect, table);
            }
            return missing;
        }
    }

    private static HikariDataSource pool(JdbcDialect dialect) {
        return switch (dialect) {
            case H2 -> TestDatabase.pool(TestDatabase.h2Url(), "sa", "", c -> {});
            case POSTGRESQL -> {
                TestServices.Database db = TestServices.postgres();
                yield TestDatabase.pool(db.url(), db.user(), db.password(), c -> {});
            }
            case MARIADB, MYSQL -> {
                TestServices.Database db = TestServices.mariadb();
                yield TestDatabase.pool(db.url(), db.user(), db.password(), c -> {});
            }
        };
    }
}
