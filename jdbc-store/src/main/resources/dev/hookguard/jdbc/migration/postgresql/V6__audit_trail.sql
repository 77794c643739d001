-- Hookguard audit trail on PostgreSQL 12+ (issue 29): every operator action that changed a record or an endpoint's
-- controls, one row per action, in a table of its own beside the events table (its name is the events table's name +
-- _audit). Appended by one INSERT, read newest first (descending id, the order of appending) per endpoint, deleted by
-- the purge once expires_at (the line's time + the audit retention) has passed. event_id is null for an endpoint's
-- action (pause, resume). Times in milliseconds. Every statement IF NOT EXISTS, so the migration can run again.
CREATE TABLE IF NOT EXISTS hookguard_events_audit (
    id         BIGINT GENERATED ALWAYS AS IDENTITY,
    endpoint   VARCHAR(255)                NOT NULL,
    event_id   VARCHAR(255),
    at         TIMESTAMP(3) WITH TIME ZONE NOT NULL,
    actor      VARCHAR(1024)               NOT NULL,
    action     VARCHAR(32)                 NOT NULL,
    note       TEXT,
    expires_at TIMESTAMP(3) WITH TIME ZONE NOT NULL,
    CONSTRAINT hookguard_events_audit_pk PRIMARY KEY (id)
);
-- An endpoint's trail, newest first, from a page's cursor on.
CREATE INDEX IF NOT EXISTS hookguard_events_audit_walk_idx ON hookguard_events_audit (endpoint, id);
-- The purge deletes by expires_at.
CREATE INDEX IF NOT EXISTS hookguard_events_audit_expires_idx ON hookguard_events_audit (expires_at);
