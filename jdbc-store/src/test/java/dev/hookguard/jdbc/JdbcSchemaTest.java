package dev.hookguard.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The shipped migrations: the one source of the schema, applied in order, the table name substituted safely. */
class JdbcSchemaTest {

    @ParameterizedTest
    @EnumSource(JdbcDialect.class)
    void shouldCreateFromTheMigrationsInOrder(JdbcDialect dialect) {
        List<String> statements = JdbcSchema.createStatements(dialect, "my_events");
        List<String> v1 = JdbcSchema.MIGRATIONS.get(0).statements(dialect, "my_events");
        List<String> v2 = JdbcSchema.MIGRATIONS.get(1).statements(dialect, "my_events");

        assertThat(statements).startsWith(v1.toArray(String[]::new)).endsWith(v2.toArray(String[]::new));
        assertThat(JdbcSchema.MIGRATIONS)
                .extracting(JdbcSchema.Migration::name)
                .containsExactly("V1__create_hookguard_events", "V2__recovery");
    }

    @ParameterizedTest
    @EnumSource(JdbcDialect.class)
    void shouldCreateTableKeyedOnEndpointAndEventIdWithExpiryDueAndOperatorIndexes(JdbcDialect dialect) {
        List<String> statements = JdbcSchema.createStatements(dialect, "my_events");

        assertThat(String.join("\n", statements))
                .doesNotContain("hookguard_events")
                .contains("CREATE TABLE IF NOT EXISTS my_events (")
                .contains("PRIMARY KEY (endpoint, event_id)")
                .contains("my_events_expires_idx")
                .contains("my_events_due_idx")
                .contains("my_events_ops_idx")
                .contains("next_attempt_at", "error_class", "history");
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
