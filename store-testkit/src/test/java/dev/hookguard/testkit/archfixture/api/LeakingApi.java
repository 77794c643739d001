package dev.hookguard.testkit.archfixture.api;

import dev.hookguard.core.internal.HeadersCodec;
import dev.hookguard.testkit.archfixture.internal.Hidden;
import java.util.List;

/** A deliberately leaking API type: it returns an internal type and uses another module's internals. */
public final class LeakingApi {

    /** Leaks {@link Hidden} through a public return type, inside a generic. */
    public List<Hidden> hidden() {
        return List.of(new Hidden());
    }

    /** Uses another module's internal type, which is no listed seam. */
    public String codec() {
        return HeadersCodec.class.getName();
    }
}
