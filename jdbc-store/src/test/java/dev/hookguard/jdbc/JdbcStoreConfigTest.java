package dev.hookguard.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JdbcStoreConfigTest {

    @Test
    void shouldDefaultToHookguardEventsDetectedDialectNoSchemaCreationAndBatchesOfThousand() {
        JdbcStoreConfig config = JdbcStoreConfig.ofDefaults();

        assertThat(config)
                .isEqualTo(
                        new JdbcStoreConfig("hookguard_events", null, false, JdbcStoreConfig.DEFAULT_PURGE_BATCH_SIZE));
        assertThat(config.purgeBatchSize()).isEqualTo(1000);
    }

    @Test
    void shouldCopyEveryFieldIntoBuilder() {
        JdbcStoreConfig config = new JdbcStoreConfig("events_2", JdbcDialect.H2, true, 50);

        assertThat(JdbcStoreConfig.from(config).build()).isEqualTo(config);
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "Hookguard",
                "1events",
                "events;drop table users",
                "public.events",
                "events\"",
                "a23456789012345678901234567890123456789012"
            })
    void shouldRefuseTableNameThatIsNotPlainLowerCaseIdentifier(String name) {
        assertThatThrownBy(() -> JdbcStoreConfig.custom().tableName(name).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("tableName must match")
                .hasMessageEndingWith("but was '" + name + "'");
    }

    @Test
    void shouldAcceptLongestTableName() {
        String name = "a".repeat(JdbcStoreConfig.MAX_TABLE_NAME_LENGTH);

        assertThat(JdbcStoreConfig.custom().tableName(name).build().tableName()).isEqualTo(name);
    }

    @Test
    void shouldRefusePurgeBatchBelowOne() {
        assertThatThrownBy(() -> JdbcStoreConfig.custom().purgeBatchSize(0).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("purgeBatchSize must be at least 1 but was 0");
    }
}
