package dev.hookguard.tiered;

import dev.hookguard.core.RecoveryStore;
import dev.hookguard.testkit.StoreContractTest;
import dev.hookguard.testkit.TestServices;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The whole store contract on the tiered store: PostgreSQL as the authority, a standalone Redis as the cache. */
class TieredStandaloneContractIT extends StoreContractTest {

    private static TieredTestStores stores;
    private static TieredStore store;

    @BeforeAll
    static void open() {
        stores = new TieredTestStores(TestServices.redisUri());
        store = stores.store();
    }

    @AfterAll
    static void close() {
        stores.close();
    }

    @Override
    protected RecoveryStore createStore() {
        return store;
    }
}
