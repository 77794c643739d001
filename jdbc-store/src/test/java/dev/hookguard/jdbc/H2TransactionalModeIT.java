package dev.hookguard.jdbc;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The JDBC store on H2 commits a handler's writes with its verdict. */
class H2TransactionalModeIT extends TransactionalModeContract {

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
