package dev.hookguard.jdbc;

import dev.hookguard.core.EventRecord;
import java.time.Instant;

/**
 * One row as read from the table: the record and when it expires (past which it behaves as absent).
 *
 * @param record the record
 * @param expiresAt the end of its retention, by the database's clock
 */
record StoredRow(EventRecord record, Instant expiresAt) {}
