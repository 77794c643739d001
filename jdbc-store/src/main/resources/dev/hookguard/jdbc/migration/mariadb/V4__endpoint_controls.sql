-- Hookguard endpoint controls on MariaDB 10.6+ and MySQL 8 (issue 29): one row per endpoint that was ever paused or
-- resumed, in a table of its own beside the events table (its name is the events table's name + _controls). The
-- dispatchers of every node read it about once a second; an operator's pause or resume is one upsert. Times are the
-- database's UTC time in DATETIME(3). The table is small and never purged. CREATE TABLE IF NOT EXISTS, so the
-- migration can run again.
CREATE TABLE IF NOT EXISTS hookguard_events_controls (
    endpoint       VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    format_version INT                                                NOT NULL,
    paused         BOOLEAN                                            NOT NULL,
    action         VARCHAR(32)                                        NOT NULL,
    actor          VARCHAR(1024)                                      NOT NULL,
    changed_at     DATETIME(3)                                        NOT NULL,
    note           VARCHAR(4000)                                      NULL,
    PRIMARY KEY (endpoint)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
