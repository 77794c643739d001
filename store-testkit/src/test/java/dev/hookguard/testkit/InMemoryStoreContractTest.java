package dev.hookguard.testkit;

import dev.hookguard.core.IdempotencyStore;
import dev.hookguard.core.memory.InMemoryStore;

/** The in-memory store passes the whole contract. */
class InMemoryStoreContractTest extends StoreContractTest {

    @Override
    protected IdempotencyStore createStore() {
        return new InMemoryStore();
    }
}
