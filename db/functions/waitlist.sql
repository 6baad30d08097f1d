-- The waitlist: the fill rule that places the longest-waiting qualified member in a freed slot (used by the sign-up
-- and the leave of db/functions/orbat.sql, the ban, the editor's save and the unlock fill), and a member's join and
-- leave, each one stored-function call (server/orbat/waitlist/waitlist.ts only calls them and shapes what they return).
--
-- This file is the current definition of these functions: the migrator applies every file in db/functions after the
-- migrations, at every start (db/client.ts runMigrations), so a rule change is an edit here, never a new migration.
-- The migration that created older versions of them (0004_signup_functions.sql) is history and stays as it ran
-- (docs/decisions/031-stored-functions-in-one-file-per-domain.md). CREATE OR REPLACE FUNCTION can run again and
-- again; a function whose arguments or result type change needs a migration that drops the old one first (a replace
-- cannot change them).
--
-- Refusals are codes, never texts, as in db/functions/orbat.sql: the text is contracts/orbat-rights.ts ORBAT_REFUSALS,
-- the status server/refusals.ts. A join and a leave refuse before they write anything, so they return the code (the
-- column refusal_code) instead of raising it.

-- The fill rule: whenever a slot becomes open while unlocked, the longest-waiting entry whose preference is Any or
-- this slot's squad, who qualifies for its role lock, is not banned and holds no slot, takes it and leaves the
-- waitlist, in the caller's transaction, with a System audit entry. Returns the placement (no row: nobody fits).
CREATE OR REPLACE FUNCTION orbat_fill_slot(p_slot integer)
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

  SELECT s.id, s.role, s.required_role_id AS role_lock, s.squad_id, q.name AS squad_name,
         coalesce(s.reserved_for, s.team_reserved_for, q.reserved_for) AS reserved_for
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
           EXISTS (SELECT 1 FROM slots held WHERE held.user_id = u.id) AS holds_slot,
           g.allied_unit_id AS guest_unit, coalesce(a.guests_need_roles, true) AS needs_roles
      FROM waitlist_entries w
      LEFT JOIN allied_guests g ON g.user_id = w.user_id
      LEFT JOIN allied_units a ON a.id = g.allied_unit_id
      JOIN users u ON u.id = w.user_id
      LEFT JOIN members m ON m.discord_id = u.discord_id
     ORDER BY w.created_at, w.id
  LOOP
    CONTINUE WHEN candidate.squad_id IS NOT NULL AND candidate.squad_id <> target.squad_id;
    CONTINUE WHEN candidate.banned OR candidate.holds_slot;
    -- A reserved slot goes to its allied unit's guests while the reservation holds; a guest waits only for those
    -- (docs/rules/joint-operations.md).
    CONTINUE WHEN NOT allied_may_take(candidate.guest_unit, target.reserved_for);
    CONTINUE WHEN candidate.needs_roles AND NOT holds_lock_role(target.role_lock, candidate.discord_roles);
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
    -- The member hears of it after the commit (db/functions/notifications.sql); the entry's id names the event.
    PERFORM notify_user(candidate.user_id, 'waitlist_placed', format('waitlist-placed:%s', candidate.entry_id),
      notice_for('notifications.waitlistPlaced.title', user_language(candidate.user_id)),
      notice_for('notifications.waitlistPlaced.body', user_language(candidate.user_id),
                 jsonb_build_object('role', target.role, 'squad', target.squad_name)),
      '/orbat');
    -- The unit's other tools hear of it too (db/functions/webhooks.sql): the slot, now theirs.
    IF webhook_wanted('waitlist.promoted') THEN
      PERFORM webhook_emit('waitlist.promoted', webhook_slot_json(target.id));
    END IF;
    RETURN QUERY SELECT candidate.name, target.role, target.squad_name, candidate.discord_id;
    RETURN;
  END LOOP;
END
$$;

-- Every open slot, in ORBAT order, offered to the waitlist (the unlock fill, the editor's save, clearing the lock):
-- one call instead of one per slot, so the unlock fill that every first sign-up after an unlock waits for is short.
CREATE OR REPLACE FUNCTION orbat_fill_open_slots()
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

-- A member joins the waitlist. The preference is a squad id or a squad name; neither means Any Squad. Returns the
-- entry as the waitlist lists it, or only the refusal.
CREATE OR REPLACE FUNCTION waitlist_join(p_user integer, p_squad_id integer, p_squad_name text, p_session text DEFAULT NULL,
                                         OUT entry_id integer, OUT user_name text, OUT discord_id text, OUT avatar text,
                                         OUT squad_name text, OUT refusal_code text)
  LANGUAGE plpgsql AS $$
DECLARE
  person record;
  roles record;
  preferred_id integer;
  takes_preferences boolean;
BEGIN
  IF NOT session_is_live(p_user, p_session) THEN
    refusal_code := 'signedOut';
    RETURN;
  END IF;
  -- A join and a sign-up of one member never interleave: nobody ends up in a slot and on the waitlist at once.
  PERFORM pg_advisory_xact_lock(7202612, p_user);

  -- 1. Not while the time lock is active.
  IF (signup_lock_state()).locked THEN
    refusal_code := 'waitlistLocked';
    RETURN;
  END IF;

  -- 2. Not banned, holding no slot.
  person := orbat_person(p_user);
  IF person.discord_id IS NULL THEN
    refusal_code := 'signedOut';
    RETURN;
  END IF;
  IF person.banned THEN
    refusal_code := 'bannedWaitlist';
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM slots WHERE user_id = p_user) THEN
    refusal_code := 'holdsSlot';
    RETURN;
  END IF;

  -- 3. At least one eligible role; "Any squad" needs one that may join the general waitlist. A guest of an allied
  -- unit holds no roles here: they wait for their unit's reserved slots only, whatever their roles.
  IF allied_guest_unit(p_user) IS NOT NULL THEN
    SELECT 1 AS held, true AS general INTO roles;
  ELSE
    SELECT count(*) AS held, coalesce(bool_or(e.can_join_general_waitlist), false) AS general
      INTO roles
      FROM eligible_roles e
     WHERE EXISTS (SELECT 1 FROM unnest(string_to_array(e.role_id, ',')) AS listed(id)
                    WHERE btrim(listed.id) <> '' AND btrim(listed.id) = ANY (person.discord_roles));
  END IF;
  IF roles.held = 0 THEN
    refusal_code := 'noEligibleRole';
    RETURN;
  END IF;
  IF p_squad_id IS NULL AND p_squad_name IS NULL THEN
    IF NOT roles.general THEN
      refusal_code := 'noGeneralWaitlist';
      RETURN;
    END IF;
  ELSE
    -- 4. A preference must name a squad that takes waitlist preferences (the refusal names the form's field).
    SELECT q.id, q.name, q.can_be_primary_waitlist
      INTO preferred_id, squad_name, takes_preferences
      FROM squads q
     WHERE (p_squad_id IS NOT NULL AND q.id = p_squad_id) OR (p_squad_id IS NULL AND q.name = p_squad_name)
     LIMIT 1;
    IF NOT FOUND OR NOT takes_preferences THEN
      squad_name := NULL;
      refusal_code := 'squadTakesNoPreferences';
      RETURN;
    END IF;
  END IF;

  -- 5. Once: the unique user_id answers a second join (ON CONFLICT writes nothing).
  INSERT INTO waitlist_entries (user_id, squad_id) VALUES (p_user, preferred_id)
  ON CONFLICT (user_id) DO NOTHING
  RETURNING id INTO entry_id;
  IF entry_id IS NULL THEN
    squad_name := NULL;
    refusal_code := 'alreadyOnWaitlist';
    RETURN;
  END IF;

  user_name := person.name;
  discord_id := person.discord_id;
  avatar := person.avatar;
  IF webhook_wanted('waitlist.joined') THEN
    PERFORM webhook_emit('waitlist.joined', webhook_waitlist_entry_json(entry_id));
  END IF;
  PERFORM pg_notify('orbat_changed', '');
END
$$;

-- A member leaves the waitlist (not while the time lock is active: the queue is frozen until sign-ups open). Returns
-- the refusal, or null when they left.
CREATE OR REPLACE FUNCTION waitlist_leave(p_user integer, p_session text DEFAULT NULL, OUT refusal_code text)
  LANGUAGE plpgsql AS $$
BEGIN
  IF NOT session_is_live(p_user, p_session) THEN
    refusal_code := 'signedOut';
    RETURN;
  END IF;
  IF (signup_lock_state()).locked THEN
    refusal_code := 'waitlistLocked';
    RETURN;
  END IF;
  DELETE FROM waitlist_entries WHERE user_id = p_user;
  IF NOT FOUND THEN
    refusal_code := 'notOnWaitlist';
    RETURN;
  END IF;
  PERFORM pg_notify('orbat_changed', '');
END
$$;
