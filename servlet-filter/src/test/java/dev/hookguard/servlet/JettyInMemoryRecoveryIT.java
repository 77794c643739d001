package dev.hookguard.servlet;

import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.memory.InMemoryStore;

/** The recovery tests in embedded Jetty 12 (ee10) on the in-memory store. */
class JettyInMemoryRecoveryIT extends AbstractRecoveryIT {

    @Override
    protected ServletContainer.Factory containers() {
        return JettyContainer::start;
    }

    @Override
    protected RecoveryStore createStore() {
        return new InMemoryStore();
    }
}
