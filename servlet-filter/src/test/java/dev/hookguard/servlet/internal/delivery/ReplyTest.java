package dev.hookguard.servlet.internal.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReplyTest {

    @Test
    void shouldRoundRetryAfterUpToWholeSecondsAndNeverBelowOne() {
        assertThat(Reply.seconds(Duration.ZERO)).isEqualTo(1);
        assertThat(Reply.seconds(Duration.ofMillis(1))).isEqualTo(1);
        assertThat(Reply.seconds(Duration.ofMillis(1000))).isEqualTo(1);
        assertThat(Reply.seconds(Duration.ofMillis(1001))).isEqualTo(2);
        assertThat(Reply.seconds(Duration.ofSeconds(30))).isEqualTo(30);
    }

    @Test
    void shouldNeverAnswer410() {
        assertThatIllegalArgumentException().isThrownBy(() -> Reply.of(410, "gone"));
    }
}
