package dev.hookguard.core.signature.internal;

import static dev.hookguard.core.signature.Fixtures.utf8;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import dev.hookguard.core.signature.GenericHmacConfig.HmacAlgorithm;
import java.io.ByteArrayOutputStream;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
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
    void shouldSortNamesThatShareTheirFirstSevenOrEightBytes() {
        String form = "MediaUrl1=b&MediaUrl0=a&MediaUr=x&MediaUrl=y&MediaUrl10=c&MediaUrk=z&MediaUrl1=a&M=0";

        assertThat(new String(FormPairs.decode(utf8(form)).sortedConcatenation(), UTF_8))
                .isEqualTo("M0MediaUrxMediaUrkzMediaUrlyMediaUrl0aMediaUrl1aMediaUrl1bMediaUrl10c");
    }

    @Test
    void shouldSortValuesOfOneNameAndKeepAnAlreadySortedForm() {
        assertThat(FormPairs.decode(utf8("b=2&a=z&b=1&a=y")).sortedConcatenation())
                .isEqualTo(utf8("ayazb1b2"));
        assertThat(FormPairs.decode(utf8("a=1&b=2&c=3")).sortedConcatenation()).isEqualTo(utf8("a1b2c3"));
        assertThat(FormPairs.decode(new byte[0]).sortedConcatenation()).isEmpty();
    }

    @Test
    void shouldSignAValueRepeatedUnderOneNameOnceAsTwiliosLibrariesDo() throws Exception {
        FormPairs pairs = FormPairs.decode(utf8("Digits=5678&Digits=1234&Digits=1234&A=1&A=1"));
        Mac fed = HmacAlgorithm.HMAC_SHA1.prepared(utf8("key"));
        pairs.updateSorted(fed);

        assertThat(new String(pairs.sortedConcatenation(), UTF_8)).isEqualTo("A1Digits1234Digits5678");
        assertThat(fed.doFinal()).isEqualTo(HmacAlgorithm.HMAC_SHA1.mac(utf8("key"), utf8("A1Digits1234Digits5678")));
        assertThat(pairs.size()).isEqualTo(5); // the pairs themselves are all kept
        assertThat(FormPairs.decode(utf8("a=1&a=1")).sortedConcatenation()).isEqualTo(utf8("a1"));
        assertThat(FormPairs.decode(utf8("a=1&b=1&a=2")).sortedConcatenation()).isEqualTo(utf8("a1a2b1"));
    }

    @Property(tries = 2_000)
    void shouldDecodeAnyRawFormAsAPairAtATimeDecoderWould(
            @ForAll("rawForms") String form, @ForAll("rawForms") String earlier) {
        FormPairs reused = new FormPairs().decodeFrom(utf8(earlier + earlier + earlier)); // buffers from a longer form

        FormPairs pairs = reused.decodeFrom(utf8(form));

        List<Map.Entry<String, String>> expected = simpleDecode(form);
        assertThat(pairs.size()).isEqualTo(expected.size());
        for (int i = 0; i < pairs.size(); i++) {
            assertThat(Map.entry(pairs.name(i), pairs.value(i))).isEqualTo(expected.get(i));
        }
        assertThat(pairs.sortedConcatenation())
                .isEqualTo(FormPairs.decode(utf8(form)).sortedConcatenation());
    }

    @Property(tries = 500)
    void shouldFeedTheMacWhatItWouldSign(@ForAll("rawForms") String form) throws Exception {
        FormPairs pairs = FormPairs.decode(utf8(form));
        Mac fed = HmacAlgorithm.HMAC_SHA1.prepared(utf8("key"));
        pairs.updateSorted(fed);

        assertThat(fed.doFinal()).isEqualTo(HmacAlgorithm.HMAC_SHA1.mac(utf8("key"), pairs.sortedConcatenation()));
    }

    /** Forms of the bytes that matter to the decoder, in runs long and short enough to cross its word steps. */
    @Provide
    Arbitrary<String> rawForms() {
        Arbitrary<String> piece = Arbitraries.oneOf(
                Arbitraries.of(
                        "&", "=", "+", "%", "%2", "%2B", "%2b", "%zz", "%C3%BC", "%F0%9F%98%80", "%C3", "\u00e9"),
                Arbitraries.strings().withChars("abcXYZ019-._~*").ofMinLength(1).ofMaxLength(20));
        return piece.list().ofMaxSize(40).map(parts -> String.join("", parts));
    }

    /** A pair-at-a-time decoder with the rules {@link FormPairs} documents, written for clarity not speed. */
    private static List<Map.Entry<String, String>> simpleDecode(String form) {
        List<Map.Entry<String, String>> pairs = new ArrayList<>();
        for (String pair : form.split("&", -1)) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String name = simpleDecodePart(equals < 0 ? pair : pair.substring(0, equals));
            String value = equals < 0 ? "" : simpleDecodePart(pair.substring(equals + 1));
            if (name != null && value != null) {
                pairs.add(Map.entry(name, value));
            }
        }
        return pairs;
    }

    private static String simpleDecodePart(String part) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] bytes = utf8(part);
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '%') {
                if (i + 2 >= bytes.length
                        || Character.digit(bytes[i + 1], 16) < 0
                        || Character.digit(bytes[i + 2], 16) < 0) {
                    return null;
                }
                out.write(Character.digit(bytes[i + 1], 16) * 16 + Character.digit(bytes[i + 2], 16));
                i += 2;
            } else {
                out.write(bytes[i] == '+' ? ' ' : bytes[i]);
            }
        }
        return out.toString(UTF_8);
    }

    private static byte[] reference(List<String> encoded) {
        List<Map.Entry<String, String>> decoded = new ArrayList<>();
        for (String pair : encoded) {
            int equals = pair.indexOf('=');
            decoded.add(Map.entry(
                    URLDecoder.decode(pair.substring(0, equals), UTF_8),
                    URLDecoder.decode(pair.substring(equals + 1), UTF_8)));
        }
        List<Map.Entry<String, String>> signed = new ArrayList<>(new LinkedHashSet<>(decoded)); // repeats once
        signed.sort(Map.Entry.<String, String>comparingByKey().thenComparing(Map.Entry.comparingByValue()));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Map.Entry<String, String> pair : signed) {
            out.writeBytes(pair.getKey().getBytes(UTF_8));
            out.writeBytes(pair.getValue().getBytes(UTF_8));
        }
        return out.toByteArray();
    }
}
