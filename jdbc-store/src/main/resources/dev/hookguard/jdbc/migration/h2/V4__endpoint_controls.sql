-- Hookguard endpoint controls on H2 2.x (issue 29): one row per endpoint that was ever paused or resumed, in
-- a table of its own beside the events table (its name is the events table's name + _controls). The dispatchers of
-- every node read it about once a second; an operator's pause or resume is one upsert. The table is small and never
-- purged. CREATE TABLE IF NOT EXISTS, so the migration can run again.
CREATE TABLE IF NOT EXISTS hookguard_events_controls (
    endpoint       VARCHAR(255)                NOT NULL,
    format_version INTEGER                     NOT NULL,
    paused         BOOLEAN                     NOT NULL,
    action         VARCHAR(32)                 NOT NULL,
    actor          VARCHAR(1024)               NOT NULL,
    changed_at     TIMESTAMP(3) WITH TIME ZONE NOT NULL,
    note           VARCHAR(4000),
    PRIMARY KEY (endpoint)
);
