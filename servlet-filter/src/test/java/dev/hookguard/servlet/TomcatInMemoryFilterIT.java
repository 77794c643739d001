package dev.hookguard.servlet;

import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.memory.InMemoryStore;

/** The end-to-end tests in embedded Tomcat 11 on the in-memory store. */
class TomcatInMemoryFilterIT extends AbstractFilterIT {

    @Override
    protected ServletContainer.Factory containers() {
        return TomcatContainer::start;
    }

    @Override
    protected RecoveryStore createStore() {
        return new InMemoryStore();
    }
}
