-- The personnel file's history (docs/rules/personnel.md): a member's rank changes, qualifications granted and
-- removed, bans and unbans are written to member_history as they happen, whatever path made them (a form, an /api
-- call, the promotion run, a test, a stored function). How and by whom come from the transaction's settings
-- app.change_via and app.actor_user_id (server/personnel/history.ts markChange); unset, they are stored as null.
--
-- This file is the current definition of these functions and triggers, applied at every start
-- (docs/decisions/031-stored-functions-in-one-file-per-domain.md): a change is an edit here, never a new migration.

CREATE OR REPLACE FUNCTION personnel_change_via() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.change_via', true), '')
$$;

CREATE OR REPLACE FUNCTION personnel_change_actor() RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT nullif(current_setting('app.actor_user_id', true), '')::integer
$$;

-- One INSERT per statement, from the statement's transition tables: a promotion run that moves thousands of members
-- writes their entries in one go (a row trigger ran an INSERT per member: two thirds of the run's UPDATE). A member
-- whose rank and ban change in one statement gets the rank entry first. (A trigger with transition tables cannot name
-- columns, so it fires for every UPDATE of members and keeps only the rows whose rank or ban changed.)
CREATE OR REPLACE FUNCTION members_record_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_history (member_id, kind, detail, via, actor_user_id)
  SELECT n.id, e.kind, e.detail, personnel_change_via(), personnel_change_actor()
    FROM members_before o
    JOIN members_after n ON n.id = o.id
   CROSS JOIN LATERAL (VALUES
      (1, 'rank', jsonb_build_object('from', o.rank, 'to', n.rank), n.rank IS DISTINCT FROM o.rank),
      (2, 'ban', jsonb_build_object('banned', n.is_banned, 'reason', n.ban_reason), n.is_banned IS DISTINCT FROM o.is_banned)
   ) AS e(ord, kind, detail, changed)
   WHERE e.changed
   ORDER BY n.id, e.ord;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER members_record_history
  AFTER UPDATE ON members
  REFERENCING OLD TABLE AS members_before NEW TABLE AS members_after
  FOR EACH STATEMENT EXECUTE FUNCTION members_record_history();

-- A qualification's grant or removal. Its name is copied, so the entry still reads after the qualification is deleted.
-- Rows that go because their member is deleted leave nothing (the member's history goes with them).
CREATE OR REPLACE FUNCTION member_qualifications_record_history() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row member_qualifications%ROWTYPE;
  qualification_name text;
BEGIN
  IF TG_OP = 'INSERT' THEN row := NEW; ELSE row := OLD; END IF;
  IF NOT EXISTS (SELECT 1 FROM members WHERE id = row.member_id) THEN
    RETURN NULL;
  END IF;
  SELECT name INTO qualification_name FROM qualifications WHERE id = row.qualification_id;
  -- A grant is dated as the row says (a seed or an import may back-date it); a removal happens now.
  INSERT INTO member_history (member_id, at, kind, detail, via, actor_user_id)
  VALUES (row.member_id, CASE WHEN TG_OP = 'INSERT' THEN NEW.granted_at ELSE now() END, 'qualification',
          jsonb_build_object('qualification_id', row.qualification_id,
                             'name', coalesce(qualification_name, 'a deleted qualification'),
                             'granted', TG_OP = 'INSERT'),
          personnel_change_via(), personnel_change_actor());
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER member_qualifications_record_history
  AFTER INSERT OR DELETE ON member_qualifications
  FOR EACH ROW EXECUTE FUNCTION member_qualifications_record_history();
