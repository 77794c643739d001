package dev.hookguard.spring.it;

import dev.hookguard.spring.IdempotentWebhook;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.config.annotation.PathMatchConfigurer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * One guarded handler at {@code /webhooks/standard} on the in-memory store; with {@code test.case-insensitive=true}
 * Spring MVC matches paths ignoring case, so that variants of the path reach the handler's mapping.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(VariantsApp.StandardHandler.class)
class VariantsApp {

    @RestController
    static class StandardHandler {
        final AtomicInteger runs = new AtomicInteger();

        @PostMapping("/webhooks/standard")
        @IdempotentWebhook("standard")
        ResponseEntity<String> standard(@RequestBody String event) {
            runs.incrementAndGet();
            return ResponseEntity.ok("handled");
        }
    }

    @Bean
    @ConditionalOnProperty("test.case-insensitive")
    WebMvcConfigurer caseInsensitivePaths() {
        return new WebMvcConfigurer() {
            @Override
            public void configurePathMatch(PathMatchConfigurer configurer) {
                PathPatternParser parser = new PathPatternParser();
                parser.setCaseSensitive(false);
                configurer.setPatternParser(parser);
            }
        };
    }
}
