package dev.hookguard.redis.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.lettuce.core.protocol.CommandArgs;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class KeyBytesCodecTest {

    private final KeyBytesCodec codec = KeyBytesCodec.INSTANCE;

    /** Lettuce writes an exact estimate as the bulk length before the bytes: a wrong one corrupts the command. */
    @ParameterizedTest
    @ValueSource(strings = {"hookguard:{stripe:evt_1}", "", "café", "€uro", "😀 emoji", "lone \uD800 surrogate"})
    void shouldEstimateExactlyTheBytesItWritesForAKey(String key) {
        ByteBuf out = Unpooled.buffer();

        codec.encodeKey(key, out);

        assertThat(codec.isEstimateExact()).isTrue();
        assertThat(out.readableBytes()).isEqualTo(codec.estimateSize(key));
        assertThat(codec.decodeKey(out.nioBuffer())).isEqualTo(key.replace('\uD800', '?'));
    }

    @Test
    void shouldWriteValuesAsTheirBytes() {
        byte[] value = {0, 1, (byte) 0xff, (byte) 0xc3, 0x28};
        ByteBuf out = Unpooled.buffer();

        codec.encodeValue(value, out);
        codec.encodeValue(null, out);

        assertThat(codec.estimateSize(value)).isEqualTo(5);
        assertThat(codec.estimateSize(null)).isZero();
        assertThat(codec.decodeValue(out.nioBuffer())).containsExactly(value);
    }

    /** The command as Lettuce puts it on the wire, with this codec: bulk lengths and bytes as RESP has them. */
    @Test
    void shouldEncodeCommandArgumentsAsRedisReadsThem() {
        ByteBuf out = Unpooled.buffer();

        new CommandArgs<>(codec).addKey("k€").addValue(new byte[] {'v', 1}).encode(out);

        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("$4\r\nk€\r\n$2\r\nv\u0001\r\n");
    }
}
