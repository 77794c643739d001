package dev.hookguard.core.signature;

import static dev.hookguard.core.signature.Fixtures.utf8;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** Twilio's signed suffix from {@link FormPairs} against one built from {@link URLDecoder} and sorted strings. */
class FormPairsTest {

    @Property(tries = 1_000)
    void shouldSortAndConcatenateAsSortedDecodedStringsWould(
            @ForAll @Size(max = 60) List<String> names, @ForAll @Size(max = 60) List<String> values) {
        List<Map.Entry<String, String>> pairs = new ArrayList<>();
        for (int i = 0; i < Math.min(names.size(), values.size()); i++) {
            pairs.add(Map.entry(names.get(i), values.get(i)));
        }
        List<String> encoded = pairs.stream()
                .map(pair -> URLEncoder.encode(pair.getKey(), UTF_8) + "=" + URLEncoder.encode(pair.getValue(), UTF_8))
                .toList();

        byte[] signed = FormPairs.decode(utf8(String.join("&", encoded))).sortedConcatenation();

        assertThat(signed).isEqualTo(reference(encoded));
    }

    @Test
    void shouldSortCharactersAboveUffffBeforeThoseFromUe000AsStringsDo() {
        String emoji = "\uD83D\uDE00"; // U+1F600: UTF-16 D83D DE00, before U+FFFD as a string, after it as UTF-8
        String form = "%EF%BF%BD=1&" + URLEncoder.encode(emoji, UTF_8) + "=2&a=3";

        assertThat(new String(FormPairs.decode(utf8(form)).sortedConcatenation(), UTF_8))
                .isEqualTo("a3" + emoji + "2\uFFFD1");
    }

    @Test
    void shouldSignMalformedUtf8AsTheReplacementCharacterAndSkipMalformedEscapes() {
        FormPairs pairs = FormPairs.decode(utf8("b=%C3&a=%zz&=x&&c&d=1=2"));

        assertThat(new String(pairs.sortedConcatenation(), UTF_8)).isEqualTo("xb\uFFFDcd1=2");
        assertThat(pairs.size()).isEqualTo(4);
    }

    @Test
    void shouldSortValuesOfOneNameAndKeepAnAlreadySortedForm() {
        assertThat(FormPairs.decode(utf8("b=2&a=z&b=1&a=y")).sortedConcatenation())
                .isEqualTo(utf8("ayazb1b2"));
        assertThat(FormPairs.decode(utf8("a=1&b=2&c=3")).sortedConcatenation()).isEqualTo(utf8("a1b2c3"));
        assertThat(FormPairs.decode(new byte[0]).sortedConcatenation()).isEmpty();
    }

    private static byte[] reference(List<String> encoded) {
        List<Map.Entry<String, String>> decoded = new ArrayList<>();
        for (String pair : encoded) {
            int equals = pair.indexOf('=');
            decoded.add(Map.entry(
                    URLDecoder.decode(pair.substring(0, equals), UTF_8),
                    URLDecoder.decode(pair.substring(equals + 1), UTF_8)));
        }
        decoded.sort(Map.Entry.<String, String>comparingByKey().thenComparing(Map.Entry.comparingByValue()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Map.Entry<String, String> pair : decoded) {
            out.writeBytes(pair.getKey().getBytes(UTF_8));
            out.writeBytes(pair.getValue().getBytes(UTF_8));
        }
        return out.toByteArray();
    }
}
