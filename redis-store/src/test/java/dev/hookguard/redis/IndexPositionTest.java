package dev.hookguard.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IndexPositionTest {

    @Test
    void shouldRoundTripCursorWithColonsInEventId() {
        IndexPosition position = new IndexPosition(1_764_406_000_123L, "evt:1:x");

        assertThat(IndexPosition.parse(position.cursor())).isEqualTo(position);
    }

    @Test
    void shouldOrderByScoreThenEventIdBytes() {
        assertThat(new IndexPosition(1, "b")).isGreaterThan(new IndexPosition(1, "a:1"));
        assertThat(new IndexPosition(1, "a:1")).isGreaterThan(new IndexPosition(1, "a"));
        assertThat(new IndexPosition(2, "a")).isGreaterThan(new IndexPosition(1, "z"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "12", "12:", ":x", "x:y", "-1:x"})
    void shouldRefuseTextThatIsNoCursor(String cursor) {
        assertThatThrownBy(() -> IndexPosition.parse(cursor))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cursor");
    }
}
