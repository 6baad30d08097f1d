// PUT /api/admin/orbat/save over real HTTP on real PostgreSQL (docs/rules/orbat.md, Saving the ORBAT): admin-only,
// round trip of every field, new rows by temporary ids, spacers, squadName mapping, unique names, one transaction,
// sign-ups made during an edit kept or refused with 409, the fill rule for freed slots; plus the editor's look-ups
// (/api/roster, /api/discord-roles/squads). What a save guarantees of the layout, the people kept and freed, the
// waitlist and races with sign-ups is held to a restore of a version too (docs/rules/orbat-history.md): the same
// tests run through both (tests/harness/save-routes.ts).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { orbatEdges, orbatPaxCounters, orbatWaypoints, platoons, squads } from '#db/schema/orbat.ts'
import { squadRoleMappings } from '#db/schema/discord.ts'
import { members } from '#db/schema/roster.ts'
import type { OrbatPayload } from '#server/orbat/orbat.ts'
import type { AdminRosterMember, RosterPage } from '#contracts/roster-types.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api, expectAdminOnly } from '#tests/harness/admin.ts'
import { SAVE_ROUTES, saveRoute } from '#tests/harness/save-routes.ts'
import {
  addEligibleRoles,
  addMember,
  addSquad,
  addWaitlistEntry,
  auditEntries,
  expectActivity,
  getJson,
  heldSlots,
  holderOf,
  loginDemos,
  resetOrbat,
  setActivityChannel,
  slotsHeldBy,
  spacer,
  toSave,
  usersWithTwoSlots,
  waitlistUserIds,
  type LoggedIn,
} from '#tests/harness/orbat.ts'
import { truncateTables } from '#tests/harness/db.ts'

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn, novak: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, reyes, novak] = await loginDemos(t, ['demo_admin', 'reyes', 'novak'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await truncateTables(t.database.db, [platoons])
})

const db = () => t.database.db

const loadOrbat = async (client = admin.client) => (await getJson<OrbatPayload>(client, '/api/orbat')).body
const signUp = (client: LoggedIn['client'], slotId: number) =>
  client.fetch(`/api/slot/${slotId}/signup`, { method: 'POST' })
const save = (body: unknown, client = admin.client) =>
  api<{
    message?: string
    error?: string
    kept?: string[]
    removed?: string[]
    moved?: string[]
    orbat?: OrbatPayload
  }>(client, 'PUT', '/api/admin/orbat/save', body)

/** Alpha (platoon, people, lock, spacer, two teams) -> waypoint -> Bravo, and a pax counter. */
async function arrange() {
  const [platoon] = await db().insert(platoons).values({ name: '1st', discord_role_id: '1' }).returning()
  await addEligibleRoles(db(), { Rifleman: {}, 'Combat Medic': {} })
  const alpha = await addSquad(db(), {
    name: 'Alpha',
    primary: true,
    pos_x: 100,
    pos_y: 40,
    slots: [
      { role: 'Squad Lead', user_id: reyes.id },
      spacer('fire team'),
      { role: 'Medic', lock: 'Combat Medic', manual_username: 'Doc' },
      { team: 'Bravo Team', role: 'Rifleman', lock: 'Rifleman' },
    ],
  })
  await db()
    .update(squads)
    .set({ platoon_id: platoon!.id, discord_channel_id: '777' })
    .where(sql`${squads.id} = ${alpha.squad.id}`)
  const bravo = await addSquad(db(), { name: 'Bravo', pos_x: 600, slots: [{ role: 'Gunner' }] })
  const [waypoint] = await db().insert(orbatWaypoints).values({ pos_x: 300, pos_y: 60 }).returning()
  const [pax] = await db().insert(orbatPaxCounters).values({ pos_x: 10, pos_y: 10 }).returning()
  await db()
    .insert(orbatEdges)
    .values([
      {
        source: `squad-${alpha.squad.id}`,
        target: `waypoint-${waypoint!.id}`,
        source_handle: 'right',
        target_handle: 'left',
      },
      {
        source: `waypoint-${waypoint!.id}`,
        target: `squad-${bravo.squad.id}`,
        source_handle: 'right',
        target_handle: 'left',
      },
    ])
  return { platoon: platoon!, alpha, bravo, waypoint: waypoint!, pax: pax! }
}

describe('PUT /api/admin/orbat/save', () => {
  it('is admin-only and PUT-only', async () => {
    await arrange()
    const body = toSave(await loadOrbat())
    await expectAdminOnly(t, reyes.client, 'PUT', '/api/admin/orbat/save', { ...body, squads: [] })
    expect((await api(admin.client, 'GET', '/api/admin/orbat/save')).status).toBe(405)
    expect((await api(admin.client, 'POST', '/api/admin/orbat/save', body)).status).toBe(405)
    expect(await db().select().from(squads)).toHaveLength(2)
    expect(await auditEntries(db(), 'ORBAT saved')).toEqual([])
  })

  it('refuses bad input with 400 and a clear message, and changes nothing', async () => {
    const { alpha } = await arrange()
    const before = await loadOrbat()
    const base = toSave(before)
    const cases: Array<[unknown, RegExp]> = [
      ['not json', /JSON object/],
      [{ ...base, squads: 'x' }, /squads must be a list/],
      [
        { ...base, squads: [...base.squads!, { ...base.squads![0]!, id: -1 }] },
        /Two squads are named "Alpha"\. Squad names must be unique\./,
      ],
      [{ ...base, squads: [{ ...base.squads![0]!, name: '  ' }, base.squads![1]] }, /Every squad needs a name\./],
      [
        { ...base, slots: [...base.slots, { id: -1, squadName: 'Nowhere', team: 'A', role: 'X' }] },
        /A slot names the squad "Nowhere", which is not in the save\./,
      ],
      [
        { ...base, slots: [...base.slots, { id: -1, squadName: 'Alpha', team: ' ', role: 'X' }] },
        /Team names cannot be empty\./,
      ],
      [
        {
          ...base,
          slots: [...base.slots, { id: -1, squadName: 'Alpha', team: 'A', role: '---HQ---', manual_username: 'Bob' }],
        },
        /cannot hold a person/,
      ],
      [
        { ...base, slots: [...base.slots, { id: -1, squadName: 'Bravo', team: 'A', role: 'X', user_id: reyes.id }] },
        /The same member is assigned to two slots\./,
      ],
      [
        { ...base, slots: [...base.slots, { id: -1, squadName: 'Bravo', team: 'A', role: 'X', user_id: 99999 }] },
        /User 99999 does not exist\./,
      ],
      [
        { ...base, squads: [{ ...base.squads![0]!, platoon_id: 4242 }, base.squads![1]] },
        /names platoon 4242, which does not exist/,
      ],
      [
        { ...base, edges: [{ source: `squad-${alpha.squad.id}`, target: 'squad-424242' }] },
        /An edge ends at squad-424242, which is not in the save\./,
      ],
      [{ ...base, edges: [{ source: 'drop table', target: 'x' }] }, /Edge ends must be node ids/],
      [{ ...base, squads: [{ ...base.squads![0]!, pos_x: 'far' }, base.squads![1]] }, /Positions must be numbers/],
      [
        { ...base, slots: [...base.slots, { id: 1.5, squadName: 'Alpha', team: 'A', role: 'X' }] },
        /Ids must be integers/,
      ],
    ]
    for (const [body, message] of cases) {
      const response = await save(body)
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(response.body.error).toMatch(message)
    }
    expect(await loadOrbat()).toEqual(before)
    expect(await auditEntries(db(), 'ORBAT saved')).toEqual([])
  })

  describe('cards never overlap after a save', () => {
    // Card sizes are the diagrams' (contracts/orbat-layout.ts): 400 wide, 2 + 48 + 8 px of frame, 28 per team, 44 per
    // slot, 24 per heading. Alpha (arrange) at 100,40: two teams, three slots, a heading = 270 high, to y 310.
    // Bravo at 600,0: one team, one slot = 130 high.
    const newSquad = (name: string, pos_x: number, pos_y: number, id = `new-${name.replace(/\W/g, '')}`) => ({
      id,
      name,
      pos_x,
      pos_y,
      can_be_primary_waitlist: false,
      platoon_id: null,
    })
    const rifleman = (squadName: string, id: number | string) => ({
      id,
      squadName,
      team: 'Team 1',
      team_order: 0,
      slot_order: 0,
      role: 'Rifleman',
      required_role_id: 'Combat Medic',
    })
    type Box = { x: number; y: number; width: number; height: number }
    const boxOf = (orbat: OrbatPayload, name: string): Box => {
      const squad = orbat.squads.find((s) => s.name === name)!
      const rows = orbat.slots.filter((s) => s.squad_id === squad.id)
      const teams = new Set(rows.map((r) => r.team)).size
      const spacers = rows.filter((r) => r.role.startsWith('---')).length
      const height = 58 + (teams === 0 ? 36 : teams * 28 + (rows.length - spacers) * 44 + spacers * 24)
      return { x: squad.pos_x, y: squad.pos_y, width: 400, height }
    }
    const overlapping = (orbat: OrbatPayload) =>
      orbat.squads.flatMap((a, i) =>
        orbat.squads.slice(i + 1).flatMap((b) => {
          const [p, q] = [boxOf(orbat, a.name), boxOf(orbat, b.name)]
          const apart = p.x + p.width <= q.x || q.x + q.width <= p.x || p.y + p.height <= q.y || q.y + q.height <= p.y
          return apart ? [] : [`${a.name}/${b.name}`]
        }),
      )

    it('a new squad saved on top of others (Add Squad at 200,200) moves the shortest way to free space; the rest stay', async () => {
      await arrange()
      const before = await loadOrbat()
      const body = toSave(before)
      body.squads!.push(newSquad('New Squad', 200, 200))
      body.slots.push(rifleman('New Squad', 'new-slot'))
      const saved = await save(body)
      expect(saved.body.error).toBeUndefined()
      expect(saved.status).toBe(200)
      expect(saved.body).toMatchObject({ message: 'ORBAT Saved Successfully!', moved: ['New Squad'] })
      const after = await loadOrbat()
      // Below Alpha (y 310 + 40 on the 20 px grid: 160 away) is nearer than right of it (x 540: 340 away).
      expect(after.squads.find((s) => s.name === 'New Squad')).toMatchObject({ pos_x: 200, pos_y: 360 })
      expect(after.squads.filter((s) => s.name !== 'New Squad')).toEqual(before.squads)
      expect(overlapping(after)).toEqual([])
      expect(saved.body.orbat).toEqual(after)
      expect((await auditEntries(db(), 'ORBAT saved'))[0]!.details).toMatch(
        /Moved so that no cards overlap: New Squad\.$/,
      )
    })

    it('a card dropped on another is the one that moves; cards that only touch stay', async () => {
      const { alpha, bravo } = await arrange()
      const body = toSave(await loadOrbat())
      // Bravo dragged onto Alpha's right edge; a new squad placed exactly under Alpha's drawn bottom (y 310) touches it.
      body.squads = body.squads!.map((s) => (s.id === bravo.squad.id ? { ...s, pos_x: 400, pos_y: 60 } : s))
      body.squads.push(newSquad('Touching', 100, 310))
      body.slots.push(rifleman('Touching', 'new-slot'))
      const saved = await save(body)
      expect(saved.status).toBe(200)
      expect(saved.body.moved).toEqual(['Bravo'])
      const after = await loadOrbat()
      const at = (id: number) => after.squads.find((s) => s.id === id)!
      expect(at(alpha.squad.id)).toMatchObject({ pos_x: 100, pos_y: 40 })
      expect(after.squads.find((s) => s.name === 'Touching')).toMatchObject({ pos_x: 100, pos_y: 310 })
      // Right of Alpha (x 500 + 40: 140 away) is nearer for Bravo than below it (y 360: 300 away).
      expect(at(bravo.squad.id)).toMatchObject({ pos_x: 540, pos_y: 60 })
      expect(overlapping(after)).toEqual([])
    })

    it('cards stored on top of each other are pulled apart by the next save, the newer squad moving', async () => {
      const { alpha } = await arrange()
      const charlie = await addSquad(db(), { name: 'Charlie', pos_x: 140, pos_y: 80, slots: [{ role: 'Gunner' }] })
      const before = await loadOrbat()
      expect(overlapping(before)).toEqual(['Alpha/Charlie'])
      const saved = await save(toSave(before))
      expect(saved.status).toBe(200)
      expect(saved.body.moved).toEqual(['Charlie'])
      const after = await loadOrbat()
      expect(after.squads.find((s) => s.id === alpha.squad.id)).toMatchObject({ pos_x: 100, pos_y: 40 })
      // Below Alpha (y 310 + 40, on the grid): right of it Bravo is in the way too (x 1040 would be 900 away).
      expect(after.squads.find((s) => s.id === charlie.squad.id)).toMatchObject({ pos_x: 140, pos_y: 360 })
      expect(overlapping(after)).toEqual([])
      // Saved again: nothing moves.
      expect((await save(toSave(after))).body.moved).toEqual([])
    })

    it('holds for any payload: a burst of squads all at one spot ends with no two cards overlapping', async () => {
      await arrange()
      const body = toSave(await loadOrbat())
      for (let i = 0; i < 40; i++) {
        body.squads!.push(newSquad(`Pile ${i}`, 120, 60))
        for (let r = 0; r < (i % 4) + 1; r++) body.slots.push({ ...rifleman(`Pile ${i}`, `p${i}-${r}`), slot_order: r })
      }
      const saved = await save(body)
      expect(saved.status).toBe(200)
      expect(saved.body.moved).toHaveLength(40)
      expect(overlapping(await loadOrbat())).toEqual([])
    })
  })

  describe('sign-ups made while the editor was open', () => {
    it('keeps a member who moved into a slot after the load, and refuses to put them back in their old one', async () => {
      const { alpha, bravo } = await arrange()
      const loaded = await loadOrbat()
      // Reyes moves from Squad Lead to Gunner after the editor loaded.
      expect((await signUp(reyes.client, bravo.slot('Gunner').id)).status).toBe(200)
      const saved = await save(toSave(loaded))
      expect(saved.status).toBe(409)
      expect(saved.body.error).toBe(
        'Sgt. Reyes signed up to Gunner (Bravo) after you loaded the editor, and your save assigns them to a second slot, Squad Lead (Alpha). Discard Changes to reload the ORBAT, then make your edit again.',
      )
      expect(await holderOf(db(), bravo.slot('Gunner').id)).toBe(reyes.id)
      expect(await holderOf(db(), alpha.slot('Squad Lead').id)).toBeNull()
      // After a reload the same edit goes through.
      expect((await save(toSave(await loadOrbat()))).status).toBe(200)
    })

    it('refuses with 409 when the editor changed or deleted a slot someone signed up to meanwhile', async () => {
      const { bravo } = await arrange()
      const loaded = await loadOrbat()
      const gunner = bravo.slot('Gunner')
      expect((await signUp(novak.client, gunner.id)).status).toBe(200)

      const named = toSave(loaded)
      named.slots.find((s) => s.id === gunner.id)!.manual_username = 'Ivan'
      const renamed = await save(named)
      expect(renamed.status).toBe(409)
      expect(renamed.body.error).toBe(
        'Pvt. Novak signed up to Gunner (Bravo) after you loaded the editor, and your changes would replace them. Discard Changes to reload the ORBAT, then make your edit again.',
      )

      const deleted = toSave(loaded)
      deleted.slots = deleted.slots.filter((s) => s.id !== gunner.id)
      expect((await save(deleted)).body.error).toBe(
        'Pvt. Novak signed up to Gunner (Bravo) after you loaded the editor, and your save would delete that slot. Discard Changes to reload the ORBAT, then make your edit again.',
      )
      const squadGone = toSave(loaded)
      squadGone.squads = squadGone.squads!.filter((s) => s.name !== 'Bravo')
      squadGone.slots = squadGone.slots.filter((s) => s.squadName !== 'Bravo')
      squadGone.edges = []
      expect((await save(squadGone)).status).toBe(409)

      expect(await holderOf(db(), gunner.id)).toBe(novak.id)
      expect(await auditEntries(db(), 'ORBAT saved')).toEqual([])
    })

    it('lets the admin clear or delete a member the editor showed, then offers the freed slot to the waitlist', async () => {
      const { alpha } = await arrange()
      await setActivityChannel(db())
      await addMember(db(), novak.discordId, { ingameName: 'Novak' })
      await addWaitlistEntry(db(), novak.id)
      const body = toSave(await loadOrbat())
      const lead = body.slots.find((s) => s.id === alpha.slot('Squad Lead').id)!
      lead.user_id = null
      const saved = await save(body)
      expect(saved.status).toBe(200)
      expect(saved.body.removed).toEqual(['Sgt. Reyes (Squad Lead (Alpha))'])
      // The fill rule placed the longest-waiting member in the freed slot.
      expect(await holderOf(db(), lead.id as number)).toBe(novak.id)
      expect(await waitlistUserIds(db())).toEqual([])
      expect(await auditEntries(db(), 'Waitlist placement')).toHaveLength(1)
      await expectActivity(t, 'Novak')
    })

    it('a member the admin assigns leaves the waitlist', async () => {
      const { bravo } = await arrange()
      await addWaitlistEntry(db(), novak.id)
      const body = toSave(await loadOrbat())
      body.slots.find((s) => s.id === bravo.slot('Gunner').id)!.user_id = novak.id
      expect((await save(body)).status).toBe(200)
      expect(await holderOf(db(), bravo.slot('Gunner').id)).toBe(novak.id)
      expect(await waitlistUserIds(db())).toEqual([])
    })
  })
})

describe.each(SAVE_ROUTES)('what a save guarantees, through %s', (name) => {
  const route = saveRoute(name, () => ({ t, admin }))

  it('round-trips every field unchanged, keeps ids, and is audit-logged', async () => {
    await arrange()
    const before = await loadOrbat()
    const saved = await route.save(toSave(before))
    expect(saved.status).toBe(200)
    expect(saved.body.message).toMatch(route.message)
    expect(saved.body.orbat).toEqual(before)
    expect(await loadOrbat()).toEqual(before)
    const [entry] = await auditEntries(db(), 'ORBAT saved')
    expect(entry).toMatchObject({
      actor_user_id: admin.id,
      details: '2 squads, 4 slots, 2 edges, 1 waypoints, 1 pax counters.',
    })
  })

  it('changes every field: renames (even swapped names), moves, flags, platoon, teams, orders, roles, locks, people', async () => {
    const { platoon, alpha, bravo, waypoint, pax } = await arrange()
    const body = toSave(await loadOrbat())
    body.squads = [
      { id: alpha.squad.id, name: 'Bravo', pos_x: 120, pos_y: 60, can_be_primary_waitlist: false, platoon_id: null },
      {
        id: bravo.squad.id,
        name: 'Alpha',
        pos_x: 700,
        pos_y: 20,
        can_be_primary_waitlist: true,
        platoon_id: platoon.id,
      },
    ]
    body.slots = body.slots.map((s) => ({ ...s, squadName: s.squadName === 'Alpha' ? 'Bravo' : 'Alpha' }))
    const lead = body.slots.find((s) => s.role === 'Squad Lead')!
    Object.assign(lead, {
      role: 'Platoon Lead',
      team: 'HQ',
      team_order: 5,
      slot_order: 3,
      required_role_id: 'Rifleman',
      user_id: null,
      manual_username: 'Hawk',
    })
    const gunner = body.slots.find((s) => s.role === 'Gunner')!
    Object.assign(gunner, { user_id: reyes.id })
    body.waypoints = [{ id: waypoint.id, pos_x: 333, pos_y: 44 }]
    body.pax_counters = [{ id: pax.id, pos_x: -50, pos_y: 1.5 }]
    body.edges = [
      {
        source: `squad-${bravo.squad.id}`,
        target: `squad-${alpha.squad.id}`,
        sourceHandle: 'bottom',
        targetHandle: 'top',
        type: 'smoothstep',
      },
    ]

    const saved = await route.save(body)
    expect(saved.status).toBe(200)
    const after = await loadOrbat()
    expect(after.squads).toEqual([
      {
        id: alpha.squad.id,
        name: 'Bravo',
        pos_x: 120,
        pos_y: 60,
        can_be_primary_waitlist: false,
        platoon_id: null,
        discord_channel_id: '777',
        reserved_for: null,
      },
      {
        id: bravo.squad.id,
        name: 'Alpha',
        pos_x: 700,
        pos_y: 20,
        can_be_primary_waitlist: true,
        platoon_id: platoon.id,
        discord_channel_id: null,
        reserved_for: null,
      },
    ])
    const platoonLead = after.slots.find((s) => s.role === 'Platoon Lead')!
    expect(platoonLead).toMatchObject({
      id: lead.id,
      squad_id: alpha.squad.id,
      team: 'HQ',
      team_order: 5,
      slot_order: 3,
      required_role_id: 'Rifleman',
      // A restore puts nobody anywhere: Reyes stays in his slot as it changes around him.
      ...(route.editor ? { user_id: null, manual_username: 'Hawk' } : { user_id: reyes.id, manual_username: null }),
    })
    expect(after.slots.find((s) => s.role === 'Gunner')).toMatchObject({
      id: gunner.id,
      squad_id: bravo.squad.id,
      ...(route.editor ? { user_id: reyes.id, discord_username: 'Sgt. Reyes' } : { user_id: null }),
    })
    expect(after.waypoints).toEqual([{ id: waypoint.id, pos_x: 333, pos_y: 44 }])
    expect(after.pax_counters).toEqual([{ id: pax.id, pos_x: -50, pos_y: 1.5 }])
    expect(after.edges).toEqual([
      {
        id: expect.any(Number),
        source: `squad-${bravo.squad.id}`,
        target: `squad-${alpha.squad.id}`,
        sourceHandle: 'bottom',
        targetHandle: 'top',
        type: 'smoothstep',
      },
    ])
    // The admin moved Reyes (whom the editor showed in Squad Lead) to Gunner: not "kept", a deliberate move.
    expect(saved.body.kept).toEqual([])
  })

  it('creates new squads, slots, spacers, waypoints and pax counters from temporary ids and maps slots by squadName', async () => {
    const { alpha } = await arrange()
    const body = toSave(await loadOrbat())
    // In free space (below Alpha, left of Bravo): where a card lands on another is the next describe's.
    body.squads!.push({
      id: -1,
      name: 'Charlie',
      pos_x: 200,
      pos_y: 400,
      can_be_primary_waitlist: true,
      platoon_id: null,
    })
    body.slots.push(
      {
        id: -2,
        squadName: 'Charlie',
        team: 'Team 1',
        team_order: 0,
        slot_order: 0,
        role: 'Team Lead',
        required_role_id: 'Rifleman',
      },
      { id: -3, squadName: 'Charlie', team: 'Team 1', team_order: 0, slot_order: 1, role: '---  support section ---' },
      {
        id: -4,
        squadName: 'Charlie',
        team: 'Team 1',
        team_order: 0,
        slot_order: 2,
        role: 'AT Gunner',
        manual_username: '  Ivan ',
      },
      {
        id: -5,
        squadName: 'Alpha',
        team: 'Bravo Team',
        team_order: 1,
        slot_order: 1,
        role: 'Grenadier',
        manual_username: '',
      },
    )
    body.waypoints!.push({ id: -6, pos_x: 150, pos_y: 150 })
    body.pax_counters!.push({ id: -7, pos_x: 0, pos_y: 500 })
    body.edges!.push(
      {
        source: `squad-${alpha.squad.id}`,
        target: 'waypoint--6',
        sourceHandle: 'right',
        targetHandle: 'left',
        type: 'smoothstep',
      },
      { source: 'waypoint--6', target: 'squad--1', sourceHandle: null, targetHandle: null, type: 'smoothstep' },
    )
    const saved = await route.save(body)
    expect(saved.status).toBe(200)
    const after = await loadOrbat()
    const charlie = after.squads.find((s) => s.name === 'Charlie')!
    expect(charlie).toMatchObject({
      pos_x: 200,
      pos_y: 400,
      can_be_primary_waitlist: true,
      platoon_id: null,
      discord_channel_id: null,
    })
    expect(charlie.id).toBeGreaterThan(0)
    expect(
      after.slots.filter((s) => s.squad_id === charlie.id).map((s) => [s.role, s.required_role_id, s.manual_username]),
    ).toEqual([
      ['Team Lead', 'Rifleman', null],
      ['---SUPPORT SECTION---', null, null],
      // A restore brings the new slot back with the manual name its version holds (docs/rules/orbat-history.md).
      ['AT Gunner', null, 'Ivan'],
    ])
    expect(after.slots.find((s) => s.role === 'Grenadier')).toMatchObject({
      squad_id: alpha.squad.id,
      manual_username: null,
    })
    const newWaypoint = after.waypoints.find((w) => w.pos_x === 150)!
    expect(after.pax_counters).toHaveLength(2)
    expect(after.edges.map((e) => [e.source, e.target])).toEqual(
      expect.arrayContaining([
        [`squad-${alpha.squad.id}`, `waypoint-${newWaypoint.id}`],
        [`waypoint-${newWaypoint.id}`, `squad-${charlie.id}`],
      ]),
    )
    // The spacer is not a slot: 4 + 3 slots, not 8.
    expect((await auditEntries(db(), 'ORBAT saved'))[0]!.details).toMatch(
      /^3 squads, 7 slots, 4 edges, 2 waypoints, 2 pax counters\.$/,
    )
  })

  it('deletes squads, slots, waypoints and edges the save leaves out (a removed squad takes its role record along)', async () => {
    const { alpha, bravo } = await arrange()
    await db().insert(squadRoleMappings).values({ squad_id: bravo.squad.id, create_discord_channel: true })
    const body = toSave(await loadOrbat())
    body.squads = body.squads!.filter((s) => s.id === alpha.squad.id)
    body.slots = body.slots.filter((s) => s.squadName === 'Alpha' && s.role !== 'Medic')
    body.waypoints = []
    body.edges = []
    expect((await route.save(body)).status).toBe(200)
    const after = await loadOrbat()
    expect(after.squads.map((s) => s.name)).toEqual(['Alpha'])
    expect(after.slots.map((s) => s.role)).toEqual(['Squad Lead', '---FIRE TEAM---', 'Rifleman'])
    expect(after.waypoints).toEqual([])
    expect(after.edges).toEqual([])
    expect(await db().select().from(squadRoleMappings)).toEqual([])
  })

  it('runs in one transaction: a failure late in the save rolls back every earlier write', async () => {
    await arrange()
    const before = await loadOrbat()
    const body = toSave(before)
    body.squads = body.squads!.map((s) => ({ ...s, name: `${s.name} renamed`, pos_x: s.pos_x + 1 }))
    body.slots = body.slots.map((s) => ({ ...s, squadName: `${s.squadName} renamed`, role: `${s.role}` }))
    body.slots.push({ id: -1, squadName: 'Alpha renamed', team: 'New', role: 'New slot' })
    body.edges!.push({
      source: body.edges![0]!.source,
      target: body.edges![1]!.target,
      sourceHandle: 'bottom',
      targetHandle: 'top',
      type: 'smoothstep',
    })
    const send = await route.stage(body)
    // The edges are written last: make that step fail inside the database.
    await db().execute(
      sql`create or replace function fail_edge() returns trigger language plpgsql as $$ begin raise exception 'edge write failed'; end $$`,
    )
    await db().execute(
      sql`create trigger fail_edge before insert on orbat_edges for each row execute function fail_edge()`,
    )
    try {
      const response = await send()
      expect(response.status).toBe(500)
      expect(response.body).toEqual({ error: expect.any(String) })
    } finally {
      await db().execute(sql`drop trigger fail_edge on orbat_edges`)
    }
    expect(await loadOrbat()).toEqual(before)
    expect(await auditEntries(db(), 'ORBAT saved')).toEqual([])
  })

  it('keeps a member who signed up to a slot the editor left alone', async () => {
    const { bravo } = await arrange()
    const loaded = await loadOrbat()
    const gunner = bravo.slot('Gunner')
    expect((await signUp(novak.client, gunner.id)).status).toBe(200)
    const body = toSave(loaded)
    body.squads = body.squads!.map((s) => ({ ...s, pos_x: s.pos_x + 20 }))
    const saved = await route.save(body)
    expect(saved.status).toBe(200)
    expect(await holderOf(db(), gunner.id)).toBe(novak.id)
    // The editor says so; a restore reads the holders as it runs, so it found Novak there.
    if (route.editor) {
      expect(saved.body.kept).toEqual(['Pvt. Novak (Gunner (Bravo))'])
      expect((await auditEntries(db(), 'ORBAT saved'))[0]!.details).toContain(
        'Kept sign-ups made during the edit: Pvt. Novak (Gunner (Bravo)).',
      )
    }
  })

  it('frees the holder of a slot it deletes, then offers the open slots to the waitlist', async () => {
    const { alpha } = await arrange()
    await setActivityChannel(db())
    await addMember(db(), novak.discordId, { ingameName: 'Novak' })
    const body = toSave(await loadOrbat())
    body.slots = body.slots.filter((s) => s.id !== alpha.slot('Squad Lead').id)
    // Novak joins the waitlist once the layout is staged: a restore's version then holds nobody in the open slots.
    const send = await route.stage(body)
    await addWaitlistEntry(db(), novak.id)
    const saved = await send()
    expect(saved.status, saved.body.error).toBe(200)
    expect(saved.body.removed).toEqual(['Sgt. Reyes (Squad Lead (Alpha))'])
    expect(await slotsHeldBy(db(), reyes.id)).toEqual([])
    // The fill rule offers the primary squad's open slot first (Novak holds its lock's role).
    expect(await slotsHeldBy(db(), novak.id)).toEqual([alpha.slot('Rifleman').id])
    expect(await waitlistUserIds(db())).toEqual([])
    expect(await auditEntries(db(), 'Waitlist placement')).toHaveLength(1)
    await expectActivity(t, 'Novak')
  })

  it('a burst of sign-ups during saves never leaves a person in two slots or a slot with two people', async () => {
    await addEligibleRoles(db(), {})
    await addSquad(db(), { name: 'Alpha', slots: Array.from({ length: 12 }, (_, i) => ({ role: `R${i}` })) })
    const loaded = await loadOrbat()
    const users = [reyes, novak]
    const saves = [
      await route.stage(toSave(loaded)),
      await route.stage({ ...toSave(loaded), squads: [{ ...toSave(loaded).squads![0]!, pos_x: 99 }] }),
    ]
    const results = await Promise.all([
      ...loaded.slots.slice(0, 6).map((slot, i) => signUp(users[i % 2]!.client, slot.id)),
      ...saves.map((send) => send()),
    ])
    for (const response of results) expect('status' in response ? response.status : 0).toBeLessThan(500)
    expect(await usersWithTwoSlots(db())).toEqual([])
    const held = await heldSlots(db())
    expect(held.length).toBeLessThanOrEqual(2)
    expect(new Set(held.map((h) => h.user_id)).size).toBe(held.length)
  })
})

describe('GET /api/roster', () => {
  it('answers every member for the editor with limit=9999, pages with limit and page, and searches', async () => {
    const names = Array.from({ length: 35 }, (_, i) => `Trooper ${String(i).padStart(2, '0')}`)
    await db()
      .insert(members)
      .values(
        names.map((ingame_name, i) => ({
          ingame_name,
          join_date: '2024-01-01',
          rank: i === 3 ? ('NCO' as const) : ('BMT' as const),
          discord_id: `55${i}`,
        })),
      )
    await db()
      .insert(members)
      .values({ ingame_name: 'Banned Bob', join_date: '2024-01-01', is_banned: true, ban_reason: 'Trolling' })

    const all = await getJson<RosterPage<AdminRosterMember>>(t.client(), '/api/roster?limit=9999')
    expect(all.status).toBe(200)
    expect(all.body.members).toHaveLength(35)
    expect(all.body.members[0]).toEqual({
      id: expect.any(Number),
      ingame_name: 'Trooper 03',
      rank: 'NCO',
      join_date: '2024-01-01',
      event_score: 0,
      awards: [],
      on_loa: false,
    })
    expect(all.body.pagination).toEqual({ page: 1, limit: 9999, total: 35, totalPages: 1 })

    const page2 = await getJson<RosterPage<AdminRosterMember>>(t.client(), '/api/roster?page=2')
    expect(page2.body.pagination).toEqual({ page: 2, limit: 30, total: 35, totalPages: 2 })
    expect(page2.body.members).toHaveLength(5)
    const past = await getJson<RosterPage<AdminRosterMember>>(t.client(), '/api/roster?page=9&limit=30')
    expect(past.body).toEqual({ members: [], pagination: { page: 9, limit: 30, total: 35, totalPages: 2 } })

    expect(
      (await getJson<RosterPage<AdminRosterMember>>(t.client(), '/api/roster?term=per 1&limit=100')).body.pagination
        .total,
    ).toBe(10)
    expect(
      (await getJson<RosterPage<AdminRosterMember>>(t.client(), '/api/roster?term=nco&type=rank')).body.members.map(
        (m) => m.ingame_name,
      ),
    ).toEqual(['Trooper 03'])
    expect(
      (await getJson<RosterPage<AdminRosterMember>>(t.client(), '/api/roster?term=%25')).body.pagination.total,
    ).toBe(0)
    // Malformed paging falls back to the defaults rather than failing.
    expect(
      (await getJson<RosterPage<AdminRosterMember>>(t.client(), '/api/roster?limit=abc&page=-3')).body.pagination,
    ).toMatchObject({ page: 1, limit: 30 })

    // Banned members only for admins who ask; admins also see the member's admin fields.
    expect(
      (await getJson<RosterPage<AdminRosterMember>>(reyes.client, '/api/roster?is_banned=true')).body.pagination.total,
    ).toBe(35)
    const banned = await getJson<RosterPage<AdminRosterMember>>(admin.client, '/api/roster?is_banned=true')
    expect(banned.body.members).toEqual([
      expect.objectContaining({ ingame_name: 'Banned Bob', is_banned: true, ban_reason: 'Trolling' }),
    ])
    expect(
      (
        await getJson<RosterPage<AdminRosterMember>>(admin.client, '/api/roster?term=5534&type=discord_id')
      ).body.members.map((m) => m.discord_id),
    ).toEqual(['5534'])
  })
})

describe('GET /api/discord-roles/squads', () => {
  it('is admin-only and lists the squad role records', async () => {
    const { alpha } = await arrange()
    await db()
      .insert(squadRoleMappings)
      .values({ squad_id: alpha.squad.id, create_discord_channel: true, discord_role_id: '42' })
    await expectAdminOnly(t, reyes.client, 'GET', '/api/discord-roles/squads')
    const list = await getJson(admin.client, '/api/discord-roles/squads')
    expect(list.body).toEqual([
      {
        id: expect.any(Number),
        squad_id: alpha.squad.id,
        squad_name: alpha.squad.name,
        create_discord_channel: true,
        discord_role_id: '42',
        discord_channel_id: expect.any(String),
      },
    ])
  })
})
