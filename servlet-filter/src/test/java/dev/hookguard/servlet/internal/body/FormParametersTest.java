package dev.hookguard.servlet.internal.body;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class FormParametersTest {

    @Test
    void shouldMergeQueryAndFormBodyInThatOrder() {
        Map<String, String[]> parameters = FormParameters.parse(
                "a=1&b=%C3%A9",
                "application/x-www-form-urlencoded; charset=UTF-8", UTF_8, "a=2&c=x+y&flag".getBytes(UTF_8));

        assertThat(parameters.get("a")).containsExactly("1", "2");
        assertThat(parameters.get("b")).containsExactly("é");
        assertThat(parameters.get("c")).containsExactly("x y");
        assertThat(parameters.get("flag")).containsExactly("");
    }

    @Test
    void shouldNotParseABodyThatIsNotAForm() {
        Map<String, String[]> parameters = FormParameters.parse(null, "application/json", UTF_8, "a=2".getBytes(UTF_8));

        assertThat(parameters).isEmpty();
    }

    @Test
    void shouldSkipAMalformedEscape() {
        Map<String, String[]> parameters =
                FormParameters.parse(null, "application/x-www-form-urlencoded", UTF_8, "a=%zz&b=1".getBytes(UTF_8));

        assertThat(parameters).containsOnlyKeys("b");
    }
}
