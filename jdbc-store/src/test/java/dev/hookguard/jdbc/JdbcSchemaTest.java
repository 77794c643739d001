package dev.hookguard.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The shipped migrations: the one source of the schema, applied in order, the table name substituted safely. */
class JdbcSchemaTest {

    @ParameterizedTest
    @EnumSource(JdbcDialect.class)
    void shouldCreateFromTheMigrationsInOrder(JdbcDialect dialect) {
        List<String> statements = JdbcSchema.createStatements(dialect, "my_events");
        List<String> inOrder = new ArrayList<>();
        for (JdbcSchema.Migration migration : JdbcSchema.migrations(dialect)) {
            inOrder.addAll(migration.statements(dialect, "my_events"));
        }

        assertThat(statements).isEqualTo(inOrder);
        assertThat(JdbcSchema.migrations(dialect))
                .extracting(JdbcSchema.Migration::name)
                .containsExactlyElementsOf(
                        dialect == JdbcDialect.H2
                                ? List.of(
                                        "V1__create_hookguard_events",
                                        "V2__recovery",
                                        "V3__inline_bodies",
                                        "V4__endpoint_controls",
                                        "V5__attempts",
                                        "V6__audit_trail")
                                : List.of(
                                        "V1__create_hookguard_events",
                                        "V2__recovery",
                                        "V4__endpoint_controls",
                                        "V5__attempts",
                                        "V6__audit_trail"));
    }

    @ParameterizedTest
    @EnumSource(JdbcDialect.class)
    void shouldKeepBodiesHeadersAndHistoryOutOfH2sLobStorage(JdbcDialect dialect) {
        String schema = String.join("\n", JdbcSchema.createStatements(dialect, "my_events"));

        if (dialect == JdbcDialect.H2) {
            assertThat(schema)
                    .contains("ALTER COLUMN response_body SET DATA TYPE BINARY VARYING")
                    .contains("ALTER COLUMN payload_body SET DATA TYPE BINARY VARYING")
                    .contains("ALTER COLUMN payload_headers SET DATA TYPE CHARACTER VARYING")
                    .contains("ALTER COLUMN history SET DATA TYPE CHARACTER VARYING");
        } else {
            assertThat(schema).doesNotContain("SET DATA TYPE");
        }
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
    void shouldDropOnlyTheNamedTableAndItsSideTables(JdbcDialect dialect) {
        assertThat(JdbcSchema.dropStatements(dialect, "my_events"))
                .containsExactly(
                        "DROP TABLE IF EXISTS my_events_audit",
                        "DROP TABLE IF EXISTS my_events_controls",
                        "DROP TABLE IF EXISTS my_events");
    }

    @ParameterizedTest
    @EnumSource(JdbcDialect.class)
    void shouldCreateTheEndpointControlsTableBesideTheEventsTable(JdbcDialect dialect) {
        assertThat(String.join("\n", JdbcSchema.createStatements(dialect, "my_events")))
                .contains("CREATE TABLE IF NOT EXISTS my_events_controls (")
                .contains("PRIMARY KEY (endpoint)");
    }

    @ParameterizedTest
    @EnumSource(JdbcDialect.class)
    void shouldCreateTheAuditTrailTableBesideTheEventsTableWithItsWalkAndPurgeIndexes(JdbcDialect dialect) {
        assertThat(String.join("\n", JdbcSchema.createStatements(dialect, "my_events")))
                .contains("CREATE TABLE IF NOT EXISTS my_events_audit (")
                .containsPattern("my_events_audit_walk_idx (ON my_events_audit )?\\(endpoint, id\\)")
                .containsPattern("my_events_audit_expires_idx (ON my_events_audit )?\\(expires_at\\)");
    }

    @ParameterizedTest
    @EnumSource(JdbcDialect.class)
    void shouldKeepTheLongestIndexNameOfTheLongestTableNameWithinPostgresLimit(JdbcDialect dialect) {
        String table = "t".repeat(JdbcStoreConfig.MAX_TABLE_NAME_LENGTH);

        assertThat(String.join("\n", JdbcSchema.createStatements(dialect, table)))
                .contains(table + "_audit_expires_idx");
        assertThat(table + "_audit_expires_idx").hasSizeLessThanOrEqualTo(63);
    }

    @ParameterizedTest
    @EnumSource(JdbcDialect.class)
    void shouldRefuseTableNameThatIsNoPlainIdentifier(JdbcDialect dialect) {
        assertThatThrownBy(() -> JdbcSchema.createStatements(dialect, "x; DROP TABLE users"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("tableName must match");
    }
}
