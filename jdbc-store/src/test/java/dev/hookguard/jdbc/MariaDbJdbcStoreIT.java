package dev.hookguard.jdbc;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The JDBC store on MariaDB does what the store contract does not cover. */
class MariaDbJdbcStoreIT extends JdbcStoreContract {

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
