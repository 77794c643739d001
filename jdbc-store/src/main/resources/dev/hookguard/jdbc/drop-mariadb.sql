-- Drops the Hookguard table and every record in it.
DROP TABLE IF EXISTS hookguard_events;
