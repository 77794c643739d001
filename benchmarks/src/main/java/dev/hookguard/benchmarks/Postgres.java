package dev.hookguard.benchmarks;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

/** Connection pools on the benchmark database ({@link BenchEnvironment#jdbcUrl()}). */
public final class Postgres {

    private Postgres() {}

    /**
     * A HikariCP pool of exactly {@code size} connections, opened at once: with one connection per benchmark
     * thread the store waits for the database, never for the pool, as {@code pgbench -c N} does with its N
     * connections.
     */
    public static HikariDataSource pool(int size) {
        HikariConfig config = new HikariConfig();
        config.setPoolName(BenchEnvironment.PREFIX);
        config.setJdbcUrl(BenchEnvironment.jdbcUrl());
        config.setUsername(BenchEnvironment.jdbcUser());
        config.setPassword(BenchEnvironment.jdbcPassword());
        config.setMaximumPoolSize(size);
        config.setMinimumIdle(size);
        config.setConnectionTimeout(5_000);
        return new HikariDataSource(config);
    }
}
