-- The sign-up and the leave of migration 0004, changed in two ways for the sign-up rush (see
-- docs/decisions/020-signup-in-one-round-trip.md). Migration 0004 stays as it ran; these replace its two functions.
--
-- 1. A refusal found before the function has written anything is RETURNED, as the row's refusal_code and refusal,
--    not raised. In a rush nearly every press is refused ("This slot is already taken."), and in the app an error
--    from the database costs far more than a row: the driver's error object, its stack trace mapped through source
--    maps, the ORM's wrapper. A refusal after a write (the member's old slot released, their waitlist entry removed)
--    is still raised, because only a raise undoes what the function wrote. server/refusals.ts reads both the same way.
-- 2. The Discord role syncs of the people a write moves are queued by the function itself (queue_role_syncs below,
--    the SQL twin of enqueueRoleSync in server/discord/role-sync-queue.ts), so they commit with the write in the same
--    statement: no second round trip, and no crash between the write and its sync.

-- The refusal columns: the SQLSTATE-like code of server/refusals.ts and the text the member reads.
ALTER TYPE orbat_slot_move ADD ATTRIBUTE refusal_code text, ADD ATTRIBUTE refusal text;
--> statement-breakpoint

CREATE FUNCTION orbat_refused(p_code text, p_message text) RETURNS orbat_slot_move LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, p_code, p_message)::orbat_slot_move
$$;
--> statement-breakpoint

-- Queues role syncs for these Discord ids in the caller's transaction, as enqueueRoleSync does: one row per person,
-- a newer change bumps the version and makes it due now. Sorted, so two writes queueing the same people lock their
-- rows in the same order.
CREATE FUNCTION queue_role_syncs(p_discord_ids text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO pending_role_syncs (discord_id)
  SELECT DISTINCT id FROM unnest(p_discord_ids) AS ids(id) WHERE id IS NOT NULL ORDER BY id
  ON CONFLICT (discord_id) DO UPDATE
    SET version = pending_role_syncs.version + 1, attempts = 0, due_at = now(), last_error = NULL
$$;
--> statement-breakpoint

-- A member takes an open slot.
CREATE OR REPLACE FUNCTION orbat_sign_up(p_user integer, p_slot integer, p_session text DEFAULT NULL) RETURNS orbat_slot_move
  LANGUAGE plpgsql AS $$
DECLARE
  move orbat_slot_move;
  lock_state record;
  person record;
  target record;
  released_slot integer;
  left_waitlist boolean;
BEGIN
  PERFORM assert_live_session(p_user, p_session);
  -- One member's own writes (sign-up, move, waitlist join) run one at a time; taken before any row lock, so it is
  -- never part of a deadlock. It closes the join-while-signing-up race (in a slot and on the waitlist at once).
  PERFORM pg_advisory_xact_lock(7202612, p_user);

  -- 1. The time lock. When it has ended, its waitlist fill runs before any direct sign-up is accepted.
  lock_state := signup_lock_state();
  IF lock_state.locked THEN
    RETURN orbat_refused('URLCK', 'Sign-ups are locked.');
  END IF;
  IF lock_state.fill_pending THEN
    RETURN orbat_refused('URFIL', 'The waitlist fill of the unlock has not run yet.');
  END IF;

  -- 2. Banned members can log in but cannot sign up.
  person := orbat_person(p_user);
  IF person.banned THEN
    RETURN orbat_refused('UR403', 'Banned members cannot sign up.');
  END IF;

  -- 3. The slot: it exists, is not a spacer row, is not already theirs, is open.
  SELECT s.role, s.required_role_id AS role_lock, s.user_id, s.manual_username, q.name AS squad_name
    INTO target
    FROM slots s JOIN squads q ON q.id = s.squad_id
   WHERE s.id = p_slot;
  IF NOT FOUND THEN
    RETURN orbat_refused('UR404', 'Slot not found.');
  END IF;
  IF target.role LIKE '---%' THEN
    RETURN orbat_refused('UR400', 'This row is a heading, not a slot.');
  END IF;
  IF target.user_id = p_user THEN
    RETURN orbat_refused('UR409', 'You are already signed up to this slot.');
  END IF;
  IF target.user_id IS NOT NULL OR target.manual_username IS NOT NULL THEN
    RETURN orbat_refused('UR409', 'This slot is already taken.');
  END IF;

  -- 4. The role lock, against the member's Discord roles as last read from Discord.
  IF NOT holds_lock_role(target.role_lock, person.discord_roles) THEN
    RETURN orbat_refused('UR403', format('This slot is locked to %s. You do not have the required Discord role.', target.role_lock));
  END IF;

  -- 5. One slot per person, with the move. NOTE: order matters under concurrency: the waitlist row first (a
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
      RAISE EXCEPTION 'This slot is already taken.' USING ERRCODE = 'UR409';
    END IF;
    RETURN orbat_refused('UR409', 'This slot is already taken.');
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

  -- 7. Their Discord roles follow (the member, and whoever the waitlist placed), synced after the commit.
  PERFORM queue_role_syncs(ARRAY[move.member_discord_id, move.placed_discord_id]);

  -- 8. Live pages on every instance refresh after the commit (server/orbat/live.ts CHANGE_CHANNEL).
  PERFORM pg_notify('orbat_changed', '');
  RETURN move;
END
$$;
--> statement-breakpoint

-- A member leaves their own slot (the time lock does not apply); the freed slot goes to the waitlist.
CREATE OR REPLACE FUNCTION orbat_leave(p_user integer, p_slot integer, p_session text DEFAULT NULL) RETURNS orbat_slot_move
  LANGUAGE plpgsql AS $$
DECLARE
  move orbat_slot_move;
BEGIN
  PERFORM assert_live_session(p_user, p_session);
  -- 1. Only one's own slot (a refused leave has written nothing).
  UPDATE slots SET user_id = NULL WHERE id = p_slot AND user_id = p_user;
  IF NOT FOUND THEN
    IF EXISTS (SELECT 1 FROM slots WHERE id = p_slot) THEN
      RETURN orbat_refused('UR403', 'You can only leave your own slot.');
    END IF;
    RETURN orbat_refused('UR404', 'Slot not found.');
  END IF;

  SELECT p.name, p.discord_id INTO move.member_name, move.member_discord_id FROM orbat_person(p_user) p;
  SELECT s.role, q.name INTO move.slot_role, move.squad_name FROM slots s JOIN squads q ON q.id = s.squad_id WHERE s.id = p_slot;

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
