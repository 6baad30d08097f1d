// The editor assigns a linked roster member by user_id (not as a manual name), so that member holds one slot at most (a
// sign-up while holding a slot moves them: docs/rules/orbat.md, One slot per person) and can Leave it; a save that
// would put one person in two slots, or a banned member in one, is refused with a message naming the person and the
// slots.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { OrbatPayload } from '#contracts/orbat.ts'
import { listAssignableMembers } from '#server/orbat/assignable.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api } from '#tests/harness/admin.ts'
import {
  addMember,
  addSquad,
  getJson,
  heldSlots,
  loginDemos,
  resetOrbat,
  slotsHeldBy,
  toSave,
  usersWithTwoSlots,
  type LoggedIn,
} from '#tests/harness/orbat.ts'

let t: TestApp
let admin: LoggedIn, novak: LoggedIn, reyes: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, novak, reyes] = await loginDemos(t, ['demo_admin', 'novak', 'reyes'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
})

const db = () => t.database.db
const loadOrbat = async (client = admin.client) => (await getJson<OrbatPayload>(client, '/api/orbat')).body
const save = (body: unknown) =>
  api<{ error?: string; orbat?: OrbatPayload }>(admin.client, 'PUT', '/api/admin/orbat/save', body)

async function arrange() {
  await addMember(db(), novak.discordId, { ingameName: 'Pvt. Novak' })
  await addMember(db(), '999000111222333444', { ingameName: 'Unlinked Ulf' })
  const alpha = await addSquad(db(), { name: 'Alpha', slots: [{ role: 'Rifleman' }, { role: 'Medic' }] })
  const bravo = await addSquad(db(), { name: 'Bravo', slots: [{ role: 'Gunner' }] })
  return { alpha, bravo }
}

describe('assigning a roster member in the editor', () => {
  it('offers linked members with their user id and unlinked ones as names only', async () => {
    await arrange()
    const offered = await listAssignableMembers(db())
    expect(offered).toEqual([
      { name: 'Pvt. Novak', user_id: novak.id, banned: false },
      { name: 'Unlinked Ulf', user_id: null, banned: false },
    ])
  })

  it('assigns the user: the member sees their slot, a sign-up elsewhere moves them, and no one ever holds two slots', async () => {
    const { alpha, bravo } = await arrange()
    const body = toSave(await loadOrbat())
    Object.assign(
      body.slots.find((s) => s.role === 'Rifleman')!,
      { user_id: novak.id, manual_username: null },
    )
    expect((await save(body)).status).toBe(200)

    const rifleman = alpha.slot('Rifleman').id
    const seen = await loadOrbat(novak.client)
    // The live name is the member's, and the slot is theirs (the page shows Leave on a slot whose user_id is the viewer's).
    expect(seen.slots.find((s) => s.id === rifleman)).toMatchObject({
      user_id: novak.id,
      manual_username: null,
      discord_username: 'Pvt. Novak',
    })
    expect(await slotsHeldBy(db(), novak.id)).toEqual([rifleman])

    // A sign-up to a second slot moves them (one person, one slot).
    expect((await novak.client.fetch(`/api/slot/${bravo.slot('Gunner').id}/signup`, { method: 'POST' })).status).toBe(
      200,
    )
    expect(await slotsHeldBy(db(), novak.id)).toEqual([bravo.slot('Gunner').id])
    expect(await usersWithTwoSlots(db())).toEqual([])

    // Leave works on the slot the admin assigned.
    const again = toSave(await loadOrbat())
    Object.assign(
      again.slots.find((s) => s.role === 'Medic')!,
      { user_id: novak.id, manual_username: null },
    )
    Object.assign(
      again.slots.find((s) => s.role === 'Gunner')!,
      { user_id: null },
    )
    expect((await save(again)).status).toBe(200)
    expect(await slotsHeldBy(db(), novak.id)).toEqual([alpha.slot('Medic').id])
    expect((await novak.client.fetch(`/api/slot/${alpha.slot('Medic').id}/leave`, { method: 'POST' })).status).toBe(200)
    expect(await heldSlots(db())).toEqual([])
  })

  it('refuses a save that puts one person in two slots, naming the person and both slots, and changes nothing', async () => {
    await arrange()
    const before = await loadOrbat()
    const body = toSave(before)
    Object.assign(
      body.slots.find((s) => s.role === 'Rifleman')!,
      { user_id: novak.id },
    )
    Object.assign(
      body.slots.find((s) => s.role === 'Gunner')!,
      { user_id: novak.id },
    )
    const refused = await save(body)
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe(
      'slots[2].user_id: The same member is assigned to two slots. Pvt. Novak is in Rifleman (Alpha) and Gunner (Bravo): one person holds one slot, clear one of them.',
    )
    expect(await loadOrbat()).toEqual(before)
  })

  it('refuses a banned member with a clear message, and changes nothing', async () => {
    await arrange()
    await addMember(db(), reyes.discordId, { ingameName: 'Sgt. Reyes', banned: 'Trolling' })
    const before = await loadOrbat()
    const body = toSave(before)
    Object.assign(
      body.slots.find((s) => s.role === 'Medic')!,
      { user_id: reyes.id },
    )
    const refused = await save(body)
    expect(refused.status).toBe(400)
    expect(refused.body.error).toBe('slots[1].user_id: Sgt. Reyes is banned and cannot hold a slot (Medic (Alpha)).')
    expect(await loadOrbat()).toEqual(before)
  })
})
