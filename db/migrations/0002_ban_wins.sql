-- A ban wins over whatever runs at the same moment (banned members hold no slot and do not wait: docs/rules/roster.md, Bans).
--
-- The services check members.is_banned before a sign-up, a waitlist join or a waitlist placement, but that read is
-- not a lock: a sign-up that read "not banned" could commit its slot just after the ban had cleared the member's
-- slots. This trigger closes the race in the database itself. Whenever a row puts a user into a slot or on the
-- waitlist, it reads that user's roster row FOR SHARE:
--   * a ban that has already updated the row (not yet committed) makes it wait, then it sees the ban and refuses;
--   * a ban that comes later waits for this transaction's share lock, so its own clearing of slots and waitlist
--     entries (later statements, fresh snapshots) sees and removes what this transaction committed.
-- It refuses with SQLSTATE 'UB001', which the transaction runner retries once (server/transaction.ts): on the retry
-- the service's own checks see the ban and answer with the message that fits the action (a sign-up is refused, a
-- waitlist fill skips the banned member and places the next one).
CREATE FUNCTION refuse_banned_member() RETURNS trigger LANGUAGE plpgsql AS $$
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
    RAISE EXCEPTION 'Banned members cannot hold a slot or wait on the waitlist.' USING ERRCODE = 'UB001';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER slots_refuse_banned_member
  BEFORE INSERT OR UPDATE OF user_id ON slots
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL)
  EXECUTE FUNCTION refuse_banned_member();
--> statement-breakpoint
CREATE TRIGGER waitlist_refuse_banned_member
  BEFORE INSERT OR UPDATE OF user_id ON waitlist_entries
  FOR EACH ROW
  EXECUTE FUNCTION refuse_banned_member();
