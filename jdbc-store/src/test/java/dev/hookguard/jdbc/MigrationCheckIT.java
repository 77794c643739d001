package dev.hookguard.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import dev.hookguard.testkit.TestServices;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A table made by V1 alone (the manual migration that stopped half-way) is reported as lacking V2 by name, on every
 * dialect; once every migration ran, nothing is missing.
 */
class MigrationCheckIT {

    @ParameterizedTest
    @EnumSource(JdbcDialect.class)
    void shouldNameTheMigrationsATableOfV1AloneLacks(JdbcDialect dialect) throws Exception {
        String table = "hookguard_events_v1_"
                + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        try (HikariDataSource pool = pool(dialect)) {
            try (Connection connection = pool.getConnection();
                    Statement statement = connection.createStatement()) {
                for (String sql : JdbcSchema.MIGRATIONS.get(0).statements(dialect, table)) {
                    statement.execute(sql);
                }
                assertThat(JdbcSchema.missingMigrations(connection, table))
                        .containsExactlyElementsOf(
                                dialect == JdbcDialect.H2
                                        ? List.of(
                                                "V2__recovery.sql",
                                                "V3__inline_bodies.sql",
                                                "V4__endpoint_controls.sql",
                                                "V5__attempts.sql")
                                        : List.of("V2__recovery.sql", "V4__endpoint_controls.sql", "V5__attempts.sql"));
            }
            try {
                JdbcSchema.createIfMissing(pool, dialect, table);
                try (Connection connection = pool.getConnection()) {
                    assertThat(JdbcSchema.missingMigrations(connection, table)).isEmpty();
                }
            } finally {
                JdbcSchema.drop(pool, dialect, table);
            }
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
