-- The member writes of the public ORBAT, each decided by one stored function in one round trip (docs/rules/orbat.md;
-- docs/decisions/020-signup-in-one-round-trip.md). The moment sign-ups open, hundreds of members press Sign up in
-- the same second; run from TypeScript, every rule cost a round trip (about twelve per sign-up). Here each rule of
-- docs/rules/orbat.md is one commented step below, in the order the member reads the answers; the TypeScript services
-- (server/orbat/slots.ts, server/waitlist/waitlist.ts) only call these functions and shape what they return.
--
-- Refusals are raised, never returned: a raise undoes everything the function did before it (a released slot, a
-- waitlist entry removed), as a thrown error did in the TypeScript transaction. The SQLSTATE names the answer and
-- the message is the text the member reads (server/refusals.ts turns them into the typed service errors):
--   UR400 invalid (400), UR401 not logged in, UR403 forbidden, UR404 not found, UR409 conflict,
--   URLCK the time lock (403 Locked),
--   URFIL the lock has ended but its waitlist fill has not run yet: the service runs that fill (ensureUnlockFill,
--         once per unlock under its advisory lock, one run per app process for a whole herd's presses) and calls
--         again. So the unlock costs its first presses one extra call; every sign-up after it is one round trip.
-- A ban committed under a running function surfaces as UB001 from the trigger of migration 0002; the transaction
-- runner retries once, and the retry's ban check answers with the action's own message.
--
-- A write from the /api light path names its session (p_session): it is checked in the same statement, so an instance
-- whose in-memory session cache has not yet heard of a logout still writes nothing for it.
--
-- Advisory lock keys are those of server/orbat/locks.ts: 7202612 (one member's own writes, with the user id),
-- 7202611 (waitlist fills).

-- When the time lock ends, as the services read signup_time: an ISO instant with a zone (what the admin form stores);
-- anything else, like an unparseable date in JavaScript, is no lock.
CREATE FUNCTION signup_unlock_at(signup_time text) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN signup_time ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$' THEN signup_time::timestamptz
  END
$$;
--> statement-breakpoint

-- The time lock, and whether the fill of a lock that has ended is still to run (settings key
-- signup_unlock_fill_done holds the signup_time whose fill ran: server/settings/settings.ts).
-- NOTE: clock_timestamp(), not now(): the moment of this check, never earlier than a check the caller made before.
CREATE FUNCTION signup_lock_state(OUT locked boolean, OUT fill_pending boolean) LANGUAGE plpgsql AS $$
DECLARE
  signup_time text;
  fill_done text;
BEGIN
  SELECT max(value) FILTER (WHERE key = 'signup_time'), max(value) FILTER (WHERE key = 'signup_unlock_fill_done')
    INTO signup_time, fill_done
    FROM settings
   WHERE key IN ('signup_time', 'signup_unlock_fill_done');
  locked := coalesce(signup_unlock_at(signup_time) > clock_timestamp(), false);
  fill_pending := NOT locked AND coalesce(signup_time, '') <> '' AND fill_done IS DISTINCT FROM signup_time;
END
$$;
--> statement-breakpoint

-- A role lock names an eligible role; holding any of its Discord role ids (a comma list) qualifies. A lock naming a
-- role that no longer exists cannot be satisfied: better closed than open to everyone.
CREATE FUNCTION holds_lock_role(lock_name text, discord_roles text[]) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT lock_name IS NULL OR EXISTS (
    SELECT 1
      FROM eligible_roles e, unnest(string_to_array(e.role_id, ',')) AS listed(id)
     WHERE e.role_name = lock_name AND btrim(listed.id) <> '' AND btrim(listed.id) = ANY (discord_roles))
$$;
--> statement-breakpoint

-- A user as the ORBAT names and judges them: Discord id and roles, avatar, the name shown (in-game name preferred),
-- banned or not. A user who no longer exists is not logged in.
CREATE FUNCTION orbat_person(p_user integer, OUT discord_id text, OUT discord_roles text[], OUT avatar text,
                             OUT name text, OUT banned boolean) LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.discord_id, u.discord_roles, u.avatar, coalesce(m.ingame_name, u.display_name, u.username), coalesce(m.is_banned, false)
    INTO discord_id, discord_roles, avatar, name, banned
    FROM users u LEFT JOIN members m ON m.discord_id = u.discord_id
   WHERE u.id = p_user;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'You must be logged in.' USING ERRCODE = 'UR401';
  END IF;
END
$$;
--> statement-breakpoint

-- The session a write comes with, when the caller names one (the /api light path does): a session ended on any
-- instance writes nothing from this moment, whatever an instance's memory still holds (server/auth/session-cache.ts).
CREATE FUNCTION assert_live_session(p_user integer, p_session text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_session IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM sessions WHERE id = p_session AND user_id = p_user AND expires_at > clock_timestamp()
  ) THEN
    RAISE EXCEPTION 'You must be logged in.' USING ERRCODE = 'UR401';
  END IF;
END
$$;
--> statement-breakpoint

-- The fill rule: whenever a slot becomes open while unlocked, the longest-waiting entry whose preference is Any or
-- this slot's squad, who qualifies for its role lock, is not banned and holds no slot, takes it and leaves the
-- waitlist, in the caller's transaction, with a System audit entry. Returns the placement (no row: nobody fits).
CREATE FUNCTION orbat_fill_slot(p_slot integer)
  RETURNS TABLE (user_name text, slot_role text, squad_name text, discord_id text)
  LANGUAGE plpgsql AS $$
DECLARE
  target record;
  candidate record;
BEGIN
  -- Nobody waiting (the common case: one index probe), or the lock active: no fill.
  IF NOT EXISTS (SELECT 1 FROM waitlist_entries) OR (signup_lock_state()).locked THEN
    RETURN;
  END IF;
  -- Fills run one at a time: two freed slots never hand the same waiting member on twice.
  PERFORM pg_advisory_xact_lock(7202611);

  SELECT s.id, s.role, s.required_role_id AS role_lock, s.squad_id, q.name AS squad_name
    INTO target
    FROM slots s JOIN squads q ON q.id = s.squad_id
   WHERE s.id = p_slot AND s.user_id IS NULL AND s.manual_username IS NULL;
  -- Spacer rows are headings, never slots.
  IF NOT FOUND OR target.role LIKE '---%' THEN
    RETURN;
  END IF;

  FOR candidate IN
    SELECT w.id AS entry_id, w.squad_id, u.id AS user_id, u.discord_id, u.discord_roles,
           coalesce(m.ingame_name, u.display_name, u.username) AS name,
           coalesce(m.is_banned, false) AS banned,
           EXISTS (SELECT 1 FROM slots held WHERE held.user_id = u.id) AS holds_slot
      FROM waitlist_entries w
      JOIN users u ON u.id = w.user_id
      LEFT JOIN members m ON m.discord_id = u.discord_id
     ORDER BY w.created_at, w.id
  LOOP
    CONTINUE WHEN candidate.squad_id IS NOT NULL AND candidate.squad_id <> target.squad_id;
    CONTINUE WHEN candidate.banned OR candidate.holds_slot;
    CONTINUE WHEN NOT holds_lock_role(target.role_lock, candidate.discord_roles);
    -- The entry goes first: a concurrent sign-up of the same person removes the same row, so one of the two waits
    -- for the other instead of both racing for the one-slot-per-person index.
    DELETE FROM waitlist_entries WHERE id = candidate.entry_id;
    CONTINUE WHEN NOT FOUND;
    UPDATE slots SET user_id = candidate.user_id
     WHERE id = target.id AND user_id IS NULL AND manual_username IS NULL
       AND NOT EXISTS (SELECT 1 FROM slots held WHERE held.user_id = candidate.user_id);
    CONTINUE WHEN NOT FOUND;
    INSERT INTO audit_log (actor, action, details)
    VALUES ('System', 'Waitlist placement', format('%s was placed in %s (%s) from the waitlist.', candidate.name, target.role, target.squad_name));
    RETURN QUERY SELECT candidate.name, target.role, target.squad_name, candidate.discord_id;
    RETURN;
  END LOOP;
END
$$;
--> statement-breakpoint

-- Every open slot, in ORBAT order, offered to the waitlist (the unlock fill, the editor's save, clearing the lock):
-- one call instead of one per slot, so the unlock fill that every first sign-up after an unlock waits for is short.
CREATE FUNCTION orbat_fill_open_slots()
  RETURNS TABLE (user_name text, slot_role text, squad_name text, discord_id text)
  LANGUAGE plpgsql AS $$
DECLARE
  open_slot integer;
BEGIN
  FOR open_slot IN
    SELECT s.id FROM slots s
     WHERE s.user_id IS NULL AND s.manual_username IS NULL AND s.role NOT LIKE '---%'
     ORDER BY s.squad_id, s.team_order, s.slot_order, s.id
  LOOP
    -- Once nobody waits, the rest of the slots stay open.
    EXIT WHEN NOT EXISTS (SELECT 1 FROM waitlist_entries);
    RETURN QUERY SELECT * FROM orbat_fill_slot(open_slot);
  END LOOP;
END
$$;
--> statement-breakpoint

-- What a sign-up or a leave returns: the member's name (in-game name preferred) and Discord id, the slot, and the
-- waitlist placement into the slot they left, if any: what the answer, the activity post and the role sync need.
CREATE TYPE orbat_slot_move AS (
  member_name text, member_discord_id text, slot_role text, squad_name text,
  placed_name text, placed_slot_role text, placed_squad_name text, placed_discord_id text
);
--> statement-breakpoint

-- A member takes an open slot.
CREATE FUNCTION orbat_sign_up(p_user integer, p_slot integer, p_session text DEFAULT NULL) RETURNS orbat_slot_move
  LANGUAGE plpgsql AS $$
DECLARE
  move orbat_slot_move;
  lock_state record;
  person record;
  target record;
  released_slot integer;
BEGIN
  PERFORM assert_live_session(p_user, p_session);
  -- One member's own writes (sign-up, move, waitlist join) run one at a time; taken before any row lock, so it is
  -- never part of a deadlock. It closes the join-while-signing-up race (in a slot and on the waitlist at once).
  PERFORM pg_advisory_xact_lock(7202612, p_user);

  -- 1. The time lock. When it has ended, its waitlist fill runs before any direct sign-up is accepted.
  lock_state := signup_lock_state();
  IF lock_state.locked THEN
    RAISE EXCEPTION 'Sign-ups are locked.' USING ERRCODE = 'URLCK';
  END IF;
  IF lock_state.fill_pending THEN
    RAISE EXCEPTION 'The waitlist fill of the unlock has not run yet.' USING ERRCODE = 'URFIL';
  END IF;

  -- 2. Banned members can log in but cannot sign up.
  person := orbat_person(p_user);
  IF person.banned THEN
    RAISE EXCEPTION 'Banned members cannot sign up.' USING ERRCODE = 'UR403';
  END IF;

  -- 3. The slot: it exists, is not a spacer row, is not already theirs, is open.
  SELECT s.role, s.required_role_id AS role_lock, s.user_id, s.manual_username, q.name AS squad_name
    INTO target
    FROM slots s JOIN squads q ON q.id = s.squad_id
   WHERE s.id = p_slot;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Slot not found.' USING ERRCODE = 'UR404';
  END IF;
  IF target.role LIKE '---%' THEN
    RAISE EXCEPTION 'This row is a heading, not a slot.' USING ERRCODE = 'UR400';
  END IF;
  IF target.user_id = p_user THEN
    RAISE EXCEPTION 'You are already signed up to this slot.' USING ERRCODE = 'UR409';
  END IF;
  IF target.user_id IS NOT NULL OR target.manual_username IS NOT NULL THEN
    RAISE EXCEPTION 'This slot is already taken.' USING ERRCODE = 'UR409';
  END IF;

  -- 4. The role lock, against the member's Discord roles as last read from Discord.
  IF NOT holds_lock_role(target.role_lock, person.discord_roles) THEN
    RAISE EXCEPTION 'This slot is locked to %. You do not have the required Discord role.', target.role_lock USING ERRCODE = 'UR403';
  END IF;

  -- 5. One slot per person, with the move. NOTE: order matters under concurrency: the waitlist row first (a
  -- concurrent fill of this person waits on it), then the slot they held, then the new one. The conditional update
  -- takes the slot only if it is still open: with the unique index on slots.user_id, no burst ever puts two people
  -- in a slot or one person in two.
  DELETE FROM waitlist_entries WHERE user_id = p_user;
  UPDATE slots SET user_id = NULL WHERE user_id = p_user RETURNING id INTO released_slot;
  UPDATE slots SET user_id = p_user
   WHERE id = p_slot AND user_id IS NULL AND manual_username IS NULL AND role NOT LIKE '---%';
  IF NOT FOUND THEN
    RAISE EXCEPTION 'This slot is already taken.' USING ERRCODE = 'UR409';
  END IF;

  move.member_name := person.name;
  move.member_discord_id := person.discord_id;
  move.slot_role := target.role;
  move.squad_name := target.squad_name;

  -- 6. The slot they moved out of goes to the waitlist.
  IF released_slot IS NOT NULL THEN
    SELECT f.user_name, f.slot_role, f.squad_name, f.discord_id
      INTO move.placed_name, move.placed_slot_role, move.placed_squad_name, move.placed_discord_id
      FROM orbat_fill_slot(released_slot) f;
  END IF;

  -- 7. Live pages on every instance refresh after the commit (server/orbat/live.ts CHANGE_CHANNEL).
  PERFORM pg_notify('orbat_changed', '');
  RETURN move;
END
$$;
--> statement-breakpoint

-- A member leaves their own slot (the time lock does not apply); the freed slot goes to the waitlist.
CREATE FUNCTION orbat_leave(p_user integer, p_slot integer, p_session text DEFAULT NULL) RETURNS orbat_slot_move
  LANGUAGE plpgsql AS $$
DECLARE
  move orbat_slot_move;
BEGIN
  PERFORM assert_live_session(p_user, p_session);
  -- 1. Only one's own slot.
  UPDATE slots SET user_id = NULL WHERE id = p_slot AND user_id = p_user;
  IF NOT FOUND THEN
    IF EXISTS (SELECT 1 FROM slots WHERE id = p_slot) THEN
      RAISE EXCEPTION 'You can only leave your own slot.' USING ERRCODE = 'UR403';
    END IF;
    RAISE EXCEPTION 'Slot not found.' USING ERRCODE = 'UR404';
  END IF;

  SELECT p.name, p.discord_id INTO move.member_name, move.member_discord_id FROM orbat_person(p_user) p;
  SELECT s.role, q.name INTO move.slot_role, move.squad_name FROM slots s JOIN squads q ON q.id = s.squad_id WHERE s.id = p_slot;

  -- 2. The freed slot goes to the longest-waiting qualified member.
  SELECT f.user_name, f.slot_role, f.squad_name, f.discord_id
    INTO move.placed_name, move.placed_slot_role, move.placed_squad_name, move.placed_discord_id
    FROM orbat_fill_slot(p_slot) f;

  PERFORM pg_notify('orbat_changed', '');
  RETURN move;
END
$$;
--> statement-breakpoint

-- A member joins the waitlist. The preference is a squad id or a squad name; neither means Any Squad. Returns the
-- entry as the waitlist lists it.
CREATE FUNCTION waitlist_join(p_user integer, p_squad_id integer, p_squad_name text, p_session text DEFAULT NULL)
  RETURNS TABLE (entry_id integer, user_name text, discord_id text, avatar text, squad_name text)
  LANGUAGE plpgsql AS $$
DECLARE
  person record;
  roles record;
  preferred_id integer;
  takes_preferences boolean;
BEGIN
  PERFORM assert_live_session(p_user, p_session);
  -- A join and a sign-up of one member never interleave: nobody ends up in a slot and on the waitlist at once.
  PERFORM pg_advisory_xact_lock(7202612, p_user);

  -- 1. Not while the time lock is active.
  IF (signup_lock_state()).locked THEN
    RAISE EXCEPTION 'The waitlist is locked until sign-ups open.' USING ERRCODE = 'URLCK';
  END IF;

  -- 2. Not banned, holding no slot.
  person := orbat_person(p_user);
  IF person.banned THEN
    RAISE EXCEPTION 'Banned members cannot join the waitlist.' USING ERRCODE = 'UR403';
  END IF;
  IF EXISTS (SELECT 1 FROM slots WHERE user_id = p_user) THEN
    RAISE EXCEPTION 'You already hold a slot. Leave it before joining the waitlist.' USING ERRCODE = 'UR409';
  END IF;

  -- 3. At least one eligible role; "Any squad" needs one that may join the general waitlist.
  SELECT count(*) AS held, coalesce(bool_or(e.can_join_general_waitlist), false) AS general
    INTO roles
    FROM eligible_roles e
   WHERE EXISTS (SELECT 1 FROM unnest(string_to_array(e.role_id, ',')) AS listed(id)
                  WHERE btrim(listed.id) <> '' AND btrim(listed.id) = ANY (person.discord_roles));
  IF roles.held = 0 THEN
    RAISE EXCEPTION 'You need an eligible Discord role to join the waitlist.' USING ERRCODE = 'UR403';
  END IF;
  IF p_squad_id IS NULL AND p_squad_name IS NULL THEN
    IF NOT roles.general THEN
      RAISE EXCEPTION 'Your roles do not allow joining the general waitlist. Choose a squad preference.' USING ERRCODE = 'UR403';
    END IF;
  ELSE
    -- 4. A preference must name a squad that takes waitlist preferences (the field and its hint go to the form).
    SELECT q.id, q.name, q.can_be_primary_waitlist
      INTO preferred_id, squad_name, takes_preferences
      FROM squads q
     WHERE (p_squad_id IS NOT NULL AND q.id = p_squad_id) OR (p_squad_id IS NULL AND q.name = p_squad_name)
     LIMIT 1;
    IF NOT FOUND OR NOT takes_preferences THEN
      RAISE EXCEPTION 'That squad does not take waitlist preferences.'
        USING ERRCODE = 'UR400', COLUMN = 'squad_preference', HINT = 'Choose one of the listed squads.';
    END IF;
  END IF;

  -- 5. Once: the unique user_id answers a second join.
  INSERT INTO waitlist_entries (user_id, squad_id) VALUES (p_user, preferred_id)
  ON CONFLICT (user_id) DO NOTHING
  RETURNING id INTO entry_id;
  IF entry_id IS NULL THEN
    RAISE EXCEPTION 'You are already on the waitlist.' USING ERRCODE = 'UR409';
  END IF;

  user_name := person.name;
  discord_id := person.discord_id;
  avatar := person.avatar;
  PERFORM pg_notify('orbat_changed', '');
  RETURN NEXT;
END
$$;
--> statement-breakpoint

-- A member leaves the waitlist (not while the time lock is active: the queue is frozen until sign-ups open).
CREATE FUNCTION waitlist_leave(p_user integer, p_session text DEFAULT NULL) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM assert_live_session(p_user, p_session);
  IF (signup_lock_state()).locked THEN
    RAISE EXCEPTION 'The waitlist is locked until sign-ups open.' USING ERRCODE = 'URLCK';
  END IF;
  DELETE FROM waitlist_entries WHERE user_id = p_user;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'You are not on the waitlist.' USING ERRCODE = 'UR409';
  END IF;
  PERFORM pg_notify('orbat_changed', '');
END
$$;
--> statement-breakpoint

-- Sessions are cached in each app instance's memory (server/auth/session-cache.ts). Whatever ends a session (a
-- logout, a user's sessions ended, an expired one swept) or changes its user (roles refreshed, admin flag, names)
-- tells every instance, by whatever code path it happens: the payload is the user id, whose cached sessions go.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('sessions_changed', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('sessions_changed', NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_end AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION notify_session_change();
