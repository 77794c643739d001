-- The bare dedup table, the JDBC row's baseline (not Hookguard's schema): one row per event, its status, its
-- fencing token and when it may be purged, keyed by endpoint and event id; no other index.
CREATE TABLE IF NOT EXISTS hookguard_bench_bare (
    endpoint   VARCHAR(64)  NOT NULL,
    event_id   VARCHAR(255) NOT NULL,
    status     CHAR(1)      NOT NULL,
    token      BIGINT       NOT NULL,
    expires_at TIMESTAMPTZ  NOT NULL,
    CONSTRAINT hookguard_bench_bare_pk PRIMARY KEY (endpoint, event_id)
);
