-- Drops the Hookguard tables (events and endpoint controls) and every record in them.
DROP TABLE IF EXISTS hookguard_events_controls;
DROP TABLE IF EXISTS hookguard_events;
