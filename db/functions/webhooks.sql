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
