package dev.hookguard.testkit;

import dev.hookguard.core.RecoveryStore;
import dev.hookguard.core.memory.InMemoryStore;

/** The in-memory store passes the whole contract. */
class InMemoryStoreContractTest extends StoreContractTest {

    @Override
    protected RecoveryStore createStore() {
        return new InMemoryStore();
    }
}
