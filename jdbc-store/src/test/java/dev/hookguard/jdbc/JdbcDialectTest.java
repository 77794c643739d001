package dev.hookguard.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class JdbcDialectTest {

    @Test
    void shouldDetectDialectFromProductNamesTheDriversReport() {
        assertThat(JdbcDialect.ofProductName("PostgreSQL")).isEqualTo(JdbcDialect.POSTGRESQL);
        assertThat(JdbcDialect.ofProductName("H2")).isEqualTo(JdbcDialect.H2);
        assertThat(JdbcDialect.ofProductName("MariaDB")).isEqualTo(JdbcDialect.MARIADB);
        assertThat(JdbcDialect.ofProductName("MySQL")).isEqualTo(JdbcDialect.MYSQL);
    }

    @Test
    void shouldRefuseUnsupportedDatabaseNamingIt() {
        assertThatThrownBy(() -> JdbcDialect.ofProductName("Oracle"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "database product 'Oracle' is not supported; supported are PostgreSQL, H2, MariaDB and MySQL");
    }

    @Test
    void shouldShareMariaDbScriptsWithMySql() {
        assertThat(JdbcDialect.MYSQL.scriptName()).isEqualTo(JdbcDialect.MARIADB.scriptName());
    }
}
