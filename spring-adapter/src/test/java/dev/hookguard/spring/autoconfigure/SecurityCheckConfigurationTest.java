package dev.hookguard.spring.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.hookguard.spring.internal.autoconfigure.HookguardAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardMemoryStoreAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.HookguardWebAutoConfiguration;
import dev.hookguard.spring.internal.autoconfigure.SecurityChainCheck;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.security.web.FilterChainProxy;

/**
 * When the start-up check of Spring Security's chains is there: with Spring Security on the class path unless {@code
 * hookguard.security-check.enabled=false}, never without it; and its property in the metadata.
 */
class SecurityCheckConfigurationTest {

    private final WebApplicationContextRunner web = new WebApplicationContextRunner()
            .withConfiguration(AutoConfigurations.of(
                    HookguardAutoConfiguration.class,
                    HookguardMemoryStoreAutoConfiguration.class,
                    HookguardWebAutoConfiguration.class))
            .withPropertyValues("hookguard.store.type=memory");

    @Test
    void shouldCheckTheSecurityChainsWhenSpringSecurityIsThere() {
        web.run(context -> assertThat(context).hasSingleBean(SecurityChainCheck.class));
    }

    @Test
    void shouldNotCheckWhenSwitchedOff() {
        web.withPropertyValues("hookguard.security-check.enabled=false")
                .run(context -> assertThat(context).doesNotHaveBean(SecurityChainCheck.class));
    }

    @Test
    void shouldNotCheckWithoutSpringSecurity() {
        web.withClassLoader(new FilteredClassLoader(FilterChainProxy.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(SecurityChainCheck.class));
    }

    @Test
    void shouldDescribeThePropertyInTheMetadata() throws IOException {
        String metadata;
        try (InputStream in = getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
            assertThat(in).isNotNull();
            metadata = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<Object> defaults =
                JsonPath.read(metadata, "$.properties[?(@.name == 'hookguard.security-check.enabled')].defaultValue");
        List<String> descriptions =
                JsonPath.read(metadata, "$.properties[?(@.name == 'hookguard.security-check.enabled')].description");

        assertThat(defaults).containsExactly(SecurityChainCheck.DEFAULT_ENABLED);
        assertThat(descriptions).singleElement().asString().contains("SecurityFilterChain");
    }
}
