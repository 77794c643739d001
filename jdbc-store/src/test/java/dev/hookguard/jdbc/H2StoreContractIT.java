package dev.hookguard.jdbc;

import dev.hookguard.core.RecoveryStore;
import dev.hookguard.testkit.StoreContractTest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The JDBC store on H2 passes the whole store contract, on a table of its own. */
class H2StoreContractIT extends StoreContractTest {

    private static TestDatabase database;

    @BeforeAll
    static void openDatabase() {
        database = TestDatabase.h2();
    }

    @AfterAll
    static void dropTable() {
        database.close();
    }

    @Override
    protected RecoveryStore createStore() {
        return database.store();
    }
}
