package dev.hookguard.examples.receiver;

import java.util.Locale;

/** The store behind the demo receiver, as {@code --store} names it. */
public enum StoreKind {
    /** An H2 file database through jdbc-store: embedded, and a restart keeps its records. The default. */
    H2,
    /** Redis through redis-store. */
    REDIS,
    /** PostgreSQL through jdbc-store. */
    POSTGRES;

    /** The kind of a {@code --store} value: {@code h2}, {@code redis} or {@code postgres}. */
    public static StoreKind parse(String value) {
        for (StoreKind kind : values()) {
            if (kind.flag().equals(value)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("--store must be h2, redis or postgres but was '" + value + "'");
    }

    /** The {@code --store} value. */
    public String flag() {
        return name().toLowerCase(Locale.ROOT);
    }
}
