-- A ban wins over whatever runs at the same moment: banned members hold no slot and do not wait on the waitlist
-- (docs/decisions/019-a-ban-wins-in-the-database.md).
--
-- This file is the current definition of these functions and triggers: the migrator applies every file in
-- db/functions after the migrations, at every start (db/client.ts runMigrations), so a change is an edit here, never a
-- new migration. Migrations that created an older version of something here are history and stay as they ran
-- (docs/decisions/031-stored-functions-in-one-file-per-domain.md). Every statement can run again and again:
-- CREATE OR REPLACE FUNCTION and CREATE OR REPLACE TRIGGER. A function whose arguments or result type change needs a
-- migration that drops the old one first (a replace cannot change them).
--
-- The services check members.is_banned before a sign-up, a waitlist join or a waitlist placement, but that read is
-- not a lock: a sign-up that read "not banned" could commit its slot just after the ban had cleared the member's
-- slots. This trigger closes the race in the database itself. Whenever a row puts a user into a slot or on the
-- waitlist, it reads that user's roster row FOR SHARE:
--   * a ban that has already updated the row (not yet committed) makes it wait, then it sees the ban and refuses;
--   * a ban that comes later waits for this transaction's share lock, so its own clearing of slots and waitlist
--     entries (later statements, fresh snapshots) sees and removes what this transaction committed.
-- It refuses with SQLSTATE 'UB001' and no text (server/errors.ts holds what it answers), which the transaction runner
-- retries (server/transaction.ts): on the retry the service's own checks see the ban and answer with the refusal that
-- fits the action (a sign-up is refused, a waitlist fill skips the banned member and places the next one).
CREATE OR REPLACE FUNCTION refuse_banned_member() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  banned boolean;
BEGIN
  IF NEW.user_id IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT m.is_banned INTO banned
    FROM members m JOIN users u ON u.discord_id = m.discord_id
   WHERE u.id = NEW.user_id
     FOR SHARE OF m;
  IF banned THEN
    RAISE EXCEPTION USING ERRCODE = 'UB001', MESSAGE = 'bannedMember';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE TRIGGER slots_refuse_banned_member
  BEFORE INSERT OR UPDATE OF user_id ON slots
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL)
  EXECUTE FUNCTION refuse_banned_member();

CREATE OR REPLACE TRIGGER waitlist_refuse_banned_member
  BEFORE INSERT OR UPDATE OF user_id ON waitlist_entries
  FOR EACH ROW
  EXECUTE FUNCTION refuse_banned_member();

-- Stored counts (docs/decisions/033-stored-counts-and-keyset-pages.md): events.attendance_count and
-- trainings.signup_count follow their rows, so a list of events or trainings reads its counts instead of counting
-- rows. One UPDATE per statement, whatever its size (an attendance list saved whole, a game server's players, a
-- member's deletion cascading through every event they attended), through the statement's transition table. A
-- TRUNCATE (tests, a purge) empties the table, so every count goes back to 0.
-- One function for every stored count; each trigger names the parent table, its count column, and the column of the
-- counted rows that points at the parent (TG_ARGV). The names come from this file, never from data; format's %I
-- quotes them all the same.
CREATE OR REPLACE FUNCTION keep_stored_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  parent text := TG_ARGV[0];
  counter text := TG_ARGV[1];
  parent_key text := TG_ARGV[2];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    EXECUTE format('UPDATE %I SET %I = 0 WHERE %I <> 0', parent, counter, counter);
  ELSE
    EXECUTE format(
      'UPDATE %1$I p SET %2$I = p.%2$I %3$s d.n
         FROM (SELECT %4$I AS parent_id, count(*)::int AS n FROM %5$I GROUP BY %4$I) d
        WHERE p.id = d.parent_id',
      parent, counter, CASE TG_OP WHEN 'INSERT' THEN '+' ELSE '-' END, parent_key,
      CASE TG_OP WHEN 'INSERT' THEN 'added' ELSE 'removed' END);
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER event_attendance_counted_in AFTER INSERT ON event_attendance
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION keep_stored_count('events', 'attendance_count', 'event_id');
CREATE OR REPLACE TRIGGER event_attendance_counted_out AFTER DELETE ON event_attendance
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION keep_stored_count('events', 'attendance_count', 'event_id');
CREATE OR REPLACE TRIGGER event_attendance_counted_truncate AFTER TRUNCATE ON event_attendance
  FOR EACH STATEMENT EXECUTE FUNCTION keep_stored_count('events', 'attendance_count', 'event_id');

CREATE OR REPLACE TRIGGER training_signups_counted_in AFTER INSERT ON training_signups
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT
  EXECUTE FUNCTION keep_stored_count('trainings', 'signup_count', 'training_id');
CREATE OR REPLACE TRIGGER training_signups_counted_out AFTER DELETE ON training_signups
  REFERENCING OLD TABLE AS removed FOR EACH STATEMENT
  EXECUTE FUNCTION keep_stored_count('trainings', 'signup_count', 'training_id');
CREATE OR REPLACE TRIGGER training_signups_counted_truncate AFTER TRUNCATE ON training_signups
  FOR EACH STATEMENT EXECUTE FUNCTION keep_stored_count('trainings', 'signup_count', 'training_id');

-- The two functions the counts had before keep_stored_count; no trigger uses them any more.
DROP FUNCTION IF EXISTS count_event_attendance();
DROP FUNCTION IF EXISTS count_training_signups();

-- The promotion run (docs/rules/roster.md, Promotions; docs/decisions/034-promotion-runs-and-their-announcement.md,
-- docs/decisions/067-the-promotion-run-in-one-call.md): one call does the whole run, in the statement's own
-- transaction, one round trip whatever the roster's size. Each active member whose rank has a threshold and whose event
-- score (attended_events_count + hidden_score, db/schema/roster.ts memberEventScoreSql) meets it moves up exactly one
-- rank; the run's promotion_runs row records who moved (its announcement pending when a promotion channel is set), the
-- moved members' Discord role syncs are queued, and the audit entry names the run and the count ("Promotion run 12:
-- 3,427 promoted.", the count as en-US writes it), or p_nobody when nobody moved. Answers the run's row (none when
-- nobody moved) with its list, lowest starting rank first, then by name.
CREATE OR REPLACE FUNCTION promotion_run(p_actor text, p_actor_user_id integer, p_nobody text)
  RETURNS TABLE (run_id integer, run_announcement text, promoted jsonb, roles_queued boolean)
  LANGUAGE plpgsql AS $$
DECLARE
  discord_ids text[];
BEGIN
  -- One run at a time (the weekly job and an admin's click must not both promote). The UPDATE below is a later
  -- statement: its snapshot sees what a run that held the lock before committed.
  PERFORM pg_advisory_xact_lock(7202614);
  -- Each member's service record says the run moved them, and who ran it (db/functions/personnel.sql).
  PERFORM set_config('app.change_via', 'promotion_run', true),
          set_config('app.actor_user_id', coalesce(p_actor_user_id::text, ''), true);
  WITH moved AS (
    UPDATE members m SET rank = t.to_rank, updated_at = now()
      FROM promotion_thresholds t
     WHERE t.from_rank = m.rank AND NOT m.is_banned
       AND (m.attended_events_count + m.hidden_score) >= t.required_score
    RETURNING m.id AS member_id, m.ingame_name AS name, m.discord_id, t.from_rank, t.to_rank
  ), channel AS (
    SELECT nullif(btrim(value), '') AS id FROM settings WHERE key = 'promotion_channel_id'
  ), run AS (
    INSERT INTO promotion_runs (actor, actor_user_id, promoted_count, promotions, announcement_channel_id, announcement)
    SELECT p_actor, p_actor_user_id, count(*),
           jsonb_agg(jsonb_build_object('member_id', member_id, 'name', name, 'from', from_rank, 'to', to_rank)
                     ORDER BY from_rank, lower(name), member_id),
           (SELECT id FROM channel),
           CASE WHEN (SELECT id FROM channel) IS NULL THEN 'none' ELSE 'pending' END
      FROM moved
    HAVING count(*) > 0
    RETURNING id, announcement, promotions
  )
  SELECT run.id, run.announcement, run.promotions,
         (SELECT array_agg(nullif(discord_id, '')) FILTER (WHERE nullif(discord_id, '') IS NOT NULL) FROM moved)
    INTO run_id, run_announcement, promoted, discord_ids
    FROM run;
  IF run_id IS NULL THEN
    INSERT INTO audit_log (actor, actor_user_id, action, details)
    VALUES (p_actor, p_actor_user_id, 'Promotions run', p_nobody);
    RETURN;
  END IF;
  roles_queued := discord_ids IS NOT NULL;
  IF roles_queued THEN
    PERFORM queue_role_syncs(discord_ids);
  END IF;
  INSERT INTO audit_log (actor, actor_user_id, action, details)
  VALUES (p_actor, p_actor_user_id, 'Promotions run',
          format('Promotion run %s: %s promoted.', run_id, to_char(jsonb_array_length(promoted), 'FM999,999,999,990')));
  RETURN NEXT;
END
$$;
