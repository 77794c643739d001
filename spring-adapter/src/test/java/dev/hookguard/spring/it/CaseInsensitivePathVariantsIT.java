package dev.hookguard.spring.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.SpringBootTest;

/**
 * The path variants when Spring MVC matches paths ignoring case: {@code /webhooks/STANDARD} is served by the guarded
 * handler, so the handler routing guards it too (unsigned: 401, signed: handled), where a second path list would
 * have let it through.
 */
@SpringBootTest(
        classes = VariantsApp.class,
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "test.case-insensitive=true",
            "hookguard.store.type=memory",
            "hookguard.endpoints.standard.scheme=standard-webhooks",
            "hookguard.endpoints.standard.secrets=" + AbstractPathVariantsIT.SECRET,
            "spring.main.banner-mode=off"
        })
class CaseInsensitivePathVariantsIT extends AbstractPathVariantsIT {

    @Test
    void shouldGuardAVariantThatTheMappingServes() throws IOException {
        int before = handler.runs.get();

        assertThat(status("/webhooks/STANDARD", java.util.Map.of(), "{}")).isEqualTo(401);
        assertThat(signed("/webhooks/STANDARD")).isEqualTo(200);
        assertThat(signed("/Webhooks/Standard")).isEqualTo(200);
        assertThat(handler.runs.get() - before).isEqualTo(2);
    }
}
