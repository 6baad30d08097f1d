import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { pendingDiscordEvents } from '#db/schema/discord-events.ts'
import { pendingRoleSyncs } from '#db/schema/role-syncs.ts'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'
import { durableQueue } from './durable-queue.ts'

// The durable queue's mechanics (server/lib/durable-queue.ts) on real PostgreSQL, on both tables that use it: the
// composite key of the scheduled events and the one-column key of the role syncs. Claims, leases, the version check
// of finish, back-off and giving up, and an outage that stops a batch.

let database: TestDatabase
const drops: Array<{ key: string; error: string; attempts: number }> = []

const events = () =>
  durableQueue({
    table: pendingDiscordEvents,
    key: { kind: pendingDiscordEvents.kind, item_id: pendingDiscordEvents.item_id },
    carry: { discord_event_id: pendingDiscordEvents.discord_event_id },
    dropped: async (_db, row, error, attempts) => {
      drops.push({ key: `${row.kind} ${row.item_id}`, error, attempts })
    },
  })
const roles = () =>
  durableQueue({
    table: pendingRoleSyncs,
    key: { discord_id: pendingRoleSyncs.discord_id },
    dropped: async (_db, row, error, attempts) => {
      drops.push({ key: row.discord_id, error, attempts })
    },
  })

const db = () => database.db
/** Queues items 1..count, the lower the id the longer due. */
async function queueItems(count: number) {
  for (let id = 1; id <= count; id++)
    await db()
      .insert(pendingDiscordEvents)
      .values({ kind: 'event', item_id: id, due_at: sql`now() - make_interval(secs => ${1000 - id}::int)` })
}
const eventRows = () => db().select().from(pendingDiscordEvents).orderBy(pendingDiscordEvents.item_id)
const secondsFromNow = (date: Date | null) => Math.round((date!.getTime() - Date.now()) / 1000)

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database?.drop()
})
beforeEach(async () => {
  drops.length = 0
  await db().execute(sql`truncate ${pendingDiscordEvents}, ${pendingRoleSyncs}`)
})

describe('claimDue', () => {
  it('claims the 10 longest due for 5 minutes, oldest first, and carries the asked columns', async () => {
    await queueItems(12)
    await db()
      .insert(pendingDiscordEvents)
      .values({ kind: 'training', item_id: 99, due_at: sql`now() + interval '1 hour'` })
    await db()
      .update(pendingDiscordEvents)
      .set({ discord_event_id: 'gone-1' })
      .where(sql`${pendingDiscordEvents.item_id} = 1`)
    const claimed = await events().claimDue(db())
    expect(claimed.map((r) => r.item_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(claimed[0]).toMatchObject({ kind: 'event', item_id: 1, discord_event_id: 'gone-1', version: 1, attempts: 0 })
    const rows = await eventRows()
    for (const row of rows.slice(0, 10)) expect(secondsFromNow(row.claimed_until)).toBe(300)
    expect(rows.slice(10).map((r) => r.claimed_until)).toEqual([null, null, null])
    // What is held is not claimed again; what is not yet due waits.
    expect((await events().claimDue(db())).map((r) => r.item_id)).toEqual([11, 12])
    expect(await events().claimDue(db())).toEqual([])
  })

  it('takes over rows whose lease ran out (their drainer died)', async () => {
    await queueItems(2)
    await events().claimDue(db())
    await db()
      .update(pendingDiscordEvents)
      .set({ claimed_until: sql`now() - interval '1 second'` })
      .where(sql`${pendingDiscordEvents.item_id} = 2`)
    expect((await events().claimDue(db())).map((r) => r.item_id)).toEqual([2])
  })

  it('two drainers claiming at once take different rows', async () => {
    await queueItems(15)
    const [a, b] = await Promise.all([events().claimDue(db()), events().claimDue(db())])
    const ids = [...a!, ...b!].map((r) => r.item_id).sort((x, y) => x - y)
    expect(ids).toEqual(Array.from({ length: 15 }, (_, i) => i + 1))
  })
})

describe('finish', () => {
  it('deletes the row, or releases it when a newer request bumped its version meanwhile', async () => {
    await queueItems(2)
    const [first, second] = await events().claimDue(db())
    await db()
      .update(pendingDiscordEvents)
      .set({ version: sql`${pendingDiscordEvents.version} + 1` })
      .where(sql`${pendingDiscordEvents.item_id} = 2`)
    await events().finish(db(), first!)
    await events().finish(db(), second!)
    expect(await eventRows()).toEqual([expect.objectContaining({ item_id: 2, version: 2, claimed_until: null })])
  })
})

describe('retryLater', () => {
  it('backs off 5 s, 10 s, 20 s ... at most an hour, keeping the error', async () => {
    await queueItems(1)
    const queue = events()
    for (const wait of [5, 10, 20]) {
      const [row] = await queue.claimDue(db())
      await queue.retryLater(db(), row!, 'Discord answered 503')
      const [stored] = await eventRows()
      expect(stored).toMatchObject({ claimed_until: null, last_error: 'Discord answered 503' })
      expect(secondsFromNow(stored!.due_at)).toBe(wait)
      await db()
        .update(pendingDiscordEvents)
        .set({ due_at: sql`now()` })
    }
    await db().update(pendingDiscordEvents).set({ attempts: 15 })
    const [row] = await queue.claimDue(db())
    await queue.retryLater(db(), row!, 'still down')
    const [stored] = await eventRows()
    expect(stored!.attempts).toBe(16)
    expect(secondsFromNow(stored!.due_at)).toBe(3600)
    expect(drops).toEqual([])
  })

  it('gives up after the 20th failure in a row, telling the queue; a newer request is kept instead', async () => {
    await db()
      .insert(pendingRoleSyncs)
      .values([
        { discord_id: 'a', attempts: 19 },
        { discord_id: 'b', attempts: 19 },
        { discord_id: 'c', attempts: 18 },
      ])
    const queue = roles()
    const claimed = await queue.claimDue(db())
    await db()
      .update(pendingRoleSyncs)
      .set({ version: 2 })
      .where(sql`${pendingRoleSyncs.discord_id} = 'b'`)
    for (const row of claimed) await queue.retryLater(db(), row, 'Discord answered 500')
    expect(drops).toEqual([{ key: 'a', error: 'Discord answered 500', attempts: 20 }])
    const left = await db().select().from(pendingRoleSyncs).orderBy(pendingRoleSyncs.discord_id)
    expect(left.map((r) => [r.discord_id, r.attempts])).toEqual([
      ['b', 20],
      ['c', 19],
    ])
  })
})

describe('workThrough', () => {
  it('finishes what worked; an outage (no status, 429, 5xx, a throw) makes the rest of the batch wait', async () => {
    for (const failure of [undefined, 429, 503, 'throw'] as const) {
      await db().execute(sql`truncate ${pendingDiscordEvents}`)
      await queueItems(3)
      const queue = events()
      const worked: number[] = []
      const goOn = await queue.workThrough(db(), await queue.claimDue(db()), async (row) => {
        worked.push(row.item_id)
        if (row.item_id !== 2) return undefined
        if (failure === 'throw') throw new Error('the roster read failed')
        return { error: 'Discord is down', status: failure }
      })
      expect(goOn).toBe(false)
      expect(worked).toEqual([1, 2])
      const error = failure === 'throw' ? 'the roster read failed' : 'Discord is down'
      expect((await eventRows()).map((r) => [r.item_id, r.attempts, r.last_error])).toEqual([
        [2, 1, error],
        [3, 1, error],
      ])
    }
  })

  it('a refusal (4xx) is that row’s alone: the batch goes on', async () => {
    await queueItems(3)
    const queue = events()
    const goOn = await queue.workThrough(db(), await queue.claimDue(db()), async (row) =>
      row.item_id === 1 ? { error: 'Discord answered 400', status: 400 } : undefined,
    )
    expect(goOn).toBe(true)
    expect((await eventRows()).map((r) => [r.item_id, r.attempts])).toEqual([[1, 1]])
  })
})
