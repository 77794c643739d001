package dev.hookguard.redis.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.RecordStatus;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RecordMetaTest {

    /** A settled duplicate's reply carries field m: its status and response status agree with the full parse. */
    @ParameterizedTest
    @ValueSource(strings = {"2S417,1,1764406000123,333,200", "2R0,3,1764406000123,0,422", "1S1,1,1764406000123,-5,204"})
    void shouldReadStatusAndResponseStatusAsTheFullParseDoes(String m) {
        byte[] meta = m.getBytes(StandardCharsets.US_ASCII);
        RecordMeta parsed = RecordMeta.parse(m);

        assertThat(RecordMeta.statusOf(meta)).isEqualTo(parsed.status());
        assertThat(RecordMeta.responseStatusOf(meta)).isEqualTo(parsed.responseStatus());
    }

    @ParameterizedTest
    @ValueSource(
            strings = {"2S417,1,1764406000123,333", "2S417,1,1764406000123,333,", "2S417,1,17,333,2x0", "2S1,1,1,1,2000"
            })
    void shouldRefuseAFieldMWithoutAResponseStatusNamingIt(String m) {
        assertThatThrownBy(() -> RecordMeta.responseStatusOf(m.getBytes(StandardCharsets.US_ASCII)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'" + m + "'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2", ""})
    void shouldRefuseAFieldMTooShortForAStatus(String m) {
        assertThatThrownBy(() -> RecordMeta.statusOf(m.getBytes(StandardCharsets.US_ASCII)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("unknown format");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2S417,1,1764406000123,333,200"})
    void shouldReadTheStatusCode(String m) {
        assertThat(RecordMeta.statusOf(m.getBytes(StandardCharsets.US_ASCII))).isEqualTo(RecordStatus.SUCCEEDED);
    }
}
