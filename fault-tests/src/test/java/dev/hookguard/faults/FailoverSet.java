package dev.hookguard.faults;

import dev.hookguard.redis.RedisIdempotencyStore;
import dev.hookguard.redis.RedisStoreConfig;
import java.io.IOException;

/** A highly available Redis of the test's own that can be made to fail over: a Sentinel set or a cluster. */
interface FailoverSet extends AutoCloseable {

    /** A store on it, following its failovers as a production store does. */
    RedisIdempotencyStore store(RedisStoreConfig config);

    /**
     * Fails the primary that matters: killed ({@code SIGKILL}) or paused ({@code SIGSTOP}); returns once a replica is
     * promoted and the old primary is back (started again as a replica, or let go on so that it is demoted).
     */
    void fail(boolean kill) throws IOException;

    @Override
    void close();
}
