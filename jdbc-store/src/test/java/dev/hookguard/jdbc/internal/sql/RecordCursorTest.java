package dev.hookguard.jdbc.internal.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RecordCursorTest {

    @Test
    void shouldReadBackTheCursorItWrote() {
        RecordCursor cursor = new RecordCursor(Instant.ofEpochMilli(1_700_000_000_123L), "evt:with:colons");

        assertThat(cursor.encode()).isEqualTo("1700000000123:evt:with:colons");
        assertThat(RecordCursor.parse(cursor.encode())).isEqualTo(cursor);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "123", "123:", ":evt", "abc:evt"})
    void shouldRefuseCursorItDidNotWrite(String cursor) {
        assertThatThrownBy(() -> RecordCursor.parse(cursor))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cursor must be a nextCursor of this store but was '" + cursor + "'");
    }
}
