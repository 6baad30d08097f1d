-- Sessions, as the stored functions and every app instance see them.
--
-- This file is the current definition of these functions and triggers: the migrator applies every file in
-- db/functions after the migrations, at every start (db/client.ts runMigrations), so a change is an edit here, never a
-- new migration. Migrations that created an older version of something here are history and stay as they ran
-- (docs/decisions/031-stored-functions-in-one-file-per-domain.md). Every statement can run again and again:
-- CREATE OR REPLACE FUNCTION and CREATE OR REPLACE TRIGGER. A function whose arguments or result type change needs a
-- migration that drops the old one first (a replace cannot change them).

-- Whether the session a write names is still live (true when it names none: a page post without one, an API token).
-- The /api light path and the ORBAT page's forms name theirs: a session ended on any instance writes nothing from this
-- moment, whatever an instance's memory still holds (server/auth/session-cache.ts). The callers answer a dead session
-- with the refusal signedOut, before writing anything.
CREATE OR REPLACE FUNCTION session_is_live(p_user integer, p_session text) RETURNS boolean LANGUAGE sql AS $$
  SELECT p_session IS NULL OR EXISTS (
    SELECT 1 FROM sessions WHERE id = p_session AND user_id = p_user AND expires_at > clock_timestamp()
  )
$$;

-- Sessions are cached in each app instance's memory (server/auth/session-cache.ts). Whatever ends a session (a
-- logout, a user's sessions ended, an expired one swept) or changes its user (roles refreshed, admin flag, names)
-- tells every instance, by whatever code path it happens: the payload is the user id, whose cached sessions go.
CREATE OR REPLACE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('sessions_changed', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('sessions_changed', NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER sessions_notify_end AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_session_change();

CREATE OR REPLACE TRIGGER users_notify_change AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION notify_session_change();

-- A ban or an unban changes what the member's sessions may do (a banned admin is no admin: server/auth/session-cache.ts
-- reads the ban with the session), so every instance drops the member's cached sessions.
CREATE OR REPLACE FUNCTION notify_member_ban_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sessions_changed', u.id::text) FROM users u WHERE u.discord_id = NEW.discord_id;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER members_notify_ban AFTER UPDATE OF is_banned ON members FOR EACH ROW
  WHEN (OLD.is_banned IS DISTINCT FROM NEW.is_banned) EXECUTE FUNCTION notify_member_ban_change();
