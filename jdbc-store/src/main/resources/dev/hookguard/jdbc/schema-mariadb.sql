-- Hookguard idempotency records on MariaDB 10.6+ and MySQL 8 (row format 1). One row per (endpoint, event_id).
-- Times are the database's UTC time (UTC_TIMESTAMP(3)) in DATETIME(3), in milliseconds.
-- Status codes: P processing, S succeeded, F failed, D dead, R rejected.
-- Keys are ASCII with a binary collation: event ids differing only in case are different events.
-- CREATE TABLE IF NOT EXISTS with the indexes inline, so the script can run at every start-up.
CREATE TABLE IF NOT EXISTS hookguard_events (
    endpoint              VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    event_id              VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    format_version        INT                                                NOT NULL,
    status                CHAR(1) CHARACTER SET ascii COLLATE ascii_bin      NOT NULL,
    fingerprint           CHAR(64) CHARACTER SET ascii COLLATE ascii_bin     NOT NULL,
    token                 BIGINT                                             NOT NULL,
    attempts              INT                                                NOT NULL,
    lease_until           DATETIME(3)                                        NULL,
    expires_at            DATETIME(3)                                        NOT NULL,
    response_status       INT                                                NULL,
    response_type         VARCHAR(1024)                                      NULL,
    response_body         LONGBLOB                                           NULL,
    response_body_omitted BOOLEAN                                            NOT NULL,
    payload_body          LONGBLOB                                           NULL,
    payload_headers       MEDIUMTEXT                                         NULL,
    last_error            VARCHAR(4000)                                      NULL,
    created_at            DATETIME(3)                                        NOT NULL,
    updated_at            DATETIME(3)                                        NOT NULL,
    completed_at          DATETIME(3)                                        NULL,
    PRIMARY KEY (endpoint, event_id),
    INDEX hookguard_events_expires_idx (expires_at),
    INDEX hookguard_events_dead_idx (endpoint, status, updated_at, event_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
