-- Hookguard audit trail on MariaDB 10.6+ and MySQL 8 (issue 29): every operator action that changed a record or an
-- endpoint's controls, one row per action, in a table of its own beside the events table (its name is the events
-- table's name + _audit). Appended by one INSERT, read newest first (descending id, the order of appending) per
-- endpoint, deleted by the purge once expires_at (the line's time + the audit retention) has passed. event_id is null
-- for an endpoint's action (pause, resume). Times are UTC in DATETIME(3). CREATE TABLE IF NOT EXISTS with the indexes
-- inline, so the migration can run again (also on MySQL 8).
CREATE TABLE IF NOT EXISTS hookguard_events_audit (
    id         BIGINT                                             NOT NULL AUTO_INCREMENT,
    endpoint   VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    event_id   VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin NULL,
    at         DATETIME(3)                                        NOT NULL,
    actor      VARCHAR(1024)                                      NOT NULL,
    action     VARCHAR(32)                                        NOT NULL,
    note       MEDIUMTEXT                                         NULL,
    expires_at DATETIME(3)                                        NOT NULL,
    PRIMARY KEY (id),
    INDEX hookguard_events_audit_walk_idx (endpoint, id),
    INDEX hookguard_events_audit_expires_idx (expires_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
