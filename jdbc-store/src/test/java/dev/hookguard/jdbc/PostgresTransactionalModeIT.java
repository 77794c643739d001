package dev.hookguard.jdbc;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The JDBC store on Postgres commits a handler's writes with its verdict. */
class PostgresTransactionalModeIT extends TransactionalModeContract {

    private static TestDatabase database;

    @BeforeAll
    static void openDatabase() {
        database = TestDatabase.postgres();
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
