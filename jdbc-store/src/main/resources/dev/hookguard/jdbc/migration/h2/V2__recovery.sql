-- Hookguard row format 2 on H2 2.x: the due queue, error classes and the operators' audit history (issue 13).
-- Status codes gain Q queued. Every statement is IF [NOT] EXISTS, so the migration can run again.
ALTER TABLE hookguard_events ADD COLUMN IF NOT EXISTS next_attempt_at TIMESTAMP(3) WITH TIME ZONE;
ALTER TABLE hookguard_events ADD COLUMN IF NOT EXISTS error_class VARCHAR(32);
ALTER TABLE hookguard_events ADD COLUMN IF NOT EXISTS history CHARACTER LARGE OBJECT;
-- The pick and the queue's stats read one endpoint's due queue in due order.
CREATE INDEX IF NOT EXISTS hookguard_events_due_idx ON hookguard_events (endpoint, next_attempt_at);
-- The operators' listings and counts, in (updated_at, event_id) order, covering the dead-letter count.
-- It replaces the dead-letter index of V1.
CREATE INDEX IF NOT EXISTS hookguard_events_ops_idx ON hookguard_events (endpoint, status, updated_at, event_id, expires_at);
DROP INDEX IF EXISTS hookguard_events_dead_idx;
