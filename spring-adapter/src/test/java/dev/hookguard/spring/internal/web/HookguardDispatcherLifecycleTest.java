package dev.hookguard.spring.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;
import org.springframework.mock.env.MockEnvironment;

/** Where the dispatcher sends when no base URL is configured: the embedded server as Spring Boot started it. */
class HookguardDispatcherLifecycleTest {

    @Test
    void shouldSendToTheLoopbackAddressAndTheLocalServerPort() {
        MockEnvironment environment = new MockEnvironment().withProperty("local.server.port", "8443");

        assertThat(HookguardDispatcherLifecycle.localServer(environment))
                .isEqualTo(URI.create("http://127.0.0.1:8443"));
    }

    @Test
    void shouldKnowNoServerWithoutALocalPort() {
        assertThat(HookguardDispatcherLifecycle.localServer(new MockEnvironment()))
                .isNull();
        assertThat(HookguardDispatcherLifecycle.localServer(
                        new MockEnvironment().withProperty("local.server.port", "-1")))
                .isNull();
    }

    @Test
    void shouldUseTheServersBoundAddressAndTlsWhenConfigured() {
        MockEnvironment ipv6 =
                new MockEnvironment().withProperty("local.server.port", "8080").withProperty("server.address", "::1");
        MockEnvironment wildcard = new MockEnvironment()
                .withProperty("local.server.port", "8080")
                .withProperty("server.address", "0.0.0.0");
        MockEnvironment tls = new MockEnvironment()
                .withProperty("local.server.port", "8443")
                .withProperty("server.ssl.bundle", "web");
        MockEnvironment tlsOff = new MockEnvironment()
                .withProperty("local.server.port", "8080")
                .withProperty("server.ssl.bundle", "web")
                .withProperty("server.ssl.enabled", "false");

        assertThat(HookguardDispatcherLifecycle.localServer(ipv6)).isEqualTo(URI.create("http://[::1]:8080"));
        assertThat(HookguardDispatcherLifecycle.localServer(wildcard)).isEqualTo(URI.create("http://127.0.0.1:8080"));
        assertThat(HookguardDispatcherLifecycle.localServer(tls)).isEqualTo(URI.create("https://127.0.0.1:8443"));
        assertThat(HookguardDispatcherLifecycle.localServer(tlsOff)).isEqualTo(URI.create("http://127.0.0.1:8080"));
    }
}
