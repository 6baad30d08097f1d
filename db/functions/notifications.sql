-- Notifications (docs/rules/notifications.md, docs/decisions/045-notifications-from-an-outbox.md): what happened
-- writes one outbox row per person in its own transaction; the job runner's sender sends it after the commit. The
-- (user, event) key makes a second write of the same event a no-op, so nobody hears of one event twice.
--
-- This file is the current definition of these functions and triggers, applied at every start
-- (docs/decisions/031-stored-functions-in-one-file-per-domain.md): a change is an edit here, never a new migration.

CREATE OR REPLACE FUNCTION notify_user(p_user integer, p_kind text, p_event text, p_title text, p_body text,
  p_url text, p_due timestamptz DEFAULT now())
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO notification_outbox (user_id, kind, event_key, title, body, url, due_at)
  VALUES (p_user, p_kind, p_event, p_title, p_body, p_url, p_due)
  ON CONFLICT (user_id, event_key) DO NOTHING
$$;

-- The senders of every instance hear of new rows at the commit (one notice per statement, not per row).
CREATE OR REPLACE FUNCTION notification_outbox_wake() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications_due', '');
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER notification_outbox_wake AFTER INSERT ON notification_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION notification_outbox_wake();
