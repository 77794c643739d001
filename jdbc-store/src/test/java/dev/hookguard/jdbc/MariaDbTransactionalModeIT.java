package dev.hookguard.jdbc;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The JDBC store on MariaDB commits a handler's writes with its verdict. */
class MariaDbTransactionalModeIT extends TransactionalModeContract {

    private static TestDatabase database;

    @BeforeAll
    static void openDatabase() {
        database = TestDatabase.mariadb();
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
