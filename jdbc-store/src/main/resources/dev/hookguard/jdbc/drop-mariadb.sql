-- Drops the Hookguard tables (events, endpoint controls and audit trail) and every record in them.
DROP TABLE IF EXISTS hookguard_events_audit;
DROP TABLE IF EXISTS hookguard_events_controls;
DROP TABLE IF EXISTS hookguard_events;
