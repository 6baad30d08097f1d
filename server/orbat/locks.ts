import { sql } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'

// Transaction-scoped PostgreSQL advisory locks of the ORBAT, in one place so their keys never collide.

const MEMBER_LOCK_CLASS = 7_202_612
const FILL_LOCK_KEY = 7_202_611
const UNLOCK_FILL_LOCK_KEY = 7_202_613

/**
 * One member's own actions (sign-up, move, waitlist join) run one at a time. Taken before any row lock, so it is
 * never part of a deadlock; it closes the join-while-signing-up race (in a slot and on the waitlist at once).
 */
export async function lockMember(tx: DbOrTx, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${MEMBER_LOCK_CLASS}, ${userId})`)
}

/** Fills serialise: they run only when a slot is freed and somebody waits. */
export async function lockFill(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${FILL_LOCK_KEY})`)
}

/** The unlock fill runs once per unlock. */
export async function lockUnlockFill(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(${UNLOCK_FILL_LOCK_KEY})`)
}
