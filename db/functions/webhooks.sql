-- Outgoing webhooks (docs/rules/webhooks.md, docs/decisions/063-outgoing-webhooks.md): what happened writes one
-- delivery per active endpoint that asked for its type, in its own transaction; the job runner's sender
-- (server/webhooks/sender.ts) signs and sends it after the commit.
--
-- This file is the current definition of these functions and triggers, applied at every start
-- (docs/decisions/031-stored-functions-in-one-file-per-domain.md): a change is an edit here, never a new migration.

-- Whether any active endpoint asks for a type: the sign-up rush's stored functions ask first and build the event's
-- data only when someone wants it, so with no endpoint subscribed a sign-up pays one probe of a tiny table.
CREATE OR REPLACE FUNCTION webhook_wanted(p_type text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.active AND p_type = ANY (e.events))
$$;

-- A Discord avatar's URL as server/discord/client.ts discordAvatarUrl makes it with Discord's CDN (the stand-in of
-- demo mode and the tests serves the default avatars elsewhere; a webhook names Discord's).
CREATE OR REPLACE FUNCTION webhook_avatar_url(p_discord_id text, p_hash text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN coalesce(p_hash, '') <> '' THEN format('https://cdn.discordapp.com/avatars/%s/%s.png?size=64', p_discord_id, p_hash)
    ELSE format('https://cdn.discordapp.com/embed/avatars/%s.png',
                CASE WHEN p_discord_id ~ '^\d{1,18}$' THEN (p_discord_id::bigint >> 22) % 6 ELSE 0 END)
  END
$$;

-- A slot as GET /api/orbat shows it (server/orbat/orbat.ts loadOrbat; server/webhooks/events.test.ts holds the two
-- equal), for the slot and waitlist events the stored functions write. With p_holder, as that user held it (slot.left:
-- the slot they left, naming them).
CREATE OR REPLACE FUNCTION webhook_slot_json(p_slot integer, p_holder integer DEFAULT NULL) RETURNS json
  LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
           'id', s.id, 'squad_id', s.squad_id, 'team', s.team, 'team_order', s.team_order, 'slot_order', s.slot_order,
           'role', s.role, 'user_id', h.user_id, 'manual_username', s.manual_username,
           'discord_username', CASE WHEN h.user_id IS NOT NULL THEN coalesce(m.ingame_name, u.display_name, u.username) END,
           'avatar', CASE WHEN h.user_id IS NOT NULL AND u.discord_id IS NOT NULL THEN webhook_avatar_url(u.discord_id, u.avatar) END,
           'required_role_id', s.required_role_id,
           'on_loa', h.user_id IS NOT NULL AND coalesce(EXISTS (
             SELECT 1 FROM leaves loa
              WHERE loa.member_id = m.id AND loa.status = 'approved' AND loa.ended_at IS NULL
                AND (now() AT TIME ZONE coalesce(nullif((SELECT value FROM settings WHERE key = 'unit_time_zone'), ''),
                                                 'America/New_York'))::date BETWEEN loa.start_date AND loa.end_date),
             false),
           -- Joint operations (docs/rules/joint-operations.md): the reservation while it holds, the stored ones, and
           -- the holder as shown (a guest with their allied unit's tag).
           'reserved_for', (SELECT json_build_object('id', a.id, 'tag', a.tag, 'name', a.name)
                              FROM squads q JOIN allied_units a ON a.id = coalesce(s.reserved_for, s.team_reserved_for, q.reserved_for)
                             WHERE q.id = s.squad_id AND allied_reservation_holds(a.id)),
           'own_reserved_for', s.reserved_for,
           'team_reserved_for', s.team_reserved_for,
           'holder', CASE
             WHEN h.user_id IS NOT NULL THEN json_build_object(
               'name', coalesce(m.ingame_name, u.display_name, u.username, ''),
               'guest_of', (SELECT a.tag FROM allied_guests g JOIN allied_units a ON a.id = g.allied_unit_id
                             WHERE g.user_id = h.user_id))
             WHEN s.manual_username IS NOT NULL THEN json_build_object('name', s.manual_username, 'guest_of', NULL)
           END)
    FROM slots s
    CROSS JOIN LATERAL (SELECT coalesce(p_holder, s.user_id) AS user_id) h
    LEFT JOIN users u ON u.id = h.user_id
    LEFT JOIN members m ON m.discord_id = u.discord_id
   WHERE s.id = p_slot
$$;

-- A waitlist entry as GET /api/waitlist shows it (server/orbat/waitlist/waitlist.ts listWaitlist).
CREATE OR REPLACE FUNCTION webhook_waitlist_entry_json(p_entry integer) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object('id', w.id, 'user_id', w.user_id,
                           'username', coalesce(m.ingame_name, u.display_name, u.username),
                           'avatar', webhook_avatar_url(u.discord_id, u.avatar), 'squad_preference', q.name)
    FROM waitlist_entries w
    JOIN users u ON u.id = w.user_id
    LEFT JOIN members m ON m.discord_id = u.discord_id
    LEFT JOIN squads q ON q.id = w.squad_id
   WHERE w.id = p_entry
$$;

-- One delivery per active endpoint that asked for the type: the body is `{ type, timestamp, data }` exactly as it
-- will be signed and sent (kept whole, so every attempt sends the same bytes), its id `msg_` and 32 random hex
-- digits, the webhook-id of every attempt. `json` (not jsonb) keeps the data's keys in the order the caller wrote them.
-- Given an endpoint (an admin's Send test), to that endpoint only, whatever it asked for.
CREATE OR REPLACE FUNCTION webhook_emit(p_type text, p_data json, p_endpoint integer DEFAULT NULL)
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO webhook_deliveries (id, endpoint_id, type, payload)
  SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.id, p_type,
         json_build_object('type', p_type,
                           'timestamp', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                           'data', p_data)::text
    FROM webhook_endpoints e
   WHERE CASE WHEN p_endpoint IS NULL THEN e.active AND p_type = ANY (e.events) ELSE e.id = p_endpoint END
   ORDER BY e.id
$$;

-- The senders of every instance hear of new deliveries at the commit (one notice per statement, and only when the
-- statement added a row).
CREATE OR REPLACE FUNCTION webhook_deliveries_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM deliveries_added) THEN
    PERFORM pg_notify('webhooks_due', '');
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER webhook_deliveries_wake AFTER INSERT ON webhook_deliveries
  REFERENCING NEW TABLE AS deliveries_added
  FOR EACH STATEMENT EXECUTE FUNCTION webhook_deliveries_wake();

-- Promotions and qualifications granted or removed, whatever path made them (the promotion run, a BMT graduation, the
-- member form, Approve Qual, a test, an evaluation, an import), told from the member's history as
-- db/functions/personnel.sql writes it: one statement per history statement, and nothing built unless an endpoint asked.
-- The data is the member and the entry as GET /api/roster/members/{id}/record shows them (server/personnel/record.ts):
-- the record's member, and the entry's at, kind and detail.
CREATE OR REPLACE FUNCTION member_history_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wanted_promoted boolean := webhook_wanted('member.promoted');
  wanted_granted boolean := webhook_wanted('qualification.granted');
  wanted_revoked boolean := webhook_wanted('qualification.revoked');
BEGIN
  IF NOT (wanted_promoted OR wanted_granted OR wanted_revoked) THEN
    RETURN NULL;
  END IF;
  PERFORM webhook_emit(e.type, json_build_object(
            'member', json_build_object('id', m.id, 'ingame_name', m.ingame_name, 'rank', m.rank,
                                        'join_date', m.join_date, 'is_banned', m.is_banned),
            'entry', json_build_object(
              'at', to_char(h.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'kind', h.kind,
              'detail', CASE WHEN h.kind = 'rank'
                             THEN json_build_object('from', h.detail->>'from', 'to', h.detail->>'to', 'via', h.via)
                             ELSE json_build_object('qualification_id', (h.detail->>'qualification_id')::integer,
                                                    'name', h.detail->>'name',
                                                    'granted', (h.detail->>'granted')::boolean, 'via', h.via)
                        END)))
    FROM (SELECT * FROM history_added ORDER BY id) h
    JOIN members m ON m.id = h.member_id
   CROSS JOIN LATERAL (
     SELECT 'member.promoted' AS type
      WHERE wanted_promoted AND h.kind = 'rank' AND (h.detail->>'to')::rank > (h.detail->>'from')::rank
     UNION ALL
     SELECT 'qualification.granted' WHERE wanted_granted AND h.kind = 'qualification' AND (h.detail->>'granted')::boolean
     UNION ALL
     SELECT 'qualification.revoked'
      WHERE wanted_revoked AND h.kind = 'qualification' AND NOT (h.detail->>'granted')::boolean
   ) AS e;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER member_history_webhooks
  AFTER INSERT ON member_history
  REFERENCING NEW TABLE AS history_added
  FOR EACH STATEMENT EXECUTE FUNCTION member_history_webhooks();
