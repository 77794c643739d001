package dev.hookguard.servlet;

import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.memory.InMemoryStore;

/** The end-to-end tests in embedded Jetty 12 (ee10) on the in-memory store. */
class JettyInMemoryFilterIT extends AbstractFilterIT {

    @Override
    protected ServletContainer.Factory containers() {
        return JettyContainer::start;
    }

    @Override
    protected RecoveryStore createStore() {
        return new InMemoryStore();
    }
}
