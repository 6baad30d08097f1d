// A ban wins (docs/rules/roster.md, docs/reliability.md): once the ban has committed, the member holds no slot and
// waits on no waitlist, whatever their own requests were doing at that moment. Real HTTP on real PostgreSQL: four loops
// of the member's sign-ups, moves, leaves and waitlist joins race an admin's ban, round after round. Before the
// database enforced it (db/migrations/0002_ban_wins.sql), a sign-up that had read "not banned" could commit just after
// the ban had cleared the member's slots.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { members } from '#db/schema/roster.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api } from '#tests/harness/admin.ts'
import {
  addEligibleRoles,
  addMember,
  addSquad,
  joinWaitlist,
  leaveSlot,
  loginDemos,
  resetOrbat,
  signUp,
  slotsHeldBy,
  waitlistUserIds,
  type LoggedIn,
} from '#tests/harness/orbat.ts'

const ROUNDS = 12
const LOOPS = 4

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, reyes] = await loginDemos(t, ['demo_admin', 'reyes'])
}, 60_000)
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await addEligibleRoles(t.database.db, { Rifleman: { general: true } })
})

const db = () => t.database.db

/** One of the member's loops: sign up (or move) to its slots in turn, sometimes leave, sometimes join the waitlist. */
async function memberLoop(loop: number, slotIds: number[], statuses: number[], until: () => boolean): Promise<void> {
  for (let i = 0; !until(); i++) {
    const slotId = slotIds[(loop * 3 + i) % slotIds.length]!
    const step = (loop + i) % 4
    const response =
      step === 3
        ? await joinWaitlist(reyes.client)
        : step === 2
          ? await leaveSlot(reyes.client, slotId)
          : await signUp(reyes.client, slotId)
    statuses.push(response.status)
  }
}

/** Resolves once `count` of the loops' requests have succeeded (however slow the machine is). */
async function successes(statuses: number[], count: number): Promise<void> {
  const deadline = Date.now() + 30_000
  while (statuses.filter((s) => s === 200).length < count && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 2))
}

describe('a ban racing the member’s own requests', () => {
  it(`after the ban commits the member holds no slot and no waitlist entry (${ROUNDS} rounds of ${LOOPS} loops)`, async () => {
    const squad = await addSquad(db(), {
      name: 'Alpha',
      slots: Array.from({ length: 8 }, (_, i) => ({ team: 'Alpha', role: `Rifleman ${i + 1}` })),
    })
    const slotIds = squad.slots.map((s) => s.id)
    const member = await addMember(db(), reyes.discordId, { ingameName: 'Reyes' })
    const leftovers: string[] = []

    for (let round = 0; round < ROUNDS; round++) {
      let banned = false
      const statuses: number[] = []
      const loops = Array.from({ length: LOOPS }, (_, loop) => memberLoop(loop, slotIds, statuses, () => banned))
      // Let the loops get going, then ban at a slightly different moment each round.
      await successes(statuses, 1 + (round % 4))
      const ban = await api(admin.client, 'POST', `/api/roster/members/${member.id}/ban`, { reason: `Round ${round}` })
      expect(ban.status, JSON.stringify(ban.body)).toBe(200)
      // Checked the moment the ban has answered, while the loops' last requests may still be in flight...
      const right = {
        slots: await slotsHeldBy(db(), reyes.id),
        waiting: (await waitlistUserIds(db())).includes(reyes.id),
      }
      banned = true
      await Promise.all(loops)
      // ...and again once they have all answered: nothing they did after the ban may stick.
      const after = {
        slots: await slotsHeldBy(db(), reyes.id),
        waiting: (await waitlistUserIds(db())).includes(reyes.id),
      }
      for (const [when, state] of [
        ['at the ban', right],
        ['after the loops', after],
      ] as const) {
        if (state.slots.length || state.waiting)
          leftovers.push(`round ${round} ${when}: slots ${state.slots.join(',')} waitlist ${state.waiting}`)
      }
      expect(
        statuses.filter((s) => s >= 500),
        'no 5xx',
      ).toEqual([])
      expect(statuses.filter((s) => s === 200).length, 'the loops did get in before the ban').toBeGreaterThan(0)

      const unban = await api(admin.client, 'POST', `/api/roster/members/${member.id}/unban`)
      expect(unban.status).toBe(200)
    }
    expect(leftovers).toEqual([])
  }, 120_000)

  it('the database itself refuses to put a banned member in a slot or on the waitlist', async () => {
    const squad = await addSquad(db(), { name: 'Alpha', slots: [{ team: 'Alpha', role: 'Rifleman 1' }] })
    await addMember(db(), reyes.discordId, { banned: 'Teamkilling' })
    const slotId = squad.slots[0]!.id
    await expect(db().execute(sql`update slots set user_id = ${reyes.id} where id = ${slotId}`)).rejects.toMatchObject({
      cause: { code: 'UB001' },
    })
    await expect(db().execute(sql`insert into waitlist_entries (user_id) values (${reyes.id})`)).rejects.toMatchObject({
      cause: { code: 'UB001' },
    })
    await db().execute(sql`update ${members} set is_banned = false`)
    await db().execute(sql`update slots set user_id = ${reyes.id} where id = ${slotId}`)
    expect(await slotsHeldBy(db(), reyes.id)).toEqual([slotId])
  })
})
