-- Hookguard row format 2 on PostgreSQL 12+: the due queue, error classes and the operators' audit history (issue 13).
-- Status codes gain Q queued. Every statement is IF [NOT] EXISTS, so the migration can run again.
ALTER TABLE hookguard_events ADD COLUMN IF NOT EXISTS next_attempt_at TIMESTAMP(3) WITH TIME ZONE;
ALTER TABLE hookguard_events ADD COLUMN IF NOT EXISTS error_class VARCHAR(32);
ALTER TABLE hookguard_events ADD COLUMN IF NOT EXISTS history TEXT;
-- The pick and the queue's stats read one endpoint's due queue in due order; only queued rows are in this index.
CREATE INDEX IF NOT EXISTS hookguard_events_due_idx ON hookguard_events (endpoint, next_attempt_at)
    WHERE next_attempt_at IS NOT NULL;
-- The operators' listings and counts (every status but S), in (updated_at, event_id) order; with expires_at
-- included the dead-letter count is an index-only scan. It replaces the dead-letter index of V1.
CREATE INDEX IF NOT EXISTS hookguard_events_ops_idx ON hookguard_events (endpoint, status, updated_at, event_id)
    INCLUDE (expires_at) WHERE status <> 'S';
DROP INDEX IF EXISTS hookguard_events_dead_idx;
-- A purge that empties the table must not let VACUUM cut it to zero pages: the planner would then judge a
-- sequential scan free and use it for the key lookups until the next ANALYZE.
ALTER TABLE hookguard_events SET (vacuum_truncate = false);
