package dev.hookguard.core.signature.internal;

import static dev.hookguard.core.signature.Fixtures.utf8;
import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class FormBodyTest {

    private static final String FORM = "application/x-www-form-urlencoded; charset=UTF-8";

    @Test
    void shouldDecodePlusEscapesAndUtf8LikeUrlDecoder() {
        Map<String, List<String>> parsed =
                FormBody.parse(FORM, utf8("To=%2B1800&Body=Gr%C3%BC%C3%9Fe+dich&Body=2&Flag&Empty=&&=x"));

        assertThat(parsed)
                .containsEntry("To", List.of("+1800"))
                .containsEntry("Body", List.of("Grüße dich", "2"))
                .containsEntry("Flag", List.of(""))
                .containsEntry("Empty", List.of(""))
                .containsEntry("", List.of("x"));
    }

    @Test
    void shouldSkipAPairWithAMalformedEscapeAndIgnoreOtherContentTypes() {
        assertThat(FormBody.parse(FORM, utf8("a=%zz&b=%2&c=1"))).containsExactly(Map.entry("c", List.of("1")));
        assertThat(FormBody.parse("application/json", utf8("a=1"))).isEmpty();
        assertThat(FormBody.parse(null, utf8("a=1"))).isEmpty();
    }

    @Property(tries = 2_000)
    void shouldAgreeWithUrlDecoderOnWhatUrlEncoderEncodes(@ForAll String name, @ForAll String value) {
        String encodedName = URLEncoder.encode(name, StandardCharsets.UTF_8);
        String encodedValue = URLEncoder.encode(value, StandardCharsets.UTF_8);

        Map<String, List<String>> parsed = FormBody.parse(FORM, utf8(encodedName + "=" + encodedValue));

        assertThat(parsed)
                .containsExactly(Map.entry(
                        URLDecoder.decode(encodedName, StandardCharsets.UTF_8),
                        List.of(URLDecoder.decode(encodedValue, StandardCharsets.UTF_8))));
    }
}
