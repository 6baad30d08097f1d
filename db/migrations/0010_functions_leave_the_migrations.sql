-- From here on the stored functions and triggers are defined in db/functions, one file per domain, which the migrator
-- applies after the migrations at every start (docs/decisions/031-stored-functions-in-one-file-per-domain.md). A
-- CREATE OR REPLACE there cannot change a function's arguments, their names or its result type, so the functions whose
-- shape changed with that move are dropped here, once, and db/functions creates them again right after:
--   * waitlist_join and waitlist_leave return their refusal as a code (the column refusal_code) instead of raising it;
--   * assert_live_session, which raised, is replaced by session_is_live, whose callers return the refusal;
--   * orbat_refused takes a refusal code and its detail: the texts are contracts/orbat-rights.ts ORBAT_REFUSALS.
-- The sign-up's result type carries the refusal's detail (the lock a role-locked slot names) where it carried a text.
DROP FUNCTION IF EXISTS waitlist_join(integer, integer, text, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS waitlist_leave(integer, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS assert_live_session(integer, text);
--> statement-breakpoint
DROP FUNCTION IF EXISTS orbat_refused(text, text);
--> statement-breakpoint
ALTER TYPE orbat_slot_move RENAME ATTRIBUTE refusal TO refusal_detail;
