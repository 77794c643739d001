package dev.hookguard.tiered.internal;

import dev.hookguard.core.EventKey;
import dev.hookguard.core.Fingerprint;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The fingerprint of each claim this store acquired and has not yet seen completed or failed, so that the verdict
 * cached after {@code complete} (which carries no fingerprint) can be checked against later deliveries. Bounded: past
 * {@link #MAX_ENTRIES} (claims whose worker died and never wrote a verdict pile up) it starts over, which costs
 * only the fills of the claims then in flight.
 */
public final class ClaimedFingerprints {

    /** The most claims remembered at once. */
    static final int MAX_ENTRIES = 65_536;

    private final ConcurrentHashMap<Held, Fingerprint> held = new ConcurrentHashMap<>();

    /** Remembers the fingerprint of the claim holding {@code key} with {@code token}. */
    public void put(EventKey key, long token, Fingerprint fingerprint) {
        if (held.size() >= MAX_ENTRIES) {
            held.clear();
        }
        held.put(new Held(key, token), fingerprint);
    }

    /** The fingerprint of that claim, forgotten now; null when it is not known (another node's claim, or cleared). */
    public @Nullable Fingerprint remove(EventKey key, long token) {
        return held.remove(new Held(key, token));
    }

    private record Held(EventKey key, long token) {}
}
