package dev.hookguard.core.signature.internal;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.hookguard.core.signature.internal.providers.TwilioVerifier;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import javax.crypto.Mac;

/**
 * An {@code application/x-www-form-urlencoded} body decoded in one pass over its bytes into one buffer: each pair
 * is a name and a value given by offsets into it, in arrival order ({@code +} is a space, {@code %XX} a byte; a pair
 * with a malformed escape is skipped, as servlet containers do; an empty pair is skipped; a pair without {@code =}
 * has an empty value). Decoded bytes that are not ASCII are made well-formed UTF-8 as {@code new String(bytes,
 * UTF_8)} would (a malformed sequence becomes U+FFFD), so a name or value is exactly the UTF-8 bytes of its decoded
 * text.
 *
 * <p>For Twilio's signed suffix ({@link #sortedConcatenation()}, {@link #updateSorted(Mac)}) no text is built: pairs
 * are sorted by name, then value, comparing the bytes (which for ASCII, and for UTF-8 up to the rare case noted in
 * {@link #compare}, is {@link String#compareTo}'s order), a pair repeated with the same name and value is signed once
 * (as Twilio's libraries drop repeated values of a parameter before signing: twilio-python {@code sorted(set(values))},
 * twilio-node {@code new Set(paramValue)}), and the rest is fed to the MAC from the buffer.
 *
 * <p>Mutable and reusable: {@link #decodeFrom(byte[])} replaces the content and keeps the buffers, so that one
 * instance per thread decodes every form without allocating ({@link TwilioVerifier}). Not thread-safe. The decoder
 * goes a byte at a time (a table says what each byte is; an escape's two hex digits cost one lookup each and one
 * branch) until two plain bytes in a row, then eight at a time while a word holds none of {@code % = &} ({@code +}
 * becomes a space inside the word): text with spaces goes by words, a form dense with escapes by bytes.
 */
public final class FormPairs {

    /** Bodies up to this size keep their buffers for the next decode; larger ones are let go. */
    static final int RETAINED_BYTES = 64 * 1024;

    /** How many slots {@link #keepIn} fills. */
    public static final int BUFFERS = 6;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BIG_ENDIAN_LONGS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final long ONES = 0x0101_0101_0101_0101L;
    private static final long HIGHS = 0x8080_8080_8080_8080L;
    private static final long LOWS = 0x7f7f_7f7f_7f7f_7f7fL;
    private static final long PERCENTS = '%' * ONES;
    private static final long PLUSES = '+' * ONES;
    private static final long EQUALS = '=' * ONES;
    private static final long AMPERSANDS = '&' * ONES;

    private static final byte PLAIN = 0;
    private static final byte PERCENT = 1;
    private static final byte PLUS = 2;
    private static final byte EQUAL = 3;
    private static final byte AMPERSAND = 4;

    /** What each byte is to the decoder: {@link #PLAIN}, or one of the four that mean something in a form. */
    private static final byte[] KIND = new byte[256];

    /** Marks a byte that is not a hex digit: negative whether shifted left by four or not, and in an OR. */
    private static final int NOT_HEX = -256;

    /** The value of each hex digit byte shifted left by four, {@link #NOT_HEX} for every other byte. */
    private static final int[] HIGH = new int[256];

    /** The value of each hex digit byte, {@link #NOT_HEX} for every other byte. */
    private static final int[] LOW = new int[256];

    static {
        KIND['%'] = PERCENT;
        KIND['+'] = PLUS;
        KIND['='] = EQUAL;
        KIND['&'] = AMPERSAND;
        Arrays.fill(HIGH, NOT_HEX);
        Arrays.fill(LOW, NOT_HEX);
        for (int digit = 0; digit < 16; digit++) {
            for (char c :
                    new char[] {Character.forDigit(digit, 16), Character.toUpperCase(Character.forDigit(digit, 16))}) {
                HIGH[c] = digit << 4;
                LOW[c] = digit;
            }
        }
    }

    /** Up to this many pairs are sorted by insertion. */
    private static final int INSERTION_SORT_MAX = 32;

    private byte[] decoded = new byte[0];
    /** Where {@link #updateSorted} puts the pairs in signing order. */
    private byte[] signed = new byte[0];
    /** Per pair: the start of its name, the end of its name (the start of its value), the end of its value. */
    private int[] bounds = new int[3 * 16];

    private int size;
    /** Whether every decoded byte is ASCII, so that {@link #prefix} orders as the bytes do. */
    private boolean ascii = true;
    /** The pair indexes in signing order, valid when {@link #sorted}: the first {@link #signedPairs}, no repeats. */
    private int[] order = new int[16];
    /** How many pairs are signed: {@link #size} less the repeats of a name and value already in {@link #order}. */
    private int signedPairs;

    private long[] prefixes = new long[16];
    /** {@link #sort}'s keys: a name's first seven bytes and the pair's index. */
    private long[] keys = new long[INSERTION_SORT_MAX];

    private boolean sorted;

    /** An empty instance, to be filled by {@link #decodeFrom(byte[])}. */
    FormPairs() {}

    /**
     * An instance over the buffers a previous one left with {@link #keepIn}: an array of JDK types only, so that a
     * thread that keeps it (a servlet container's pooled thread) pins no class of the application once it is
     * undeployed. An array of nulls (a new one) gives fresh buffers.
     */
    public static FormPairs reusing(Object[] buffers) {
        FormPairs pairs = new FormPairs();
        if (buffers[0] != null) {
            pairs.decoded = (byte[]) buffers[0];
            pairs.signed = (byte[]) buffers[1];
            pairs.bounds = (int[]) buffers[2];
            pairs.order = (int[]) buffers[3];
            pairs.prefixes = (long[]) buffers[4];
            pairs.keys = (long[]) buffers[5];
        }
        return pairs;
    }

    /** Leaves this instance's buffers in {@code buffers} for {@link #reusing} (six slots). */
    public void keepIn(Object[] buffers) {
        buffers[0] = decoded;
        buffers[1] = signed;
        buffers[2] = bounds;
        buffers[3] = order;
        buffers[4] = prefixes;
        buffers[5] = keys;
    }

    /** The pairs of a form body (the caller has checked the content type) in a new instance; never throws. */
    static FormPairs decode(byte[] body) {
        return new FormPairs().decodeFrom(body);
    }

    /** Whether this instance's buffers are small enough to keep for the next body. */
    public boolean worthKeeping() {
        return decoded.length <= RETAINED_BYTES && signed.length <= RETAINED_BYTES;
    }

    /** Replaces the content of this instance with the pairs of a form body; never throws. */
    public FormPairs decodeFrom(byte[] body) {
        int length = body.length;
        if (decoded.length < length) {
            decoded = new byte[Math.max(length, 2 * decoded.length)];
        }
        byte[] out = decoded;
        int pairs = 0;
        int w = 0; // the next byte written
        int pairStart = 0; // where the current pair's decoded bytes start
        int rawStart = 0; // where the current pair's encoded bytes start
        int nameEnd = -1;
        boolean malformed = false;
        long high = 0; // every byte written, ORed: its top bit says whether one was not ASCII
        int plainRun = 0; // plain bytes (or +) in a row: from two on, the next ones are taken eight at a time
        int i = 0;
        while (i < length) {
            if (plainRun >= 2) {
                plainRun = 0;
                // Words with no % = & in them, + turned into a space in place: w <= i, so the word written fits.
                while (i <= length - Long.BYTES) {
                    long word = (long) LONGS.get(body, i);
                    word ^= (exactZeros(word ^ PLUSES) >>> 7) * ('+' ^ ' ');
                    long special = zeros(word ^ PERCENTS) | zeros(word ^ EQUALS) | zeros(word ^ AMPERSANDS);
                    LONGS.set(out, w, word);
                    if (special != 0) {
                        int plain = Long.numberOfTrailingZeros(special) >>> 3; // exact for the first special byte
                        high |= word & ((1L << (8 * plain)) - 1); // the plain bytes before it
                        i += plain;
                        w += plain;
                        break;
                    }
                    high |= word;
                    i += Long.BYTES;
                    w += Long.BYTES;
                }
                if (i >= length) {
                    break;
                }
            }
            byte b = body[i];
            int kind = KIND[b & 0xff];
            if (kind == PLAIN) {
                out[w++] = b;
                high |= b;
                i++;
                plainRun++;
            } else if (kind == PLUS) {
                out[w++] = ' ';
                i++;
                plainRun++;
            } else if (kind == PERCENT) {
                plainRun = 0;
                int value = i + 2 < length ? HIGH[body[i + 1] & 0xff] | LOW[body[i + 2] & 0xff] : NOT_HEX;
                if (value >= 0) {
                    out[w++] = (byte) value;
                    high |= value;
                    i += 3;
                } else {
                    malformed = true;
                    i++;
                }
            } else if (kind == EQUAL) {
                plainRun = 0;
                if (nameEnd < 0) {
                    nameEnd = w;
                } else {
                    out[w++] = b;
                }
                i++;
            } else { // &
                plainRun = 0;
                if (i > rawStart) {
                    if (malformed) {
                        w = pairStart;
                    } else {
                        pairs = add(pairs, pairStart, nameEnd < 0 ? w : nameEnd, w);
                    }
                }
                i++;
                rawStart = i;
                pairStart = w;
                nameEnd = -1;
                malformed = false;
            }
        }
        if (length > rawStart) {
            if (malformed) {
                w = pairStart;
            } else {
                pairs = add(pairs, pairStart, nameEnd < 0 ? w : nameEnd, w);
            }
        }
        this.size = pairs;
        this.sorted = false;
        this.ascii = (high & HIGHS) == 0;
        if (!ascii) {
            wellFormed();
        }
        return this;
    }

    /** Non-zero iff a byte of {@code x} is zero; its lowest set bit is the top bit of the first zero byte. */
    private static long zeros(long x) {
        return (x - ONES) & ~x & HIGHS;
    }

    /** The top bit of every zero byte of {@code x} set, and no other bit. */
    private static long exactZeros(long x) {
        return ~(((x & LOWS) + LOWS) | x | LOWS);
    }

    private int add(int pairs, int nameStart, int nameEnd, int valueEnd) {
        if (pairs * 3 == bounds.length) {
            bounds = Arrays.copyOf(bounds, bounds.length * 2);
        }
        bounds[pairs * 3] = nameStart;
        bounds[pairs * 3 + 1] = nameEnd;
        bounds[pairs * 3 + 2] = valueEnd;
        return pairs + 1;
    }

    /** How many pairs. */
    int size() {
        return size;
    }

    /** The decoded name of pair {@code i}. */
    String name(int i) {
        return new String(decoded, bounds[i * 3], bounds[i * 3 + 1] - bounds[i * 3], UTF_8);
    }

    /** The decoded value of pair {@code i}. */
    String value(int i) {
        return new String(decoded, bounds[i * 3 + 1], bounds[i * 3 + 2] - bounds[i * 3 + 1], UTF_8);
    }

    /**
     * Every name followed by its value, the pairs sorted by name and then by value as {@link String#compareTo}
     * sorts the decoded text, each repeated pair (same name, same value) once: Twilio's signed suffix.
     */
    byte[] sortedConcatenation() {
        sort();
        byte[] signed = new byte[signedLength()];
        int at = 0;
        for (int k = 0; k < signedPairs; k++) {
            int pair = order[k];
            int start = bounds[pair * 3];
            int length = bounds[pair * 3 + 2] - start;
            System.arraycopy(decoded, start, signed, at, length);
            at += length;
        }
        return signed;
    }

    /**
     * Feeds {@link #sortedConcatenation()} to the MAC in one {@code update}: from the buffer itself when the pairs
     * arrived in signing order, else copied in order into a second buffer kept for the next call (one {@code
     * update} per pair would cost more than the copy: each is a call through the provider and a partial block).
     */
    public void updateSorted(Mac mac) {
        sort();
        boolean inOrder = signedPairs == size;
        for (int k = 0; k < size && inOrder; k++) {
            inOrder = order[k] == k;
        }
        if (inOrder) {
            mac.update(decoded, 0, size == 0 ? 0 : bounds[size * 3 - 1]); // the pairs are contiguous from 0
            return;
        }
        int total = signedLength();
        if (signed.length < total) {
            signed = new byte[Math.max(total, 2 * signed.length)];
        }
        int at = 0;
        for (int k = 0; k < signedPairs; k++) {
            int pair = order[k];
            int start = bounds[pair * 3];
            int length = bounds[pair * 3 + 2] - start;
            System.arraycopy(decoded, start, signed, at, length);
            at += length;
        }
        mac.update(signed, 0, total);
    }

    /** The bytes of the signed pairs. */
    private int signedLength() {
        int total = 0;
        for (int k = 0; k < signedPairs; k++) {
            int pair = order[k];
            total += bounds[pair * 3 + 2] - bounds[pair * 3];
        }
        return total;
    }

    /**
     * Puts the pair indexes in signing order. For the few pairs a webhook form has (up to {@value
     * #INSERTION_SORT_MAX}): an ASCII form's pairs are first sorted as longs by their names' first seven bytes, then
     * an insertion sort puts them in exact order (one comparison per pair where the seven bytes decided). Beyond,
     * a merge sort ({@link Arrays#sort(Object[], java.util.Comparator)}), so no form costs more than n log n
     * comparisons. Then a pair equal to the one before it in that order (same name, same value) is dropped.
     */
    private void sort() {
        if (sorted) {
            return;
        }
        if (order.length < size) {
            order = new int[size];
            prefixes = new long[size];
        }
        for (int i = 0; i < size; i++) {
            prefixes[i] = ascii ? prefix(i) : 0;
        }
        if (size > INSERTION_SORT_MAX) {
            Integer[] boxed = new Integer[size];
            for (int i = 0; i < size; i++) {
                boxed[i] = i;
            }
            Arrays.sort(boxed, this::compareByPrefix);
            for (int i = 0; i < size; i++) {
                order[i] = boxed[i];
            }
        } else {
            if (ascii) { // first by the names' first seven bytes, the pair's index in the eighth: one sort of longs
                for (int i = 0; i < size; i++) {
                    keys[i] = prefixes[i] & ~0xffL | i; // ASCII: the top bit is clear, so signed order is fine
                }
                Arrays.sort(keys, 0, size);
                for (int k = 0; k < size; k++) {
                    order[k] = (int) (keys[k] & 0xff);
                }
            } else {
                for (int i = 0; i < size; i++) {
                    order[i] = i;
                }
            }
            for (int k = 1; k < size; k++) { // then exactly, by insertion: one comparison each where already in order
                int pair = order[k];
                int j = k;
                while (j > 0 && compareByPrefix(order[j - 1], pair) > 0) {
                    order[j] = order[j - 1];
                    j--;
                }
                order[j] = pair;
            }
        }
        int kept = Math.min(size, 1);
        for (int k = 1; k < size; k++) {
            if (compare(order[kept - 1], order[k]) != 0) {
                order[kept++] = order[k];
            }
        }
        signedPairs = kept;
        sorted = true;
    }

    /**
     * The first eight bytes of pair {@code i}'s name, big-endian, zero-padded: unequal prefixes of ASCII names order
     * as the names do (compared unsigned), so most comparisons need one instruction.
     */
    private long prefix(int i) {
        int from = bounds[i * 3];
        int length = bounds[i * 3 + 1] - from;
        if (length == 0) {
            return 0;
        }
        if (from <= decoded.length - Long.BYTES) {
            long word = (long) BIG_ENDIAN_LONGS.get(decoded, from);
            return length >= Long.BYTES ? word : word & (-1L << (8 * (Long.BYTES - length)));
        }
        long prefix = 0;
        for (int at = from; at < from + Long.BYTES; at++) {
            prefix = prefix << 8 | (at < from + length ? decoded[at] & 0xff : 0);
        }
        return prefix;
    }

    /** Pair {@code a} against pair {@code b}: by the names' prefixes, then by name, then by value. */
    private int compareByPrefix(int a, int b) {
        int byPrefix = Long.compareUnsigned(prefixes[a], prefixes[b]);
        return byPrefix != 0 ? byPrefix : compare(a, b);
    }

    /** Pair {@code a} against pair {@code b}: by name, then by value. */
    private int compare(int a, int b) {
        int byName = compare(bounds[a * 3], bounds[a * 3 + 1], bounds[b * 3], bounds[b * 3 + 1]);
        return byName != 0
                ? byName
                : compare(bounds[a * 3 + 1], bounds[a * 3 + 2], bounds[b * 3 + 1], bounds[b * 3 + 2]);
    }

    /**
     * Two byte ranges of well-formed UTF-8 in {@link String#compareTo}'s order. Unsigned bytes compare as code
     * points, which is the order of UTF-16 units except between a character above U+FFFF and one from U+E000 to
     * U+FFFF: where both differing bytes are non-ASCII, the two texts are compared as strings.
     */
    private int compare(int aFrom, int aTo, int bFrom, int bTo) {
        int mismatch = Arrays.mismatch(decoded, aFrom, aTo, decoded, bFrom, bTo);
        if (mismatch < 0) {
            return 0;
        }
        if (mismatch == aTo - aFrom || mismatch == bTo - bFrom) {
            return (aTo - aFrom) - (bTo - bFrom);
        }
        int x = decoded[aFrom + mismatch] & 0xff;
        int y = decoded[bFrom + mismatch] & 0xff;
        if (x < 0x80 || y < 0x80) {
            return x - y;
        }
        return new String(decoded, aFrom, aTo - aFrom, UTF_8).compareTo(new String(decoded, bFrom, bTo - bFrom, UTF_8));
    }

    /** Replaces each name and value by the UTF-8 bytes of its decoded text (the rare non-ASCII form). */
    private void wellFormed() {
        byte[] out = new byte[decoded.length];
        int[] newBounds = new int[Math.max(size * 3, 3)];
        int written = 0;
        for (int i = 0; i < size; i++) {
            byte[] name = name(i).getBytes(UTF_8);
            byte[] value = value(i).getBytes(UTF_8);
            if (out.length < written + name.length + value.length) {
                out = Arrays.copyOf(out, Math.max(out.length * 2, written + name.length + value.length));
            }
            newBounds[i * 3] = written;
            System.arraycopy(name, 0, out, written, name.length);
            written += name.length;
            newBounds[i * 3 + 1] = written;
            System.arraycopy(value, 0, out, written, value.length);
            written += value.length;
            newBounds[i * 3 + 2] = written;
        }
        decoded = out;
        bounds = newBounds;
    }
}
