package dev.hookguard.redis.internal;

import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;
import io.lettuce.core.codec.ToByteBufEncoder;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.nio.ByteBuffer;

/**
 * The store's codec: UTF-8 string keys, byte-array values, written straight into Lettuce's output buffer.
 * {@code RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE)} does the same job but is no {@link
 * ToByteBufEncoder}, so Lettuce wraps every key and value in a {@link ByteBuffer} of its own and copies it again
 * (about 2 KB of garbage and a fifth of the I/O thread's time per claim and completion, measured by JFR). Sizes are
 * exact ({@link ByteBufUtil#utf8Bytes} counts what {@link ByteBufUtil#writeUtf8} writes), so no argument goes
 * through a scratch buffer either.
 */
public final class KeyBytesCodec implements RedisCodec<String, byte[]>, ToByteBufEncoder<String, byte[]> {

    public static final KeyBytesCodec INSTANCE = new KeyBytesCodec();

    private KeyBytesCodec() {}

    @Override
    public void encodeKey(String key, ByteBuf target) {
        ByteBufUtil.writeUtf8(target, key);
    }

    @Override
    public void encodeValue(byte[] value, ByteBuf target) {
        if (value != null) {
            target.writeBytes(value);
        }
    }

    @Override
    public int estimateSize(Object keyOrValue) {
        if (keyOrValue instanceof byte[] bytes) {
            return bytes.length;
        }
        return keyOrValue == null ? 0 : ByteBufUtil.utf8Bytes((CharSequence) keyOrValue);
    }

    @Override
    public boolean isEstimateExact() {
        return true;
    }

    @Override
    public String decodeKey(ByteBuffer bytes) {
        return StringCodec.UTF8.decodeKey(bytes);
    }

    @Override
    public byte[] decodeValue(ByteBuffer bytes) {
        return ByteArrayCodec.INSTANCE.decodeValue(bytes);
    }

    @Override
    public ByteBuffer encodeKey(String key) {
        return StringCodec.UTF8.encodeKey(key);
    }

    @Override
    public ByteBuffer encodeValue(byte[] value) {
        return ByteArrayCodec.INSTANCE.encodeValue(value);
    }
}
