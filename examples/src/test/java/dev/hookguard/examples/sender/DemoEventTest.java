package dev.hookguard.examples.sender;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.examples.receiver.DemoEndpoint;
import org.junit.jupiter.api.Test;

class DemoEventTest {

    @Test
    void shouldReadWhatTheSenderWrites() {
        EventPlan plan = new EventPlan(7, "evt_x_7", DemoEndpoint.STRIPE, FailureMode.ONCE, null, false);

        assertThat(DemoEvent.parse(plan.body(DeliveryKind.GENUINE)))
                .isEqualTo(new DemoEvent("evt_x_7", FailureMode.ONCE, null));
        assertThat(DemoEvent.parse(plan.body(DeliveryKind.WRONG_SECRET)))
                .isEqualTo(new DemoEvent("evt_x_7", FailureMode.ONCE, "tampered"));
        assertThat(DemoEvent.parse(plan.body(DeliveryKind.STALE_TIMESTAMP)))
                .isEqualTo(new DemoEvent("evt_x_7", FailureMode.ONCE, "stale"));
    }

    @Test
    void shouldTakeTheTopLevelIdOnly() {
        byte[] body = "{\"data\":{\"object\":{\"id\":\"in_1\"}},\"demo\":{\"fail\":\"always\"},\"id\":\"evt_1\"}"
                .getBytes(UTF_8);

        assertThat(DemoEvent.parse(body)).isEqualTo(new DemoEvent("evt_1", FailureMode.ALWAYS, null));
    }

    @Test
    void shouldRefuseABodyWithoutId() {
        assertThatThrownBy(() -> DemoEvent.parse("{\"data\":{\"id\":\"in_1\"}}".getBytes(UTF_8)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("body must have a string field id");
        assertThatThrownBy(() -> DemoEvent.parse("[1]".getBytes(UTF_8)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("body must be a JSON object");
    }
}
