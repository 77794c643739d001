-- Hookguard on H2 2.x: the bodies, the headers and the history kept in the row (BINARY VARYING, CHARACTER VARYING)
-- instead of H2's LOB storage (issue 24). H2 copies a LOB's reference on every UPDATE of its row and on every read
-- of it, and keeps the copies of reads for LOB_TIMEOUT (5 minutes): under an async backlog those copies wrote
-- gigabytes to the file. Webhook bodies are small and bounded by the endpoint's maxBodyBytes (1 MiB by default).
-- PostgreSQL (BYTEA, TEXT) and MariaDB (LONGBLOB, MEDIUMTEXT) have no such LOB references: H2 only.
-- Changing a column's type to the type it has is a no-op, so the migration can run again.
ALTER TABLE hookguard_events ALTER COLUMN response_body SET DATA TYPE BINARY VARYING(1000000000);
ALTER TABLE hookguard_events ALTER COLUMN payload_body SET DATA TYPE BINARY VARYING(1000000000);
ALTER TABLE hookguard_events ALTER COLUMN payload_headers SET DATA TYPE CHARACTER VARYING(1000000000);
ALTER TABLE hookguard_events ALTER COLUMN history SET DATA TYPE CHARACTER VARYING(1000000000);
