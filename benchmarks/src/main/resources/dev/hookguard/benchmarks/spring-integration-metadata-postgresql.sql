-- Spring Integration's JdbcMetadataStore table (INT_METADATA_STORE of its schema-postgresql.sql) under the
-- benchmark's table prefix hookguard_bench_.
CREATE TABLE IF NOT EXISTS hookguard_bench_metadata_store (
    METADATA_KEY   VARCHAR(255) NOT NULL,
    METADATA_VALUE VARCHAR(4000) NOT NULL,
    REGION         VARCHAR(100) NOT NULL,
    CONSTRAINT hookguard_bench_metadata_store_pk PRIMARY KEY (METADATA_KEY, REGION)
);
