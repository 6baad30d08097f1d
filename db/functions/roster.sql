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
