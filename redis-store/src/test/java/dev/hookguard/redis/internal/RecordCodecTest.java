package dev.hookguard.redis.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.EventRecord;
import dev.hookguard.core.Fingerprint;
import dev.hookguard.core.Payload;
import dev.hookguard.core.RecordStatus;
import dev.hookguard.core.StoredResponse;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Decoding the hash the scripts write; the scripts themselves are covered by the contract ITs. */
class RecordCodecTest {

    private static final EventKey KEY = EventKey.of("stripe", "evt_1");
    private static final Fingerprint FP = Fingerprint.of("body".getBytes(StandardCharsets.UTF_8));

    @Test
    void shouldDecodeSucceededRecordFromMetaFieldAndResponseFields() {
        StoredResponse response = StoredResponse.of(201, "text/plain", new byte[] {0, (byte) 0xff});
        Map<String, byte[]> hash = hash("1S3,2,1764406000123,333,201");
        pairs(hash, RecordCodec.responseFields(response));

        EventRecord record = RecordCodec.decode(KEY, hash);

        assertThat(record.status()).isEqualTo(RecordStatus.SUCCEEDED);
        assertThat(record.fingerprint()).isEqualTo(FP);
        assertThat(record.token()).isEqualTo(3);
        assertThat(record.attempts()).isEqualTo(2);
        assertThat(record.createdAt()).isEqualTo(Instant.ofEpochMilli(1_764_406_000_123L));
        assertThat(record.updatedAt()).isEqualTo(Instant.ofEpochMilli(1_764_406_000_456L));
        assertThat(record.response()).isEqualTo(response);
        assertThat(record.payload()).isNull();
        assertThat(record.leaseUntil()).isNull();
    }

    @Test
    void shouldDecodeDeadRecordWithPayloadWithoutBody() {
        Payload payload = new Payload(new byte[0], Map.of("X-A", List.of("1", "2")));
        Map<String, byte[]> hash = hash("1D1,5,1764406000123,0");
        pairs(hash, RecordCodec.payloadFields(payload));
        hash.put("e", "b\u00fcm".getBytes(StandardCharsets.UTF_8));

        EventRecord record = RecordCodec.decode(KEY, hash);

        assertThat(record.status()).isEqualTo(RecordStatus.DEAD);
        assertThat(record.payload()).isEqualTo(payload);
        assertThat(record.lastError()).isEqualTo("b\u00fcm");
        assertThat(record.response()).isNull();
    }

    @Test
    void shouldTreatEmptyHashAsNoRecord() {
        assertThat(RecordCodec.decode(KEY, Map.of())).isNull();
    }

    @Test
    void shouldDecodeFormatTwoTokenAsOffsetFromCreatedMicroseconds() {
        EventRecord record = RecordCodec.decode(KEY, hash("2S417,1,1764406000123,333,200"));

        assertThat(record.token()).isEqualTo(1_764_406_000_123_417L);
        assertThat(record.updatedAt()).isEqualTo(Instant.ofEpochMilli(1_764_406_000_456L));
        assertThat(record.response()).isEqualTo(StoredResponse.empty(200));
    }

    @Test
    void shouldDecodeFormatTwoWithNegativeTokenOffsetOfAPreviousVersionToken() {
        EventRecord record = RecordCodec.decode(KEY, hash("2F-1764406000122999,2,1764406000123,5"));

        assertThat(record.token()).isEqualTo(1);
        assertThat(record.status()).isEqualTo(RecordStatus.FAILED);
    }

    @Test
    void shouldClampNegativeElapsedTimeLeftByAClockStepToCreatedTime() {
        EventRecord previousVersion = RecordCodec.decode(KEY, hash("1S1,1,1764406000123,-2500,200"));
        EventRecord thisVersion = RecordCodec.decode(KEY, hash("2D0,5,1764406000123,-7"));

        assertThat(previousVersion.updatedAt()).isEqualTo(previousVersion.createdAt());
        assertThat(previousVersion.token()).isEqualTo(1);
        assertThat(thisVersion.updatedAt()).isEqualTo(Instant.ofEpochMilli(1_764_406_000_123L));
    }

    @Test
    void shouldRefuseRecordOfUnknownFormatVersion() {
        assertThatThrownBy(() -> RecordCodec.decode(KEY, hash("3S1,1,1764406000123,0,200")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("unknown format");
    }

    private static Map<String, byte[]> hash(String meta) {
        Map<String, byte[]> hash = new HashMap<>();
        hash.put("m", meta.getBytes(StandardCharsets.US_ASCII));
        hash.put("f", RecordCodec.fingerprint(FP));
        return hash;
    }

    private static void pairs(Map<String, byte[]> hash, List<byte[]> fields) {
        for (int i = 0; i < fields.size(); i += 2) {
            hash.put(new String(fields.get(i), StandardCharsets.US_ASCII), fields.get(i + 1));
        }
    }
}
