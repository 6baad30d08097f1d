-- The Discord role syncs the stored functions queue themselves, so they commit with the write in the same statement.
--
-- This file is the current definition of these functions: the migrator applies every file in db/functions after the
-- migrations, at every start (db/client.ts runMigrations), so a change is an edit here, never a new migration.
-- Migrations that created an older version of something here are history and stay as they ran
-- (docs/decisions/031-stored-functions-in-one-file-per-domain.md). CREATE OR REPLACE FUNCTION can run again and
-- again; a function whose arguments or result type change needs a migration that drops the old one first.

-- Queues role syncs for these Discord ids in the caller's transaction, as enqueueRoleSync does
-- (server/role-sync/queue.ts): one row per person, a newer change bumps the version and makes it due now.
-- Sorted, so two writes queueing the same people lock their rows in the same order.
CREATE OR REPLACE FUNCTION queue_role_syncs(p_discord_ids text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO pending_role_syncs (discord_id)
  SELECT DISTINCT id FROM unnest(p_discord_ids) AS ids(id) WHERE id IS NOT NULL ORDER BY id
  ON CONFLICT (discord_id) DO UPDATE
    SET version = pending_role_syncs.version + 1, attempts = 0, due_at = now(), last_error = NULL
$$;
