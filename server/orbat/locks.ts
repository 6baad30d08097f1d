import { sql } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'

// Transaction-scoped PostgreSQL advisory locks of the ORBAT, in one place so their keys never collide.
// NOTE: the stored functions of the member writes (db/functions/orbat.sql, waitlist.sql) take two of them in SQL:
// (7202612, user id), one member's own sign-up, move and waitlist join one at a time; and FILL_LOCK_KEY, every fill.

const FILL_LOCK_KEY = 7_202_611
const MEMBER_LOCK_KEY = 7_202_612
const UNLOCK_FILL_LOCK_KEY = 7_202_613

/** Fills serialise: they run only when a slot is freed and somebody waits. */
export async function lockFill(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${FILL_LOCK_KEY})`)
}

/** The unlock fill runs once per unlock. */
export async function lockUnlockFill(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${UNLOCK_FILL_LOCK_KEY})`)
}

/**
 * One member's own writes (sign-up, move, waitlist join) wait while this is held: a restore that puts members back
 * holds it for each of them, so none signs up between the check that they hold no slot and the commit. Taken in id
 * order, so two holders never wait on each other.
 */
export async function lockMembers(tx: DbOrTx, userIds: Iterable<number>) {
  for (const id of [...new Set(userIds)].sort((a, b) => a - b))
    await tx.execute(sql`select pg_advisory_xact_lock(${MEMBER_LOCK_KEY}, ${id})`)
}
