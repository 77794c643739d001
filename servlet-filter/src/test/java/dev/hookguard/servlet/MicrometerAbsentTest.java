package dev.hookguard.servlet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.memory.InMemoryStore;
import dev.hookguard.core.signature.Scheme;
import dev.hookguard.core.signature.SignatureConfig;
import org.junit.jupiter.api.Test;

/** Runs in its own Surefire execution, with Micrometer taken off the class path. */
class MicrometerAbsentTest {

    @Test
    void shouldConfigureAndStartTheFilterWithoutMicrometer() {
        assertThatThrownBy(() -> Class.forName("io.micrometer.core.instrument.MeterRegistry"))
                .isInstanceOf(ClassNotFoundException.class);

        HookguardFilterConfig config = HookguardFilterConfig.custom()
                .store(new InMemoryStore())
                .endpoint(EndpointConfig.custom("github")
                        .path("/gh")
                        .scheme(Scheme.GITHUB, SignatureConfig.of("github-webhook-secret"))
                        .build())
                .build();
        HookguardFilter filter = new HookguardFilter(config);
        filter.destroy();

        assertThat(config.metrics()).isSameAs(DeliveryMetrics.none());
        assertThat(DeliveryMetrics.detect()).isSameAs(DeliveryMetrics.none());
    }
}
