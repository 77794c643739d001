-- Apache Camel's JdbcMessageIdRepository table exactly as Camel creates it (CAMEL_MESSAGEPROCESSED, no primary
-- key), under the benchmark's name: only for the concurrent-duplicate race, to show what Camel's default does.
CREATE TABLE IF NOT EXISTS hookguard_bench_camel_shipped (
    processorName VARCHAR(255),
    messageId     VARCHAR(100),
    createdAt     TIMESTAMP
);
