-- Hookguard idempotency records on PostgreSQL 12+ (row format 1). One row per (endpoint, event_id).
-- Times are the database's, in milliseconds. Status codes: P processing, S succeeded, F failed, D dead, R rejected.
-- Every statement is IF NOT EXISTS, so the script can run at every start-up.
CREATE TABLE IF NOT EXISTS hookguard_events (
    endpoint              VARCHAR(255)                NOT NULL,
    event_id              VARCHAR(255)                NOT NULL,
    format_version        INTEGER                     NOT NULL,
    status                CHAR(1)                     NOT NULL,
    fingerprint           CHAR(64)                    NOT NULL,
    token                 BIGINT                      NOT NULL,
    attempts              INTEGER                     NOT NULL,
    lease_until           TIMESTAMP(3) WITH TIME ZONE,
    expires_at            TIMESTAMP(3) WITH TIME ZONE NOT NULL,
    response_status       INTEGER,
    response_type         VARCHAR(1024),
    response_body         BYTEA,
    response_body_omitted BOOLEAN                     NOT NULL,
    payload_body          BYTEA,
    payload_headers       TEXT,
    last_error            VARCHAR(4000),
    created_at            TIMESTAMP(3) WITH TIME ZONE NOT NULL,
    updated_at            TIMESTAMP(3) WITH TIME ZONE NOT NULL,
    completed_at          TIMESTAMP(3) WITH TIME ZONE,
    CONSTRAINT hookguard_events_pk PRIMARY KEY (endpoint, event_id)
);
-- The purge deletes by expires_at.
CREATE INDEX IF NOT EXISTS hookguard_events_expires_idx ON hookguard_events (expires_at);
-- The dead-letter listing reads one endpoint's DEAD and REJECTED rows in (updated_at, event_id) order.
CREATE INDEX IF NOT EXISTS hookguard_events_dead_idx ON hookguard_events (endpoint, updated_at, event_id)
    WHERE status IN ('D', 'R');
