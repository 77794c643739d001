package dev.hookguard.core.signature;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.Arrays;

/**
 * An {@code application/x-www-form-urlencoded} body decoded once, in one pass over its bytes, into one buffer:
 * each pair is a name and a value given by offsets into it, in arrival order ({@code +} is a space, {@code %XX} a
 * byte; a pair with a malformed escape is skipped, as servlet containers do; an empty pair is skipped; a pair
 * without {@code =} has an empty value). Decoded bytes that are not ASCII are made well-formed UTF-8 as {@code new
 * String(bytes, UTF_8)} would (a malformed sequence becomes U+FFFD), so a name or value is exactly the UTF-8 bytes
 * of its decoded text.
 *
 * <p>For Twilio's signed suffix ({@link #sortedConcatenation()}) no text is built: pairs are sorted by name, then
 * value, comparing the bytes (which for ASCII, and for UTF-8 up to the rare case noted in {@link #compare}, is
 * {@link String#compareTo}'s order), and copied once into the result.
 */
final class FormPairs {

    /** The value of each hex digit byte, -1 for every other byte. */
    private static final byte[] HEX = new byte[256];

    static {
        Arrays.fill(HEX, (byte) -1);
        for (int digit = 0; digit < 10; digit++) {
            HEX['0' + digit] = (byte) digit;
        }
        for (int letter = 0; letter < 6; letter++) {
            HEX['a' + letter] = (byte) (10 + letter);
            HEX['A' + letter] = (byte) (10 + letter);
        }
    }

    /** Up to this many pairs are sorted by insertion. */
    private static final int INSERTION_SORT_MAX = 32;

    private static final FormPairs EMPTY = new FormPairs(new byte[0], new int[0], 0, true);

    private final byte[] decoded;
    /** Per pair: the start of its name, the end of its name (the start of its value), the end of its value. */
    private final int[] bounds;

    private final int size;
    /** Whether every decoded byte is ASCII, so that {@link #prefix} orders as the bytes do. */
    private final boolean ascii;

    private FormPairs(byte[] decoded, int[] bounds, int size, boolean ascii) {
        this.decoded = decoded;
        this.bounds = bounds;
        this.size = size;
        this.ascii = ascii;
    }

    /** The pairs of a form body (the caller has checked the content type); never throws. */
    static FormPairs decode(byte[] body) {
        int length = body.length;
        if (length == 0) {
            return EMPTY;
        }
        byte[] out = new byte[length];
        int[] bounds = new int[Math.min(length, 32) * 3];
        int pairs = 0;
        int written = 0;
        int start = 0;
        while (start < length) {
            int end = start;
            while (end < length && body[end] != '&') {
                end++;
            }
            if (end > start) {
                if (pairs * 3 == bounds.length) {
                    bounds = Arrays.copyOf(bounds, bounds.length * 2);
                }
                int pairEnd = decodePair(body, start, end, out, written, bounds, pairs * 3);
                if (pairEnd >= 0) {
                    written = pairEnd;
                    pairs++;
                }
            }
            start = end + 1;
        }
        boolean ascii = true;
        for (int i = 0; i < written && ascii; i++) {
            ascii = out[i] >= 0;
        }
        FormPairs decoded = new FormPairs(out, bounds, pairs, ascii);
        return ascii ? decoded : decoded.wellFormed();
    }

    /**
     * Decodes the pair {@code body[start, end)} into {@code out} from {@code written}, its three bounds into {@code
     * bounds} from {@code at}; the end of what it wrote, or -1 for a malformed escape.
     */
    private static int decodePair(byte[] body, int start, int end, byte[] out, int written, int[] bounds, int at) {
        int w = written;
        int nameEnd = -1;
        for (int i = start; i < end; i++) {
            byte b = body[i];
            if (b == '%') {
                int high = i + 2 < end ? HEX[body[i + 1] & 0xff] : -1;
                int low = high < 0 ? -1 : HEX[body[i + 2] & 0xff];
                if (low < 0) {
                    return -1;
                }
                out[w++] = (byte) (high << 4 | low);
                i += 2;
            } else if (b == '=' && nameEnd < 0) {
                nameEnd = w;
            } else {
                out[w++] = b == '+' ? (byte) ' ' : b;
            }
        }
        bounds[at] = written;
        bounds[at + 1] = nameEnd < 0 ? w : nameEnd;
        bounds[at + 2] = w;
        return w;
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
     * sorts the decoded text: Twilio's signed suffix.
     */
    byte[] sortedConcatenation() {
        int[] order = order();
        byte[] signed = new byte[size == 0 ? 0 : bounds[size * 3 - 1]]; // the pairs are contiguous from 0
        int at = 0;
        for (int pair : order) {
            int start = bounds[pair * 3];
            int length = bounds[pair * 3 + 2] - start;
            System.arraycopy(decoded, start, signed, at, length);
            at += length;
        }
        return signed;
    }

    /**
     * The pair indexes in signing order: a stable insertion sort for the few pairs a webhook form has (already
     * sorted pairs cost one comparison each), a merge sort ({@link Arrays#sort(Object[], java.util.Comparator)})
     * beyond {@value #INSERTION_SORT_MAX}, so no form costs more than n log n comparisons.
     */
    private int[] order() {
        int[] order = new int[size];
        long[] prefixes = new long[size];
        for (int i = 0; i < size; i++) {
            prefixes[i] = ascii ? prefix(i) : 0;
        }
        if (size > INSERTION_SORT_MAX) {
            Integer[] boxed = new Integer[size];
            for (int i = 0; i < size; i++) {
                boxed[i] = i;
            }
            Arrays.sort(boxed, (a, b) -> compare(prefixes, a, b));
            for (int i = 0; i < size; i++) {
                order[i] = boxed[i];
            }
            return order;
        }
        for (int i = 0; i < size; i++) {
            int j = i;
            while (j > 0 && compare(prefixes, order[j - 1], i) > 0) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = i;
        }
        return order;
    }

    /**
     * The first eight bytes of pair {@code i}'s name, big-endian, zero-padded: unequal prefixes of ASCII names order
     * as the names do (compared unsigned), so most comparisons need one instruction.
     */
    private long prefix(int i) {
        int from = bounds[i * 3];
        int to = Math.min(bounds[i * 3 + 1], from + Long.BYTES);
        long prefix = 0;
        for (int at = from; at < from + Long.BYTES; at++) {
            prefix = prefix << 8 | (at < to ? decoded[at] & 0xff : 0);
        }
        return prefix;
    }

    /** Pair {@code a} against pair {@code b}: by the names' prefixes, then by name, then by value. */
    private int compare(long[] prefixes, int a, int b) {
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
        int common = Math.min(aTo - aFrom, bTo - bFrom);
        int mismatch = 0;
        while (mismatch < common && decoded[aFrom + mismatch] == decoded[bFrom + mismatch]) {
            mismatch++;
        }
        if (mismatch == common) {
            return (aTo - aFrom) - (bTo - bFrom);
        }
        int x = decoded[aFrom + mismatch] & 0xff;
        int y = decoded[bFrom + mismatch] & 0xff;
        if (x < 0x80 || y < 0x80) {
            return x - y;
        }
        return new String(decoded, aFrom, aTo - aFrom, UTF_8).compareTo(new String(decoded, bFrom, bTo - bFrom, UTF_8));
    }

    /** These pairs with each name and value replaced by the UTF-8 bytes of its decoded text. */
    private FormPairs wellFormed() {
        byte[] out = new byte[decoded.length + 16];
        int[] newBounds = new int[size * 3];
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
        return new FormPairs(out, newBounds, size, false);
    }
}
