-- Hookguard row format 2 on MariaDB 10.6+: the due queue, error classes and the operators' audit history (issue 13).
-- Status codes gain Q queued. One ALTER TABLE (one rebuild); every clause IF [NOT] EXISTS, so it can run again.
-- MySQL has no IF [NOT] EXISTS here: drop those words when applying it to MySQL 8.
-- ops_idx serves the operators' listings and counts in (updated_at, event_id) order and covers the dead-letter count;
-- it replaces the dead-letter index of V1. due_idx serves the pick and the queue's stats in due order.
ALTER TABLE hookguard_events
    ADD COLUMN IF NOT EXISTS next_attempt_at DATETIME(3)                                 NULL,
    ADD COLUMN IF NOT EXISTS error_class     VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin NULL,
    ADD COLUMN IF NOT EXISTS history         MEDIUMTEXT                                  NULL,
    ADD INDEX IF NOT EXISTS hookguard_events_due_idx (endpoint, next_attempt_at),
    ADD INDEX IF NOT EXISTS hookguard_events_ops_idx (endpoint, status, updated_at, event_id, expires_at),
    DROP INDEX IF EXISTS hookguard_events_dead_idx;
