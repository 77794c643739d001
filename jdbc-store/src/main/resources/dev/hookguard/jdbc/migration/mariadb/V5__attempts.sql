-- Hookguard on MariaDB 10.6+: the attempt log of each record (issue 29), JSON Lines of dev.hookguard.core.internal.AttemptLog,
-- oldest first; every verdict appends its attempt, the newest kept (bounded in characters by the policy's attemptLog).
-- IF NOT EXISTS, so the migration can run again (drop those words on MySQL 8).
ALTER TABLE hookguard_events ADD COLUMN IF NOT EXISTS attempt_log MEDIUMTEXT NULL;
