package dev.hookguard.benchmarks.peers;

import org.jspecify.annotations.Nullable;

/**
 * One deduplicator as {@link PeerRace} drives it: claim an id before handling, complete it after, and say
 * afterwards whether the record shows the completion. Implementations are safe for concurrent callers.
 */
interface Contender extends AutoCloseable {

    /** The contender's name in the report, e.g. {@code camel-jdbc}. */
    String name();

    /** Claims a new id; true when this caller may handle it (a winner). */
    boolean claim(String id);

    /** Completes an id this caller won; true when the contender says the completion was recorded. */
    boolean complete(String id);

    /**
     * Whether the stored record of {@code id} shows it finished, read back after the race; null when the contender
     * keeps no state that could say so (its records look the same before and after completion).
     */
    @Nullable
    Boolean finished(String id);

    /** Releases connections; drops what the contender created. */
    @Override
    void close();
}
