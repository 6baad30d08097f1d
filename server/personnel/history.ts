import { sql } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import type { ChangeVia } from '#contracts/personnel-kinds.ts'

// A member's rank, qualifications and bans are written to their history by triggers, whatever path changes them
// (db/functions/personnel.sql). This tells those triggers how the change came about and who made it, for the rest of
// the transaction: a use case calls it before its change.

export async function markChange(tx: DbOrTx, via: ChangeVia, actor: { id: number } | string | null): Promise<void> {
  // A string actor is the System (a job, the bot): no user.
  const userId = actor && typeof actor === 'object' ? String(actor.id) : ''
  await tx.execute(
    sql`select set_config('app.change_via', ${via}, true), set_config('app.actor_user_id', ${userId}, true)`,
  )
}
