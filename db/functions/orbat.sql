-- The member writes of the public ORBAT's slots: sign-up and leave, each decided by one stored function in one round
-- trip (docs/decisions/020-signup-in-one-round-trip.md), and the time lock and person helpers they share with the
-- waitlist (db/functions/waitlist.sql). The moment sign-ups open, hundreds of members press Sign up in the same second;
-- run from TypeScript, every rule cost a round trip. Here each rule is one commented step, in the order the member
-- reads the answers; the TypeScript (server/orbat/slots.ts) only calls these functions and shapes what they return.
--
-- This file is the current definition of these functions: the migrator applies every file in db/functions after the
-- migrations, at every start (db/client.ts runMigrations), so a rule change is an edit here, never a new migration.
-- The migrations that created older versions of them (0004_signup_functions.sql, 0009_signup_answers.sql) are history
-- and stay as they ran (docs/decisions/031-stored-functions-in-one-file-per-domain.md). CREATE OR REPLACE FUNCTION can
-- run again and again; a function whose arguments or result type change needs a migration that drops the old one
-- first (a replace cannot change them). The result type orbat_slot_move is a type, so it changes by migration too.
--
-- Refusals are codes, never texts. The text the member reads is contracts/orbat-rights.ts ORBAT_REFUSALS (the page
-- shows the same reasons before a press), the status is server/refusals.ts. A refusal found before the function has
-- written anything is RETURNED, as the row's refusal_code (and refusal_detail, where the text names something): in a
-- rush nearly every press is refused, and a row costs the app far less than an error. A refusal after a write is
-- RAISED, with SQLSTATE 'UR000' and the code as its message, because only a raise undoes what the function wrote.
-- The refusal unlockFillPending means the lock has ended but its waitlist fill has not run yet: the service runs that
-- fill (ensureUnlockFill, once per unlock, one run per app process for a whole herd's presses) and calls again. A ban
-- committed under a running function surfaces as UB001 from the trigger of db/functions/roster.sql; the transaction
-- runner retries, and the retry's ban check answers with the action's own refusal.
--
-- A write names its session when it has one (p_session): it is checked in the same statement (session_is_live,
-- db/functions/auth.sql), so an instance whose in-memory session cache has not yet heard of a logout writes nothing.
--
-- Advisory lock keys are those of server/orbat/locks.ts: 7202612 (one member's own writes, with the user id),
-- 7202611 (waitlist fills).

-- When the time lock ends, read as the app reads signup_time everywhere (SIGNUP_TIME_PATTERN and signupUnlockAt in
-- contracts/time.ts, the same pattern): an ISO instant with a zone (what the admin form stores), on a day the calendar
-- has; anything else is no lock. server/unit/time-lock-reading.test.ts holds the two to the same answers.
CREATE OR REPLACE FUNCTION signup_unlock_at(signup_time text) RETURNS timestamptz LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF signup_time ~ '^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-](0\d|1[0-4]):?[0-5]\d)$' THEN
    RETURN signup_time::timestamptz;
  END IF;
  RETURN NULL;
EXCEPTION WHEN datetime_field_overflow OR invalid_datetime_format THEN
  -- A day the calendar does not have (30 February).
  RETURN NULL;
END
$$;

-- The time lock, and whether the fill of a lock that has ended is still to run (settings key
-- signup_unlock_fill_done holds the signup_time whose fill ran: server/unit/settings.ts).
-- NOTE: clock_timestamp(), not now(): the moment of this check, never earlier than a check the caller made before.
CREATE OR REPLACE FUNCTION signup_lock_state(OUT locked boolean, OUT fill_pending boolean) LANGUAGE plpgsql AS $$
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

-- A role lock names an eligible role; holding any of its Discord role ids (a comma list) qualifies. A lock naming a
-- role that no longer exists cannot be satisfied: better closed than open to everyone.
CREATE OR REPLACE FUNCTION holds_lock_role(lock_name text, discord_roles text[]) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT lock_name IS NULL OR EXISTS (
    SELECT 1
      FROM eligible_roles e, unnest(string_to_array(e.role_id, ',')) AS listed(id)
     WHERE e.role_name = lock_name AND btrim(listed.id) <> '' AND btrim(listed.id) = ANY (discord_roles))
$$;

-- Joint operations (docs/rules/joint-operations.md). The next operation a reservation's release counts back from: the
-- earliest ORBAT-linked event that has not started yet, or null.
CREATE OR REPLACE FUNCTION next_operation_start() RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT min(e.date) FROM events e WHERE e.orbat_linked AND e.date > now()
$$;

-- Whether a reservation for an allied unit still holds: until the unit's release time (release_hours_before hours
-- before the next linked operation); always when the unit never releases or no operation is linked.
CREATE OR REPLACE FUNCTION allied_reservation_holds(p_unit integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM allied_units a
     WHERE a.id = p_unit
       AND (a.release_hours_before IS NULL OR next_operation_start() IS NULL
            OR now() < next_operation_start() - make_interval(hours => a.release_hours_before)))
$$;

-- The allied unit a person is a guest of, or null (roster members and everyone else).
CREATE OR REPLACE FUNCTION allied_guest_unit(p_user integer) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT g.allied_unit_id FROM allied_guests g WHERE g.user_id = p_user
$$;

-- Whether a person may take a slot reserved (effectively: the slot's own, its team's, else its squad's) for
-- p_reserved: a guest only a slot whose reservation for their own unit holds (a released slot belongs to the home
-- unit); anyone else only a slot with no reservation, or one that has been released.
CREATE OR REPLACE FUNCTION allied_may_take(p_guest_unit integer, p_reserved integer) RETURNS boolean
  LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_guest_unit IS NOT NULL THEN p_reserved = p_guest_unit AND allied_reservation_holds(p_reserved)
              ELSE p_reserved IS NULL OR NOT allied_reservation_holds(p_reserved) END
$$;

-- A user as the ORBAT names and judges them: Discord id and roles, avatar, the name shown (in-game name preferred),
-- banned or not. A user who no longer exists comes back with every field null (the callers refuse: signedOut).
CREATE OR REPLACE FUNCTION orbat_person(p_user integer, OUT discord_id text, OUT discord_roles text[], OUT avatar text,
                                        OUT name text, OUT banned boolean) LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.discord_id, u.discord_roles, u.avatar, coalesce(m.ingame_name, u.display_name, u.username), coalesce(m.is_banned, false)
    INTO discord_id, discord_roles, avatar, name, banned
    FROM users u LEFT JOIN members m ON m.discord_id = u.discord_id
   WHERE u.id = p_user;
END
$$;

-- A sign-up's or a leave's refusal before any write: the row that carries only its code and detail.
CREATE OR REPLACE FUNCTION orbat_refused(p_code text, p_detail text DEFAULT NULL) RETURNS orbat_slot_move
  LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, p_code, p_detail)::orbat_slot_move
$$;

-- A member takes an open slot. Returns the member's name (in-game name preferred) and Discord id, the slot, and the
-- waitlist placement into the slot they left, if any: what the answer, the activity post and the role sync need.
CREATE OR REPLACE FUNCTION orbat_sign_up(p_user integer, p_slot integer, p_session text DEFAULT NULL) RETURNS orbat_slot_move
  LANGUAGE plpgsql AS $$
DECLARE
  move orbat_slot_move;
  lock_state record;
  person record;
  target record;
  released_slot integer;
  left_waitlist boolean;
  guest_unit integer;
BEGIN
  IF NOT session_is_live(p_user, p_session) THEN
    RETURN orbat_refused('signedOut');
  END IF;
  -- One member's own writes (sign-up, move, waitlist join) run one at a time; taken before any row lock, so it is
  -- never part of a deadlock. It closes the join-while-signing-up race (in a slot and on the waitlist at once).
  PERFORM pg_advisory_xact_lock(7202612, p_user);

  -- 1. The time lock. When it has ended, its waitlist fill runs before any direct sign-up is accepted.
  lock_state := signup_lock_state();
  IF lock_state.locked THEN
    RETURN orbat_refused('signUpsLocked');
  END IF;
  IF lock_state.fill_pending THEN
    RETURN orbat_refused('unlockFillPending');
  END IF;

  -- 2. Banned members can log in but cannot sign up.
  person := orbat_person(p_user);
  IF person.discord_id IS NULL THEN
    RETURN orbat_refused('signedOut');
  END IF;
  IF person.banned THEN
    RETURN orbat_refused('bannedSignUp');
  END IF;

  -- 3. The slot: it exists, is not a spacer row, is not already theirs, is open.
  SELECT s.role, s.required_role_id AS role_lock, s.user_id, s.manual_username, q.name AS squad_name,
         coalesce(s.reserved_for, s.team_reserved_for, q.reserved_for) AS reserved_for
    INTO target
    FROM slots s JOIN squads q ON q.id = s.squad_id
   WHERE s.id = p_slot;
  IF NOT FOUND THEN
    RETURN orbat_refused('slotNotFound');
  END IF;
  IF target.role LIKE '---%' THEN
    RETURN orbat_refused('notASlot');
  END IF;
  IF target.user_id = p_user THEN
    RETURN orbat_refused('alreadyYourSlot');
  END IF;
  IF target.user_id IS NOT NULL OR target.manual_username IS NOT NULL THEN
    RETURN orbat_refused('slotTaken');
  END IF;

  -- 4. A reservation for an allied unit: its guests only, while it holds; a guest takes nothing else. The text names
  -- the allied unit.
  guest_unit := allied_guest_unit(p_user);
  IF NOT allied_may_take(guest_unit, target.reserved_for) THEN
    IF guest_unit IS NOT NULL THEN
      RETURN orbat_refused('guestOutsideReservation', (SELECT a.name FROM allied_units a WHERE a.id = guest_unit));
    END IF;
    RETURN orbat_refused('slotReserved', (SELECT a.name FROM allied_units a WHERE a.id = target.reserved_for));
  END IF;

  -- 5. The role lock, against the member's Discord roles as last read from Discord. The text names the lock. Guests
  -- hold no roles in the unit's guild: the lock binds them only when their unit says guests must hold the role.
  IF (guest_unit IS NULL OR (SELECT a.guests_need_roles FROM allied_units a WHERE a.id = guest_unit))
     AND NOT holds_lock_role(target.role_lock, person.discord_roles) THEN
    RETURN orbat_refused('roleLocked', target.role_lock);
  END IF;

  -- 6. One slot per person, with the move. NOTE: order matters under concurrency: the waitlist row first (a
  -- concurrent fill of this person waits on it), then the slot they held, then the new one. The conditional update
  -- takes the slot only if it is still open: with the unique index on slots.user_id, no burst ever puts two people
  -- in a slot or one person in two.
  DELETE FROM waitlist_entries WHERE user_id = p_user;
  left_waitlist := FOUND;
  UPDATE slots SET user_id = NULL WHERE user_id = p_user RETURNING id INTO released_slot;
  UPDATE slots SET user_id = p_user
   WHERE id = p_slot AND user_id IS NULL AND manual_username IS NULL AND role NOT LIKE '---%';
  IF NOT FOUND THEN
    -- Taken a moment ago by someone else (the rush: they committed while this waited on the slot's row). Raised when
    -- the member's old slot or waitlist entry was given up above, so that is undone; otherwise nothing was written.
    IF left_waitlist OR released_slot IS NOT NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'UR000', MESSAGE = 'slotTaken';
    END IF;
    RETURN orbat_refused('slotTaken');
  END IF;

  move.member_name := person.name;
  move.member_discord_id := person.discord_id;
  move.slot_role := target.role;
  move.squad_name := target.squad_name;

  -- The unit's other tools hear of it after the commit (db/functions/webhooks.sql): the slot left, as they held it,
  -- and the slot taken. The JSON is built only when an endpoint asked for the event.
  IF released_slot IS NOT NULL AND webhook_wanted('slot.left') THEN
    PERFORM webhook_emit('slot.left', webhook_slot_json(released_slot, p_user));
  END IF;
  IF webhook_wanted('slot.taken') THEN
    PERFORM webhook_emit('slot.taken', webhook_slot_json(p_slot));
  END IF;

  -- 7. The slot they moved out of goes to the waitlist.
  IF released_slot IS NOT NULL THEN
    SELECT f.user_name, f.slot_role, f.squad_name, f.discord_id
      INTO move.placed_name, move.placed_slot_role, move.placed_squad_name, move.placed_discord_id
      FROM orbat_fill_slot(released_slot) f;
  END IF;

  -- 8. Their Discord roles follow (the member, and whoever the waitlist placed), synced after the commit.
  PERFORM queue_role_syncs(ARRAY[move.member_discord_id, move.placed_discord_id]);

  -- 9. Live pages on every instance refresh after the commit (server/orbat/live.ts CHANGE_CHANNEL).
  PERFORM pg_notify('orbat_changed', '');
  RETURN move;
END
$$;

-- A member leaves their own slot (the time lock does not apply); the freed slot goes to the waitlist.
CREATE OR REPLACE FUNCTION orbat_leave(p_user integer, p_slot integer, p_session text DEFAULT NULL) RETURNS orbat_slot_move
  LANGUAGE plpgsql AS $$
DECLARE
  move orbat_slot_move;
BEGIN
  IF NOT session_is_live(p_user, p_session) THEN
    RETURN orbat_refused('signedOut');
  END IF;
  -- 1. Only one's own slot (a refused leave has written nothing).
  UPDATE slots SET user_id = NULL WHERE id = p_slot AND user_id = p_user;
  IF NOT FOUND THEN
    IF EXISTS (SELECT 1 FROM slots WHERE id = p_slot) THEN
      RETURN orbat_refused('notYourSlot');
    END IF;
    RETURN orbat_refused('slotNotFound');
  END IF;

  SELECT p.name, p.discord_id INTO move.member_name, move.member_discord_id FROM orbat_person(p_user) p;
  SELECT s.role, q.name INTO move.slot_role, move.squad_name FROM slots s JOIN squads q ON q.id = s.squad_id WHERE s.id = p_slot;
  IF webhook_wanted('slot.left') THEN
    PERFORM webhook_emit('slot.left', webhook_slot_json(p_slot, p_user));
  END IF;

  -- 2. The freed slot goes to the longest-waiting qualified member.
  SELECT f.user_name, f.slot_role, f.squad_name, f.discord_id
    INTO move.placed_name, move.placed_slot_role, move.placed_squad_name, move.placed_discord_id
    FROM orbat_fill_slot(p_slot) f;

  -- 3. Their Discord roles follow, synced after the commit.
  PERFORM queue_role_syncs(ARRAY[move.member_discord_id, move.placed_discord_id]);

  PERFORM pg_notify('orbat_changed', '');
  RETURN move;
END
$$;
