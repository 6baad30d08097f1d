import { sql } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'

// The slot events of a change that moves many holders at once (an admin's ORBAT save, a restore, a preset, a mission
// import): `slot.left` for every member who no longer holds the slot they held, `slot.taken` for every slot that has a
// holder it did not have, each with the slot's JSON as the members' own sign-ups write it (db/functions/webhooks.sql
// webhook_slot_json). Worked out only when an endpoint wants one of the two (docs/rules/webhooks.md).

/** Who held which slot before the change, and each held slot as it was (for `slot.left`). */
export interface HeldSlots {
  held: Array<{ id: number; user_id: number; json: unknown }>
}

/** Reads the held slots before the change: nothing when no endpoint wants `slot.left` or `slot.taken`. */
export async function heldSlotsBefore(tx: DbOrTx): Promise<HeldSlots | null> {
  const [wanted] = await tx.execute<{ left: boolean; taken: boolean }>(
    sql`select webhook_wanted('slot.left') as left, webhook_wanted('slot.taken') as taken`,
  )
  if (!wanted?.left && !wanted?.taken) return null
  const held = await tx.execute<{ id: number; user_id: number; json: unknown }>(sql`
    select id, user_id, case when ${wanted.left} then webhook_slot_json(id) end as json
      from slots where user_id is not null order by id`)
  return { held: [...held] }
}

/** Writes `slot.left` and `slot.taken` for what changed since `before` (holders compared slot by slot). */
export async function emitSlotChanges(tx: DbOrTx, before: HeldSlots | null): Promise<void> {
  if (!before) return
  const held = JSON.stringify(before.held.map(({ id, user_id }) => ({ id, user_id })))
  const now = await tx.execute<{ id: number; user_id: number }>(
    sql`select id, user_id from slots where user_id is not null order by id`,
  )
  const holding = new Set([...now].map((s) => `${s.id}:${s.user_id}`))
  for (const slot of before.held) {
    if (slot.json !== null && !holding.has(`${slot.id}:${slot.user_id}`))
      await tx.execute(sql`select webhook_emit('slot.left', ${JSON.stringify(slot.json)}::json)`)
  }
  await tx.execute(sql`
    select webhook_emit('slot.taken', webhook_slot_json(s.id))
      from slots s
     where s.user_id is not null and webhook_wanted('slot.taken')
       and not exists (select 1 from jsonb_to_recordset(${held}::jsonb) as b(id int, user_id int)
                        where b.id = s.id and b.user_id = s.user_id)
     order by s.id`)
}
