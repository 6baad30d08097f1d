-- Notifications (docs/rules/notifications.md, docs/decisions/045-notifications-from-an-outbox.md): what happened
-- writes one outbox row per person in its own transaction; the job runner's sender sends it after the commit. The
-- (user, event) key makes a second write of the same event a no-op, so nobody hears of one event twice.
--
-- This file is the current definition of these functions and triggers, applied at every start
-- (docs/decisions/031-stored-functions-in-one-file-per-domain.md): a change is an edit here, never a new migration.

-- Whether a person is to hear of a kind: by push when they chose it (or have not chosen: the defaults of
-- contracts/notifications.ts defaultChannels) and have a device subscribed, or by Discord message when they chose it
-- (applications: until they choose). Nobody is written a row they would not be sent.
CREATE OR REPLACE FUNCTION notification_wanted(p_user integer, p_kind text)
  RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT (coalesce(p.push, p_kind <> 'admin_queue')
          AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = p_user))
         OR coalesce(p.discord, p_kind = 'applications')
    FROM (SELECT 1) AS one
    LEFT JOIN notification_preferences p ON p.user_id = p_user AND p.kind = p_kind
$$;

-- The language a person's notices are written in (docs/rules/languages.md): their own choice, else the unit's
-- language (the unit_language setting), else English.
CREATE OR REPLACE FUNCTION user_language(p_user integer)
  RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT language FROM users WHERE id = p_user),
                  (SELECT nullif(value, '') FROM settings WHERE key = 'unit_language'),
                  'en')
$$;

-- A notice the database writes itself, in a language: the catalogs' message (db/functions/catalog.sql, English when
-- the language has none) with each {name} replaced by the value of p_values' key `name`.
CREATE OR REPLACE FUNCTION notice_for(p_key text, p_language text, p_values jsonb DEFAULT '{}')
  RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  result text := coalesce(notice_text(p_key) ->> p_language, notice_text(p_key) ->> 'en');
  name text;
  value text;
BEGIN
  FOR name, value IN SELECT key, v FROM jsonb_each_text(p_values) AS e(key, v) LOOP
    result := replace(result, '{' || name || '}', coalesce(value, ''));
  END LOOP;
  RETURN result;
END
$$;

CREATE OR REPLACE FUNCTION notify_user(p_user integer, p_kind text, p_event text, p_title text, p_body text,
  p_url text, p_due timestamptz DEFAULT now())
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO notification_outbox (user_id, kind, event_key, title, body, url, due_at)
  SELECT p_user, p_kind, p_event, p_title, p_body, p_url, p_due
   WHERE notification_wanted(p_user, p_kind)
  ON CONFLICT (user_id, event_key) DO NOTHING
$$;

-- Promotions and qualifications granted, whatever path made them (the promotion run, a BMT graduation, a member's
-- form, Approve Qual), told from the member's history as db/functions/personnel.sql writes it: one INSERT per
-- statement, so a promotion run of thousands adds one statement. The history entry names the event. Not told: a rank
-- that went down, what a seed or an import wrote, what the member did themselves (passing a test on their own), a
-- qualification an evaluation granted (the evaluation's result says so), a banned member, a member who never logged in.
CREATE OR REPLACE FUNCTION member_history_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO notification_outbox (user_id, kind, event_key, title, body, url)
  -- The texts are written in the SELECT list, so only for the rows the WHERE keeps (the people who are told), in each
  -- one's language (user_language's rule as a join: the unit's language read once for the statement).
  SELECT u.id, n.kind, format('history:%s', h.id),
         notice_for(n.title_key, l.language, n.title_values), notice_for(n.body_key, l.language, n.body_values),
         '/account/record'
    FROM history_added h
    JOIN members m ON m.id = h.member_id AND NOT m.is_banned
    JOIN users u ON u.discord_id = m.discord_id
   CROSS JOIN LATERAL (
     SELECT coalesce(u.language, (SELECT nullif(value, '') FROM settings WHERE key = 'unit_language'), 'en') AS language
   ) AS l
   CROSS JOIN LATERAL (
     SELECT 'promotions_awards' AS kind,
            'notifications.promoted.title' AS title_key, jsonb_build_object('rank', h.detail->>'to') AS title_values,
            'notifications.promoted.body' AS body_key,
            jsonb_build_object('from', h.detail->>'from', 'to', h.detail->>'to') AS body_values
      WHERE h.kind = 'rank' AND (h.detail->>'to')::rank > (h.detail->>'from')::rank
     UNION ALL
     SELECT 'test_updates', 'notifications.qualificationGranted.title', '{}'::jsonb,
            'notifications.qualificationGranted.body', jsonb_build_object('qualification', h.detail->>'name')
      WHERE h.kind = 'qualification' AND (h.detail->>'granted')::boolean AND h.via IS DISTINCT FROM 'evaluation'
   ) AS n
    -- notification_wanted's rule as a join: a call per row cost a promotion run of 2,000 members 150 ms, this 10.
    LEFT JOIN notification_preferences p ON p.user_id = u.id AND p.kind = n.kind
   WHERE h.via IS DISTINCT FROM 'seed' AND h.via IS DISTINCT FROM 'import'
     AND h.actor_user_id IS DISTINCT FROM u.id
     AND ((coalesce(p.push, true) AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = u.id))
          OR coalesce(p.discord, false))
  ON CONFLICT (user_id, event_key) DO NOTHING;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER member_history_notify
  AFTER INSERT ON member_history
  REFERENCING NEW TABLE AS history_added
  FOR EACH STATEMENT EXECUTE FUNCTION member_history_notify();

-- The senders of every instance hear of new rows at the commit (one notice per statement, not per row), and only of
-- new rows: a statement trigger fires for an insert that adds nothing too, and the sender's own queueing (ON CONFLICT
-- DO NOTHING, at every run) would then wake the sender for its next run, for ever.
CREATE OR REPLACE FUNCTION notification_outbox_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM outbox_added) THEN
    PERFORM pg_notify('notifications_due', '');
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER notification_outbox_wake AFTER INSERT ON notification_outbox
  REFERENCING NEW TABLE AS outbox_added
  FOR EACH STATEMENT EXECUTE FUNCTION notification_outbox_wake();
