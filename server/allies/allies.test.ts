// Joint operations over real HTTP on real PostgreSQL (docs/rules/joint-operations.md): the allied units' /api (who may
// call, bad input, the invite link), the join by invite code (wrong, expired, a member), reservations of a squad, a
// team and a slot in the save and in GET /api/orbat, the sign-up rules for guests and members with their texts, the
// waitlist for guests, the release at its time opening slots to a herd of members, a guest removed or an allied unit
// deleted losing their slot, and versions, restores and mission imports keeping reservations.
import fs from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { OrbatPayload, OrbatSlot } from '#contracts/orbat.ts'
import { alliedGuests, alliedUnits } from '#db/schema/allies.ts'
import { auditLog } from '#db/schema/audit.ts'
import { notificationOutbox } from '#db/schema/notifications.ts'
import { events } from '#db/schema/roster.ts'
import { releaseDueReservations } from '#server/allies/release.ts'
import { markChanged } from '#server/orbat/live.ts'
import { api, expectAdminOnly } from '#tests/harness/admin.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { truncateTables } from '#tests/harness/db.ts'
import { sendMissionForm } from '#tests/harness/mission.ts'
import {
  addAndLoginUsers,
  addMember,
  addSquad,
  getJson,
  holderOf,
  joinWaitlist,
  loginDemos,
  resetOrbat,
  signUp,
  slotsHeldBy,
  toSave,
  waitlistUserIds,
  type LoggedIn,
} from '#tests/harness/orbat.ts'

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn
let visitors: LoggedIn[]

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, reyes] = await loginDemos(t, ['demo_admin', 'reyes'])
  // People who are not on the roster: guests-to-be, and two more to stay visitors.
  visitors = await addAndLoginUsers(t, 6, { prefix: 451, namePrefix: 'ally', roles: [] })
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await truncateTables(db(), [alliedGuests, alliedUnits, events, notificationOutbox])
  await addMember(db(), reyes.discordId, { ingameName: 'Reyes' })
})

const db = () => t.database.db
const orbat = async () => (await getJson<OrbatPayload>(t.client(), '/api/orbat')).body
const slotOf = async (id: number) => (await orbat()).slots.find((s) => s.id === id)!
const save = (body: unknown) =>
  api<{ error?: string; orbat?: OrbatPayload }>(admin.client, 'PUT', '/api/admin/orbat/save', body)

type Created = { id: number; invite_url: string; message: string }
async function addAlly(body: Record<string, unknown> = {}) {
  const created = await api<Created>(admin.client, 'POST', '/api/admin/allied-units', {
    name: '3rd Commando Brigade',
    tag: '3CB',
    ...body,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return { ...created.body, code: created.body.invite_url.split('/').at(-1)! }
}
const join = (who: LoggedIn, code: unknown) =>
  api<{ allied_unit?: { id: number; name: string; tag: string }; message?: string; error?: string }>(
    who.client,
    'POST',
    '/api/allied-units/join',
    { code },
  )

/** Alpha (reserved as a squad), Bravo with a reserved team and one reserved slot, and Charlie with none. */
async function arrangeReserved(allyId: number) {
  const alpha = await addSquad(db(), { name: 'Alpha', slots: [{ role: 'Lead' }, { role: 'Rifleman' }] })
  const bravo = await addSquad(db(), {
    name: 'Bravo',
    slots: [
      { team: 'Red', role: 'Pilot' },
      { team: 'Red', role: 'Copilot' },
      { team: 'Blue', role: 'Gunner' },
      { team: 'Blue', role: 'Loader' },
    ],
  })
  const charlie = await addSquad(db(), { name: 'Charlie', slots: [{ role: 'Medic' }] })
  markChanged()
  const body = toSave(await orbat())
  const answer = await save({
    ...body,
    squads: body.squads!.map((s) => (s.name === 'Alpha' ? { ...s, reserved_for: allyId } : s)),
    teams: [{ squadName: 'Bravo', team: 'Red', reserved_for: allyId }],
    slots: body.slots.map((s) => (s.role === 'Gunner' ? { ...s, reserved_for: allyId } : s)),
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return { alpha, bravo, charlie }
}

describe('allied units', () => {
  it('every admin call is 401 for a visitor and 403 for a member', async () => {
    const ally = await addAlly()
    for (const [method, path, body] of [
      ['GET', '/api/admin/allied-units'],
      ['POST', '/api/admin/allied-units', { name: 'X', tag: 'X' }],
      ['PUT', `/api/admin/allied-units/${ally.id}`, { name: 'X', tag: 'X' }],
      ['DELETE', `/api/admin/allied-units/${ally.id}`],
      ['POST', `/api/admin/allied-units/${ally.id}/rotate-invite`],
      ['GET', `/api/admin/allied-units/${ally.id}/guests`],
      ['DELETE', `/api/admin/allied-units/${ally.id}/guests/${visitors[0]!.id}`],
    ] as const)
      await expectAdminOnly(t, reyes.client, method, path, body)
    expect(await db().select().from(alliedUnits)).toHaveLength(1)
  })

  it('refuses bad input with 400 {error} naming what is wrong, and a taken name or tag with 409', async () => {
    const cases: Array<[unknown, string]> = [
      [{ tag: '3CB' }, 'The name is required.'],
      [{ name: '3CB' }, 'The tag is required.'],
      [{ name: 'A', tag: 'A'.repeat(13) }, 'The tag is limited to 12 characters.'],
      [{ name: 'A', tag: 'A', release_hours_before: -1 }, 'The release must be a whole number of hours'],
      [{ name: 'A', tag: 'A', release_hours_before: '1e3' }, 'The release must be a whole number of hours'],
      [{ name: 'A', tag: 'A', contact_discord_id: 'bob' }, 'The contact’s Discord id must be a Discord id'],
      [{ name: 'A', tag: 'A', invite_expires_in_days: 0 }, "The invite link's life must be"],
    ]
    for (const [body, error] of cases) {
      const answer = await api<{ error: string }>(admin.client, 'POST', '/api/admin/allied-units', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error).toContain(error)
    }
    expect(await db().select().from(alliedUnits)).toHaveLength(0)
    await addAlly()
    const sameName = await api<{ error: string }>(admin.client, 'POST', '/api/admin/allied-units', {
      name: '3RD COMMANDO BRIGADE',
      tag: 'X',
    })
    expect(sameName).toMatchObject({ status: 409, body: { error: 'Another allied unit already has this name.' } })
    const sameTag = await api<{ error: string }>(admin.client, 'POST', '/api/admin/allied-units', {
      name: 'Other',
      tag: '3cb',
    })
    expect(sameTag).toMatchObject({ status: 409, body: { error: 'Another allied unit already has this tag.' } })
    expect((await api(admin.client, 'PUT', '/api/admin/allied-units/99999', { name: 'A', tag: 'A' })).status).toBe(404)
  })

  it('lists, edits, rotates the invite link (the old code stops working) and audits each', async () => {
    const ally = await addAlly({ release_hours_before: 24, contact_discord_id: '123456789012345678' })
    expect(ally.invite_url).toMatch(/\/allies\/join\/[\w-]{24}$/)
    const list = await api<{ items: Array<Record<string, unknown>> }>(admin.client, 'GET', '/api/admin/allied-units')
    expect(list.body.items).toEqual([
      expect.objectContaining({
        id: ally.id,
        name: '3rd Commando Brigade',
        tag: '3CB',
        release_hours_before: 24,
        guests_need_roles: false,
        invite_url: ally.invite_url,
        invite_expires_at: null,
        guests: 0,
        reserved_slots: 0,
        released: false,
      }),
    ])
    const edited = await api<{ allied_unit: Record<string, unknown> }>(
      admin.client,
      'PUT',
      `/api/admin/allied-units/${ally.id}`,
      { name: '3CB', tag: '3CB', release_hours_before: null, guests_need_roles: true },
    )
    expect(edited.status).toBe(200)
    expect(edited.body.allied_unit).toMatchObject({ name: '3CB', release_hours_before: null, guests_need_roles: true })
    const rotated = await api<{ invite_url: string }>(
      admin.client,
      'POST',
      `/api/admin/allied-units/${ally.id}/rotate-invite`,
    )
    expect(rotated.status).toBe(200)
    expect(rotated.body.invite_url).not.toBe(ally.invite_url)
    expect((await join(visitors[0]!, ally.code)).status).toBe(400)
    expect((await join(visitors[0]!, rotated.body.invite_url.split('/').at(-1))).status).toBe(200)
    const actions = (await db().select({ action: auditLog.action }).from(auditLog)).map((a) => a.action)
    expect(actions).toEqual(
      expect.arrayContaining([
        'Allied unit added',
        'Allied unit edited',
        'Allied unit invite link rotated',
        'Allied guest joined',
      ]),
    )
  })
})

describe('joining by the invite link', () => {
  it('makes a guest; a wrong or expired code is 400, a roster member 409 and stays a member', async () => {
    const ally = await addAlly()
    const [guest, other] = visitors
    for (const code of ['nope', '', 42, ally.code.toUpperCase()])
      expect((await join(guest!, code)).status, String(code)).toBe(400)
    expect((await api(t.client(), 'POST', '/api/allied-units/join', { code: ally.code })).status).toBe(401)
    const joined = await join(guest!, ally.code)
    expect(joined).toMatchObject({
      status: 200,
      body: {
        allied_unit: { id: ally.id, name: '3rd Commando Brigade', tag: '3CB' },
        message:
          'You joined 3rd Commando Brigade as a guest. You can take the slots reserved for 3rd Commando Brigade on the ORBAT.',
      },
    })
    expect((await join(guest!, ally.code)).body.message).toBe('You are already a guest of 3rd Commando Brigade.')
    const member = await join(reyes, ally.code)
    expect(member).toMatchObject({
      status: 409,
      body: { error: 'You are on this unit’s roster: you stay a member and sign up as one.' },
    })
    await db()
      .update(alliedUnits)
      .set({ invite_expires_at: new Date(Date.now() - 1000) })
      .where(eq(alliedUnits.id, ally.id))
    expect(await join(other!, ally.code)).toMatchObject({
      status: 400,
      body: { error: 'This invite link is not valid or has expired. Ask the unit for a new one.' },
    })
    const guests = await api<{ items: Array<{ user_id: number; slot: string | null }> }>(
      admin.client,
      'GET',
      `/api/admin/allied-units/${ally.id}/guests`,
    )
    expect(guests.body.items.map((g) => g.user_id)).toEqual([guest!.id])
  })
})

describe('reservations', () => {
  it('at squad, team and slot level: guests take only theirs, members none while they hold, each told why', async () => {
    const ally = await addAlly()
    const other = await addAlly({ name: 'Task Force Rhino', tag: 'TFR' })
    const { alpha, bravo, charlie } = await arrangeReserved(ally.id)
    const [guest, rhino] = visitors
    await join(guest!, ally.code)
    await join(rhino!, other.code)

    const shown = await orbat()
    const reservedRoles = shown.slots.filter((s) => s.reserved_for).map((s) => s.role)
    expect(reservedRoles).toEqual(['Lead', 'Rifleman', 'Pilot', 'Copilot', 'Gunner'])
    expect(shown.slots.find((s) => s.role === 'Pilot')!.reserved_for).toEqual({
      id: ally.id,
      tag: '3CB',
      name: '3rd Commando Brigade',
    })
    expect(shown.squads.find((s) => s.name === 'Alpha')!.reserved_for).toBe(ally.id)
    expect(shown.slots.find((s) => s.role === 'Gunner')).toMatchObject({ own_reserved_for: ally.id })
    expect(shown.slots.find((s) => s.role === 'Copilot')).toMatchObject({ team_reserved_for: ally.id })

    // A member: refused on every reserved slot, free on the others.
    for (const slot of [alpha.slot('Lead'), bravo.slot('Copilot'), bravo.slot('Gunner')]) {
      const refused = await signUp(reyes.client, slot.id)
      expect(refused.status, JSON.stringify(refused.body)).toBe(403)
      expect(refused.body.error).toBe('This slot is reserved for 3rd Commando Brigade.')
    }
    expect((await signUp(reyes.client, bravo.slot('Loader').id)).status).toBe(200)
    // A guest: refused outside their unit's slots; the other ally's guest refused on them.
    const refused = await signUp(guest!.client, charlie.slot('Medic').id)
    expect(refused.status).toBe(403)
    expect(refused.body.error).toBe(
      'Guests of 3rd Commando Brigade can only take slots reserved for 3rd Commando Brigade.',
    )
    expect((await signUp(rhino!.client, alpha.slot('Lead').id)).body.error).toBe(
      'Guests of Task Force Rhino can only take slots reserved for Task Force Rhino.',
    )
    expect((await signUp(guest!.client, bravo.slot('Gunner').id)).status).toBe(200)
    // Moving inside their reservation is a sign-up like any other.
    expect((await signUp(guest!.client, alpha.slot('Lead').id)).status).toBe(200)
    expect(await holderOf(db(), alpha.slot('Lead').id)).toBe(guest!.id)
    expect(await holderOf(db(), bravo.slot('Gunner').id)).toBe(null)
    expect((await slotOf(alpha.slot('Lead').id)).holder).toEqual({ name: 'Trooper 451-0', guest_of: '3CB' })
    expect((await slotOf(bravo.slot('Loader').id)).holder).toEqual({ name: 'Reyes', guest_of: null })
  })

  it('binds guests to role locks only when their unit says guests must hold the role', async () => {
    const ally = await addAlly()
    const squad = await addSquad(db(), { name: 'Air', slots: [{ role: 'Pilot', lock: 'Pilot' }] })
    await db().execute(`update squads set reserved_for = ${ally.id} where id = ${squad.squad.id}`)
    markChanged()
    const [guest] = visitors
    await join(guest!, ally.code)
    expect((await signUp(guest!.client, squad.slot('Pilot').id)).status).toBe(200)
    await db().execute(`update slots set user_id = null`)
    await db().update(alliedUnits).set({ guests_need_roles: true }).where(eq(alliedUnits.id, ally.id))
    expect((await signUp(guest!.client, squad.slot('Pilot').id)).body.error).toBe(
      'This slot is locked to Pilot. You do not have the required Discord role.',
    )
  })

  it('rejects a reservation for an allied unit that does not exist, naming the row, and changes nothing', async () => {
    await addSquad(db(), { name: 'Alpha', slots: [{ role: 'Lead' }] })
    markChanged()
    const body = toSave(await orbat())
    for (const [bad, field] of [
      [{ ...body, squads: body.squads!.map((s) => ({ ...s, reserved_for: 777 })) }, 'squads[0].reserved_for'],
      [{ ...body, slots: body.slots.map((s) => ({ ...s, reserved_for: { id: 777 } })) }, 'slots[0].reserved_for'],
      [{ ...body, teams: [{ squadName: 'Alpha', team: 'Alpha', reserved_for: 777 }] }, 'teams[0].reserved_for'],
      [{ ...body, squads: body.squads!.map((s) => ({ ...s, reserved_for: 'x' })) }, 'squads[0].reserved_for'],
    ] as const) {
      const answer = await save(bad)
      expect(answer.status, JSON.stringify(bad)).toBe(400)
      expect(answer.body.error).toContain(field)
    }
    expect((await orbat()).slots.every((s) => s.reserved_for === null)).toBe(true)
  })

  it('a save that leaves reservations out keeps them; a new slot in a reserved team takes the team’s', async () => {
    const ally = await addAlly()
    await arrangeReserved(ally.id)
    const body = toSave(await orbat())
    const answer = await save({
      ...body,
      slots: [...body.slots, { squadName: 'Bravo', team: 'Red', team_order: 0, slot_order: 9, role: 'Crew Chief' }],
    })
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const reserved = (await orbat()).slots.filter((s) => s.reserved_for).map((s) => s.role)
    expect(reserved).toEqual(['Lead', 'Rifleman', 'Pilot', 'Copilot', 'Crew Chief', 'Gunner'])
  })
})

describe("telling the allied unit's contact", () => {
  it('a save that reserves slots tells the contact by Discord message, with how many and the invite link; one that adds none tells nobody', async () => {
    const contact = visitors[5]!
    const ally = await addAlly({ contact_discord_id: contact.discordId })
    const dms = () =>
      t.discord.state.messages.filter((m) => m.channelName === `@${contact.username}`).map((m) => m.content)
    const before = dms().length
    await arrangeReserved(ally.id)
    await expect.poll(dms).toHaveLength(before + 1)
    // Alpha's two slots, Bravo's Red team (two) and Bravo's Gunner.
    expect(dms().at(-1)).toBe(
      `🤝 5 slots in the ORBAT of Task Force HQ are now reserved for **3rd Commando Brigade**. Your players take them after joining with this link: ${ally.invite_url}`,
    )
    // The answer comes after the message (a quick Discord is awaited): a save that reserves nothing more says nothing.
    expect((await save(toSave(await orbat()))).status).toBe(200)
    expect(dms()).toHaveLength(before + 1)
  })
})

describe('the waitlist', () => {
  it('a guest waits for their unit’s reserved slots; a member is never placed in one while it holds', async () => {
    const ally = await addAlly()
    const { alpha } = await arrangeReserved(ally.id)
    const [guest, holder] = visitors
    await join(guest!, ally.code)
    await join(holder!, ally.code)
    // Every reserved slot of the unit is taken but one, which the other guest holds.
    await db().execute(
      `update slots set manual_username = 'Typed' where role in ('Rifleman', 'Pilot', 'Copilot', 'Gunner')`,
    )
    expect((await signUp(holder!.client, alpha.slot('Lead').id)).status).toBe(200)
    await t.database.db.execute(
      `insert into eligible_roles (role_name, role_id, can_join_general_waitlist) values ('Rifleman', '900000000000000002', true)`,
    )
    await addMember(db(), visitors[2]!.discordId, { ingameName: 'Waiting Member' })
    await db().execute(`update users set discord_roles = '{900000000000000002}' where id = ${visitors[2]!.id}`)
    expect((await joinWaitlist(visitors[2]!.client)).status).toBe(200)
    // A guest needs no eligible role to wait.
    expect((await joinWaitlist(guest!.client)).status).toBe(200)
    expect(await waitlistUserIds(db())).toEqual([visitors[2]!.id, guest!.id])
    // The reserved slot opens: the guest is placed though the member waited longer.
    await api(admin.client, 'DELETE', `/api/admin/allied-units/${ally.id}/guests/${holder!.id}`)
    expect(await holderOf(db(), alpha.slot('Lead').id)).toBe(guest!.id)
    expect(await waitlistUserIds(db())).toEqual([visitors[2]!.id])
  })
})

describe('the release', () => {
  it('opens the unfilled reserved slots to everyone at its time: the waitlist fills them, pages hear, a herd signs up', async () => {
    const ally = await addAlly({ release_hours_before: 24 })
    const { alpha, bravo } = await arrangeReserved(ally.id)
    const [guest] = visitors
    await join(guest!, ally.code)
    expect((await signUp(guest!.client, bravo.slot('Pilot').id)).status).toBe(200)
    // An operation two days away: the reservation holds.
    const [operation] = await db()
      .insert(events)
      .values({ name: 'Op Joint', date: new Date(Date.now() + 48 * 3_600_000), orbat_linked: true })
      .returning()
    expect(await releaseDueReservations(t.app.services)).toEqual([])
    expect((await signUp(reyes.client, alpha.slot('Lead').id)).status).toBe(403)
    // The clock reaches the release: the operation now starts in 23 hours.
    await db()
      .update(events)
      .set({ date: new Date(Date.now() + 23 * 3_600_000) })
      .where(eq(events.id, operation!.id))
    const herd = await addAndLoginUsers(t, 6, { prefix: 452, namePrefix: 'herd' })
    for (const member of herd) await addMember(db(), member.discordId, { ingameName: member.username })
    const released = await releaseDueReservations(t.app.services)
    expect(released).toEqual([{ id: ally.id, name: '3rd Commando Brigade', open_slots: 4 }])
    // Once per operation.
    expect(await releaseDueReservations(t.app.services)).toEqual([])
    const shown = await orbat()
    expect(shown.slots.every((s: OrbatSlot) => s.reserved_for === null)).toBe(true)
    // Four open slots (Lead, Rifleman, Copilot, Gunner), six members pressing at once: four get one, nobody two.
    const answers = await Promise.all(
      herd.map((member, i) =>
        signUp(
          member.client,
          [alpha.slot('Lead'), alpha.slot('Rifleman'), bravo.slot('Copilot'), bravo.slot('Gunner')][i % 4]!.id,
        ),
      ),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4)
    expect(answers.filter((a) => a.status === 409)).toHaveLength(2)
    // The guest keeps the slot they took; a guest cannot take a released slot.
    expect(await holderOf(db(), bravo.slot('Pilot').id)).toBe(guest!.id)
    const list = await api<{ items: Array<{ released: boolean }> }>(admin.client, 'GET', '/api/admin/allied-units')
    expect(list.body.items[0]!.released).toBe(true)
  })
})

describe('a guest removed or an allied unit deleted', () => {
  it('loses their slot (offered to the waitlist) and, with the unit, every reservation', async () => {
    const ally = await addAlly()
    const { alpha } = await arrangeReserved(ally.id)
    const [guest, second] = visitors
    await join(guest!, ally.code)
    await join(second!, ally.code)
    expect((await signUp(guest!.client, alpha.slot('Lead').id)).status).toBe(200)
    expect((await signUp(second!.client, alpha.slot('Rifleman').id)).status).toBe(200)
    const removed = await api(admin.client, 'DELETE', `/api/admin/allied-units/${ally.id}/guests/${guest!.id}`)
    expect(removed).toMatchObject({
      status: 200,
      body: { message: 'Guest removed. Their slot and waitlist place are given up.' },
    })
    expect(await holderOf(db(), alpha.slot('Lead').id)).toBe(null)
    expect((await api(admin.client, 'DELETE', `/api/admin/allied-units/${ally.id}/guests/${guest!.id}`)).status).toBe(
      404,
    )
    // No longer a guest: a visitor again, who may not take the reserved slot.
    expect((await signUp(guest!.client, alpha.slot('Lead').id)).body.error).toBe(
      'This slot is reserved for 3rd Commando Brigade.',
    )
    expect((await api(admin.client, 'DELETE', `/api/admin/allied-units/${ally.id}`)).status).toBe(200)
    expect(await holderOf(db(), alpha.slot('Rifleman').id)).toBe(null)
    expect((await orbat()).slots.every((s) => s.reserved_for === null)).toBe(true)
    expect(await db().select().from(alliedGuests)).toEqual([])
  })
})

describe('versions and restores', () => {
  it('keep reservations: a restore brings back the squad, team and slot reservations of its version', async () => {
    const ally = await addAlly()
    await arrangeReserved(ally.id)
    const versions = await getJson<Array<{ id: number }>>(admin.client, '/api/admin/orbat/versions')
    const reservedVersion = versions.body[0]!.id
    const body = toSave(await orbat())
    await save({
      ...body,
      squads: body.squads!.map((s) => ({ ...s, reserved_for: null })),
      teams: [],
      slots: body.slots.map((s) => ({ ...s, reserved_for: null })),
    })
    expect((await orbat()).slots.every((s) => s.reserved_for === null)).toBe(true)
    const restored = await api(admin.client, 'POST', `/api/admin/orbat/versions/${reservedVersion}/restore`)
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    const reserved = (await orbat()).slots.filter((s) => s.reserved_for).map((s) => s.role)
    expect(reserved).toEqual(['Lead', 'Rifleman', 'Pilot', 'Copilot', 'Gunner'])
  })
})

describe('a restore and a guest', () => {
  it('puts a guest back in the reserved slot they held in the version, while they are its unit’s guest', async () => {
    const ally = await addAlly()
    const { alpha } = await arrangeReserved(ally.id)
    const [guest] = visitors
    await join(guest!, ally.code)
    expect((await signUp(guest!.client, alpha.slot('Lead').id)).status).toBe(200)
    // The version as the guest holds Lead, then a save that takes Lead away (the editor saw them in it).
    expect((await save(toSave(await orbat()))).status).toBe(200)
    const versions = await getJson<Array<{ id: number }>>(admin.client, '/api/admin/orbat/versions')
    const held = versions.body[0]!.id
    const body = toSave(await orbat())
    expect((await save({ ...body, slots: body.slots.filter((s) => s.role !== 'Lead') })).status).toBe(200)
    expect(await slotsHeldBy(db(), guest!.id)).toEqual([])
    const restored = await api<{ reseat: { put_back: Array<{ member: string }> } }>(
      admin.client,
      'POST',
      `/api/admin/orbat/versions/${held}/restore`,
    )
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    expect(restored.body.reseat.put_back.map((p) => p.member)).toContain('Trooper 451-0')
    const lead = (await orbat()).slots.find((s) => s.role === 'Lead' && s.squad_id === alpha.squad.id)!
    expect(lead.holder).toEqual({ name: 'Trooper 451-0', guest_of: '3CB' })
  })
})

describe('a mission import', () => {
  it('keeps the reservations of the squads and slots it keeps (matched by squad and role)', async () => {
    const ally = await addAlly()
    const alpha = await addSquad(db(), { name: 'Alpha 1-1', slots: [{ team: 'A', role: 'Squad Leader' }] })
    await db().execute(`update squads set reserved_for = ${ally.id} where id = ${alpha.squad.id}`)
    markChanged()
    const response = await sendMissionForm(
      admin.client,
      '/api/admin/orbat/import/sqm?apply=1',
      fs.readFileSync('tests/fixtures/mission/mission.sqm'),
    )
    expect(response.status).toBe(200)
    const after = await orbat()
    const squad = after.squads.find((s) => s.name === 'Alpha 1-1')!
    expect(squad.reserved_for).toBe(ally.id)
    const slots = after.slots.filter((s) => s.squad_id === squad.id)
    expect(slots.length).toBeGreaterThan(1)
    expect(slots.every((s) => s.reserved_for?.tag === '3CB')).toBe(true)
    expect(after.slots.filter((s) => s.squad_id !== squad.id).every((s) => s.reserved_for === null)).toBe(true)
  })
})

describe('a joint operation', () => {
  it('keeps its guests and their tag in the frozen ORBAT, and counts them by allied unit, never as members', async () => {
    const ally = await addAlly()
    const { alpha, charlie } = await arrangeReserved(ally.id)
    const [guest] = visitors
    await join(guest!, ally.code)
    expect((await signUp(guest!.client, alpha.slot('Lead').id)).status).toBe(200)
    expect((await signUp(reyes.client, charlie.slot('Medic').id)).status).toBe(200)
    const [operation] = await db()
      .insert(events)
      .values({ name: 'Op Joint', date: new Date(Date.now() - 3_600_000), orbat_linked: true })
      .returning()
    const frozen = await api<{
      squads: Array<{ name: string; teams: Array<{ slots: Array<Record<string, unknown>> }> }>
    }>(admin.client, 'POST', `/api/roster/events/${operation!.id}/orbat-snapshot`)
    expect(frozen.status, JSON.stringify(frozen.body)).toBe(200)
    const slots = frozen.body.squads.flatMap((s) => s.teams.flatMap((t) => t.slots))
    expect(slots.find((s) => s.role === 'Lead')).toMatchObject({
      holder: 'Trooper 451-0',
      guest_of: '3CB',
      member_id: null,
    })
    expect(slots.find((s) => s.role === 'Rifleman')).toMatchObject({ holder: null, reserved_for: '3CB' })
    expect(slots.find((s) => s.role === 'Medic')).toMatchObject({ holder: 'Reyes', guest_of: null })
    const activity = await api<{ sessions: Array<{ id: number; allies: unknown }> }>(
      admin.client,
      'GET',
      '/api/activity',
    )
    expect(activity.body.sessions.find((s) => s.id === operation!.id)?.allies).toEqual([{ tag: '3CB', guests: 1 }])
  })
})
