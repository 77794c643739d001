-- Apache Camel's JdbcMessageIdRepository table (its default CREATE statement, CAMEL_MESSAGEPROCESSED) under the
-- benchmark's name, plus the primary key that Camel's default lacks: without it every add() would scan the
-- whole table, and concurrent adds of one id could both insert. The peer is measured at its best.
CREATE TABLE IF NOT EXISTS hookguard_bench_camel (
    processorName VARCHAR(255) NOT NULL,
    messageId     VARCHAR(100) NOT NULL,
    createdAt     TIMESTAMP,
    CONSTRAINT hookguard_bench_camel_pk PRIMARY KEY (processorName, messageId)
);
