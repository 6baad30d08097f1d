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
