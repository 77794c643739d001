package dev.hookguard.redis;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A place in a dead-letter index, which is ordered by score (when the event became a dead letter, in ms
 * of the Redis server) and then by event id, byte by byte. Its text form is the listing's opaque cursor:
 * {@code <score>:<eventId>}.
 *
 * @param score the entry's score
 * @param eventId the entry's member
 */
record IndexPosition(long score, String eventId) implements Comparable<IndexPosition> {

    /** The cursor text of this position. */
    String cursor() {
        return score + ":" + eventId;
    }

    /** The position a cursor names; anything but a cursor of this store is an {@link IllegalArgumentException}. */
    static IndexPosition parse(String cursor) {
        int colon = cursor.indexOf(':');
        if (colon < 1 || colon == cursor.length() - 1) {
            throw invalid(cursor);
        }
        try {
            long score = Long.parseLong(cursor.substring(0, colon));
            if (score < 0) {
                throw invalid(cursor);
            }
            return new IndexPosition(score, cursor.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw invalid(cursor);
        }
    }

    @Override
    public int compareTo(IndexPosition other) {
        int byScore = Long.compare(score, other.score);
        return byScore != 0
                ? byScore
                : Arrays.compareUnsigned(
                        eventId.getBytes(StandardCharsets.US_ASCII), other.eventId.getBytes(StandardCharsets.US_ASCII));
    }

    private static IllegalArgumentException invalid(String cursor) {
        return new IllegalArgumentException("cursor must be a nextCursor of this store's dead-letter pages but was '"
                + (cursor.length() > 300 ? cursor.substring(0, 300) + "..." : cursor) + "'");
    }
}
