package dev.hookguard.jdbc;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The JDBC store on H2 does what the store contract does not cover. */
class H2JdbcStoreIT extends JdbcStoreContract {

    private static TestDatabase database;

    @BeforeAll
    static void openDatabase() {
        database = TestDatabase.h2();
    }

    @AfterAll
    static void dropTables() {
        database.close();
    }

    @Override
    TestDatabase database() {
        return database;
    }
}
