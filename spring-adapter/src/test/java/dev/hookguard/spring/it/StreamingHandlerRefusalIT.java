package dev.hookguard.spring.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.hookguard.spring.HookguardConfigurationException;
import dev.hookguard.spring.IdempotentWebhook;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.ResponseBodyEmitter;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * A handler that streams its response cannot keep rule 4 of DESIGN.md §1 (its bytes leave once they overflow the
 * response buffer, before its verdict exists), so an application with an {@code @IdempotentWebhook} method returning
 * an emitter or a streaming body does not start, and says which method and why in one line.
 */
@Timeout(60)
class StreamingHandlerRefusalIT {

    @ParameterizedTest
    @ValueSource(classes = {Emitter.class, Sse.class, Streaming.class, StreamingEntity.class})
    void shouldRefuseToStartWithAnIdempotentWebhookThatStreams(Class<?> handler) {
        Throwable failure = catchThrowable(() -> new SpringApplicationBuilder(App.class, handler)
                .web(WebApplicationType.SERVLET)
                .properties(
                        "server.port=0",
                        "spring.main.banner-mode=off",
                        "hookguard.store.type=memory",
                        "hookguard.endpoints.stream.scheme=stripe",
                        "hookguard.endpoints.stream.secrets=whsec_it_streaming_secret")
                .run()
                .close());

        HookguardConfigurationException refusal = configurationError(failure);
        assertThat(refusal).isNotNull();
        assertThat(refusal.getMessage())
                .startsWith("@IdempotentWebhook on " + handler.getName() + "#stream returns ")
                .contains("streams its response")
                .doesNotContain("\n");
    }

    private static @Nullable HookguardConfigurationException configurationError(@Nullable Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof HookguardConfigurationException refusal) {
                return refusal;
            }
        }
        return null;
    }

    @SpringBootConfiguration
    @EnableAutoConfiguration
    static class App {}

    @RestController
    static class Emitter {
        @PostMapping("/webhooks/stream")
        @IdempotentWebhook("stream")
        ResponseBodyEmitter stream() {
            return new ResponseBodyEmitter();
        }
    }

    @RestController
    static class Sse {
        @PostMapping("/webhooks/stream")
        @IdempotentWebhook("stream")
        SseEmitter stream() {
            return new SseEmitter();
        }
    }

    @RestController
    static class Streaming {
        @PostMapping("/webhooks/stream")
        @IdempotentWebhook("stream")
        StreamingResponseBody stream() {
            return out -> out.write('{');
        }
    }

    @RestController
    static class StreamingEntity {
        @PostMapping("/webhooks/stream")
        @IdempotentWebhook("stream")
        ResponseEntity<StreamingResponseBody> stream() {
            return ResponseEntity.ok(out -> out.write('{'));
        }
    }
}
