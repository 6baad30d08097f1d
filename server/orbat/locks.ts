import { sql } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'

// Transaction-scoped PostgreSQL advisory locks of the ORBAT, in one place so their keys never collide.
// NOTE: the stored functions of the member writes (db/functions/orbat.sql, waitlist.sql) take two of them in SQL:
// (7202612, user id), one member's own sign-up, move and waitlist join one at a time; and FILL_LOCK_KEY, every fill.

const FILL_LOCK_KEY = 7_202_611
const UNLOCK_FILL_LOCK_KEY = 7_202_613

/** Fills serialise: they run only when a slot is freed and somebody waits. */
export async function lockFill(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${FILL_LOCK_KEY})`)
}

/** The unlock fill runs once per unlock. */
export async function lockUnlockFill(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${UNLOCK_FILL_LOCK_KEY})`)
}
