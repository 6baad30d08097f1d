// Use cases declare what they changed, and only the copies that show it refresh (docs/decisions/030-use-cases-
// declare-their-changes.md), over real HTTP on real PostgreSQL: saves the ORBAT does not show leave the live ORBAT
// alone (same ETag, nothing pushed), while a sign-up and a member rename still reach every open page, on this
// instance and on another; a member rename clears the public roster's cache at once.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { knowledgePackets } from '#db/schema/library.ts'
import { qualifications, trainings } from '#db/schema/roster.ts'
import { DEMO_CHANNELS } from '#db/seed/demo-guild.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api } from '#tests/harness/admin.ts'
import { startOtherInstance, type OtherInstance } from '#tests/harness/instance.ts'
import {
  addMember,
  addSquad,
  assignSlot,
  loginDemos,
  openLive,
  resetOrbat,
  signUp,
  type ArrangedSquad,
  type LoggedIn,
} from '#tests/harness/orbat.ts'

/** How long a page must hear nothing after a save it does not show (pushes are coalesced over 150 ms). */
const QUIET_MS = 1500

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn
let alpha: ArrangedSquad

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, reyes] = await loginDemos(t, ['demo_admin', 'reyes'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await t.database.db.execute(sql`truncate ${trainings}, ${knowledgePackets}, ${qualifications} cascade`)
  alpha = await addSquad(t.database.db, { name: 'Alpha', slots: [{ role: 'Rifleman' }, { role: 'Medic' }] })
})

async function orbatEtag(): Promise<string> {
  const response = await t.client().get('/api/orbat')
  expect(response.status).toBe(200)
  await response.arrayBuffer()
  return response.headers.get('etag')!
}

/** A save no ORBAT page shows: it must succeed, and the live ORBAT must not hear of it. */
const unrelatedSaves: Array<[string, () => Promise<{ status: number; body: unknown }>]> = [
  [
    'a qualification test (POST /api/tests)',
    async () => {
      const [qual] = await t.database.db.insert(qualifications).values({ name: 'Combat Medic' }).returning()
      return api(admin.client, 'POST', '/api/tests', {
        name: 'Medic Exam',
        qualification_id: qual!.id,
        passing_questions: 1,
        questions: [
          {
            question_text: '<p>First step?</p>',
            options: ['Treat', 'Return fire', 'Run', 'Call'],
            correct_answer_index: 1,
          },
        ],
        evaluation_questions: [],
      })
    },
  ],
  [
    'a library document (POST /api/knowledge)',
    () => api(admin.client, 'POST', '/api/knowledge', { name: 'SOP', google_doc_url: 'https://docs.google.com/d/1' }),
  ],
  [
    'a training (POST /api/roster/trainings)',
    () =>
      api(admin.client, 'POST', '/api/roster/trainings', {
        name: 'Fireteam drills',
        date: new Date(Date.now() + 48 * 3600_000).toISOString(),
      }),
  ],
  [
    'a setting the ORBAT does not show (PUT /api/admin/settings promotion_channel_id)',
    () =>
      api(admin.client, 'PUT', '/api/admin/settings', {
        key: 'promotion_channel_id',
        value: DEMO_CHANNELS.promotions.id,
      }),
  ],
]

describe('the live ORBAT hears only what it shows', () => {
  it.each(unrelatedSaves)('saving %s pushes nothing and keeps the ETag; a sign-up still arrives', async (_, save) => {
    const etag = await orbatEtag()
    const live = await openLive(`${t.url}/api/live`)
    try {
      const first = await live.waitFor((e) => e.event === 'snapshot', 2000)

      const saved = await save()
      expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300)
      await expect(live.waitFor((e) => e.event === 'snapshot', QUIET_MS)).rejects.toThrow(/no matching live event/)
      expect(await orbatEtag()).toBe(etag)

      // The stream is alive: a slot change arrives within a second.
      const slotId = alpha.slot('Rifleman').id
      expect((await signUp(reyes.client, slotId)).status).toBe(200)
      const update = await live.waitFor(
        (e) => e.event === 'snapshot' && e.data.orbat.slots.find((s) => s.id === slotId)?.user_id === reyes.id,
        1000,
      )
      expect(update.data.version).toBeGreaterThan(first.data.version)
      expect(await orbatEtag()).not.toBe(etag)
    } finally {
      live.close()
    }
  })

  it('an admin renaming a member who holds a slot reaches the open page within a second', async () => {
    const member = await addMember(t.database.db, reyes.discordId, { ingameName: 'Reyes' })
    const slotId = alpha.slot('Medic').id
    await assignSlot(t.database.db, slotId, reyes.id)
    const live = await openLive(`${t.url}/api/live`)
    try {
      await live.waitFor((e) => e.event === 'snapshot', 2000)
      const renamed = await api(admin.client, 'PUT', `/api/roster/members/${member.id}`, {
        ingame_name: 'Sgt. Reyes-Ortiz',
        join_date: '2024-01-01',
        discord_id: reyes.discordId,
      })
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
      await live.waitFor(
        (e) =>
          e.event === 'snapshot' &&
          e.data.orbat.slots.find((s) => s.id === slotId)?.discord_username === 'Sgt. Reyes-Ortiz',
        1000,
      )
    } finally {
      live.close()
    }
  })
})

describe('the public roster cache', () => {
  it('a member rename shows at once, not after the cache has run out', async () => {
    const member = await addMember(t.database.db, reyes.discordId, { ingameName: 'Reyes' })
    const names = async () => {
      const response = await t.client().get('/api/roster')
      return ((await response.json()) as { members: Array<{ ingame_name: string }> }).members.map((m) => m.ingame_name)
    }
    expect(await names()).toEqual(['Reyes'])
    const renamed = await api(admin.client, 'PUT', `/api/roster/members/${member.id}`, {
      ingame_name: 'Reyes-Ortiz',
      join_date: '2024-01-01',
      discord_id: reyes.discordId,
    })
    expect(renamed.status).toBe(200)
    expect(await names()).toEqual(['Reyes-Ortiz'])
  })
})

describe('across instances', () => {
  let other: OtherInstance
  beforeAll(async () => {
    other = await startOtherInstance(t)
  }, 90_000)
  afterAll(async () => {
    await other?.stop()
  })

  it("another instance's open page hears a change committed here (the NOTIFY inside the transaction)", async () => {
    const member = await addMember(t.database.db, reyes.discordId, { ingameName: 'Reyes' })
    const slotId = alpha.slot('Medic').id
    await assignSlot(t.database.db, slotId, reyes.id)
    const live = await openLive(`${other.url}/api/live`)
    try {
      await live.waitFor((e) => e.event === 'snapshot', 5000)
      const renamed = await api(admin.client, 'PUT', `/api/roster/members/${member.id}`, {
        ingame_name: 'Reyes of Bravo',
        join_date: '2024-01-01',
        discord_id: reyes.discordId,
      })
      expect(renamed.status).toBe(200)
      await live.waitFor(
        (e) =>
          e.event === 'snapshot' &&
          e.data.orbat.slots.find((s) => s.id === slotId)?.discord_username === 'Reyes of Bravo',
        1000,
      )
    } finally {
      live.close()
    }
  })
})
