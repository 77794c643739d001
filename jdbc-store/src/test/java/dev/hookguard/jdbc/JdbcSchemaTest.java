package dev.hookguard.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The shipped scripts: one per dialect, the Flyway migration identical to it, the table name substituted safely. */
class JdbcSchemaTest {

    @ParameterizedTest
    @EnumSource(JdbcDialect.class)
    void shouldShipMigrationIdenticalToSchemaScript(JdbcDialect dialect) {
        String schema = JdbcSchema.read("schema-" + dialect.scriptName() + ".sql");
        String migration = JdbcSchema.read("migration/" + dialect.scriptName() + "/V1__create_hookguard_events.sql");

        assertThat(migration).isEqualTo(schema);
    }

    @ParameterizedTest
    @EnumSource(JdbcDialect.class)
    void shouldCreateTableKeyedOnEndpointAndEventIdWithExpiryAndDeadLetterIndexes(JdbcDialect dialect) {
        List<String> statements = JdbcSchema.createStatements(dialect, "my_events");

        assertThat(String.join("\n", statements))
                .doesNotContain("hookguard_events")
                .contains("CREATE TABLE IF NOT EXISTS my_events (")
                .contains("PRIMARY KEY (endpoint, event_id)")
                .contains("my_events_expires_idx")
                .contains("my_events_dead_idx");
        assertThat(statements).noneMatch(s -> s.startsWith("--") || s.endsWith(";"));
    }

    @ParameterizedTest
    @EnumSource(JdbcDialect.class)
    void shouldDropOnlyTheNamedTable(JdbcDialect dialect) {
        assertThat(JdbcSchema.dropStatements(dialect, "my_events")).containsExactly("DROP TABLE IF EXISTS my_events");
    }

    @ParameterizedTest
    @EnumSource(JdbcDialect.class)
    void shouldRefuseTableNameThatIsNoPlainIdentifier(JdbcDialect dialect) {
        assertThatThrownBy(() -> JdbcSchema.createStatements(dialect, "x; DROP TABLE users"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tableName must match");
    }
}
