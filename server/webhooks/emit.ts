import { sql } from 'drizzle-orm'
import type { WebhookEventType } from '#contracts/webhooks.ts'
import type { DbOrTx } from '#db/client.ts'

// What a use case tells the unit's other tools (docs/rules/webhooks.md): one delivery per active endpoint that asked
// for the event, written in the use case's own transaction (a change rolled back sends nothing), sent by the job
// runner after the commit (server/webhooks/sender.ts). The rows are written by db/functions/webhooks.sql
// webhook_emit, the same function the sign-up rush's stored functions call.

/**
 * Writes the event's deliveries. `data` is the JSON the /api answers for the object (its own serialiser's output);
 * given as a function it is worked out only when some endpoint wants the event, so a change nobody listens to pays
 * one cheap probe.
 */
export async function emitWebhook(
  tx: DbOrTx,
  type: WebhookEventType,
  data: unknown | (() => unknown | Promise<unknown>),
): Promise<void> {
  if (typeof data === 'function') {
    const [wanted] = await tx.execute<{ wanted: boolean }>(sql`select webhook_wanted(${type}) as wanted`)
    if (!wanted?.wanted) return
    data = await (data as () => unknown)()
  }
  await tx.execute(sql`select webhook_emit(${type}, ${JSON.stringify(data ?? null)}::json)`)
}
