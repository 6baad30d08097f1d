// ORBAT presets over real HTTP on real PostgreSQL: admin-only, validation, save (current layout, no people), list,
// rename, delete, and load (the layout in the /api/orbat shape; the database is unchanged).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  orbatEdges,
  orbatPaxCounters,
  orbatPresets,
  orbatWaypoints,
  platoons,
  squads,
  type OrbatPresetLayout,
} from '#db/schema/orbat.ts'
import type { OrbatPayload } from '#server/orbat/orbat.ts'
import type { PresetItem } from '#contracts/settings.ts'
import type { LoadedPreset } from '#server/orbat/presets.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { api, expectAdminOnly } from '#tests/harness/admin.ts'
import {
  addEligibleRoles,
  addSquad,
  auditEntries,
  getJson,
  loginDemos,
  resetOrbat,
  spacer,
  type LoggedIn,
} from '#tests/harness/orbat.ts'

let t: TestApp
let admin: LoggedIn, reyes: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, reyes] = await loginDemos(t, ['demo_admin', 'reyes'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await t.database.db.execute(sql`truncate ${orbatPresets}, ${platoons} cascade`)
})

const db = () => t.database.db

/** Alpha (platoon, people, a lock, a spacer, two teams) -> waypoint -> Bravo, plus a pax counter. */
async function arrange() {
  const [platoon] = await db().insert(platoons).values({ name: '1st', discord_role_id: '1' }).returning()
  await addEligibleRoles(db(), { 'Combat Medic': {} })
  const alpha = await addSquad(db(), {
    name: 'Alpha',
    primary: true,
    pos_x: 100,
    pos_y: 40,
    slots: [
      { role: 'Squad Lead', user_id: reyes.id },
      spacer('fire team'),
      { role: 'Medic', lock: 'Combat Medic', manual_username: 'Doc' },
      { team: 'Bravo Team', role: 'Rifleman' },
    ],
  })
  await db()
    .update(squads)
    .set({ platoon_id: platoon!.id, discord_channel_id: '777' })
    .where(sql`${squads.id} = ${alpha.squad.id}`)
  const bravo = await addSquad(db(), { name: 'Bravo', pos_x: 500, slots: [{ role: 'Gunner' }] })
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
      { source: `waypoint-${waypoint!.id}`, target: `squad-${bravo.squad.id}` },
    ])
  return { platoon: platoon!, alpha, bravo, waypoint: waypoint!, pax: pax! }
}

describe('/api/admin/orbat/presets', () => {
  it('every call is admin-only', async () => {
    const [preset] = await db()
      .insert(orbatPresets)
      .values({ name: 'P', layout: { squads: [], edges: [], waypoints: [], pax_counters: [] } })
      .returning()
    await expectAdminOnly(t, reyes.client, 'GET', '/api/admin/orbat/presets')
    await expectAdminOnly(t, reyes.client, 'POST', '/api/admin/orbat/presets', { name: 'Q' })
    await expectAdminOnly(t, reyes.client, 'PUT', `/api/admin/orbat/presets/${preset!.id}`, { name: 'Q' })
    await expectAdminOnly(t, reyes.client, 'DELETE', `/api/admin/orbat/presets/${preset!.id}`)
    await expectAdminOnly(t, reyes.client, 'POST', `/api/admin/orbat/presets/${preset!.id}/load`)
    expect((await db().select().from(orbatPresets)).map((p) => p.name)).toEqual(['P'])
    expect(await auditEntries(db())).toEqual([])
  })

  it('validates the name (non-blank, trimmed), 409 on a duplicate, 404 on unknown ids', async () => {
    const blank = await api(admin.client, 'POST', '/api/admin/orbat/presets', { name: '   ' })
    expect(blank).toEqual({
      status: 400,
      body: { error: 'Preset name is required.', fields: { name: ['Preset name is required.'] } },
    })
    expect((await api(admin.client, 'POST', '/api/admin/orbat/presets', {})).status).toBe(400)
    expect((await api(admin.client, 'POST', '/api/admin/orbat/presets', 'x')).status).toBe(400)
    const saved = await api<{ preset: PresetItem }>(admin.client, 'POST', '/api/admin/orbat/presets', {
      name: ' Op Alpha ',
    })
    expect(saved.body.preset.name).toBe('Op Alpha')
    expect((await api(admin.client, 'POST', '/api/admin/orbat/presets', { name: 'Op Alpha' })).status).toBe(409)
    const other = await api<{ preset: PresetItem }>(admin.client, 'POST', '/api/admin/orbat/presets', {
      name: 'Op Bravo',
    })
    expect(
      (await api(admin.client, 'PUT', `/api/admin/orbat/presets/${other.body.preset.id}`, { name: 'Op Alpha' })).status,
    ).toBe(409)
    expect(
      (await api(admin.client, 'PUT', `/api/admin/orbat/presets/${other.body.preset.id}`, { name: '' })).status,
    ).toBe(400)
    expect((await api(admin.client, 'PUT', '/api/admin/orbat/presets/999999', { name: 'Z' })).status).toBe(404)
    expect((await api(admin.client, 'DELETE', '/api/admin/orbat/presets/999999')).status).toBe(404)
    expect((await api(admin.client, 'POST', '/api/admin/orbat/presets/999999/load')).status).toBe(404)
    expect((await api(admin.client, 'GET', `/api/admin/orbat/presets/${other.body.preset.id}/load`)).status).toBe(405)
  })

  it('save stores the current layout without people; list, rename and delete round trip with audit entries', async () => {
    const { platoon, waypoint, pax } = await arrange()
    const saved = await api<{ message: string; preset: PresetItem }>(admin.client, 'POST', '/api/admin/orbat/presets', {
      name: 'Op Alpha',
    })
    expect(saved.status).toBe(201)
    expect(saved.body).toEqual({ message: 'Preset saved.', preset: { id: expect.any(Number), name: 'Op Alpha' } })
    const id = saved.body.preset.id

    const [row] = await db().select().from(orbatPresets)
    const layout: OrbatPresetLayout = row!.layout
    expect(layout.squads.map((s) => [s.name, s.pos_x, s.platoon_id, s.can_be_primary_waitlist])).toEqual([
      ['Alpha', 100, platoon.id, true],
      ['Bravo', 500, null, false],
    ])
    expect(layout.squads[0]!.slots).toEqual([
      { team: 'Alpha', team_order: 0, slot_order: 0, role: 'Squad Lead', required_role_id: null },
      { team: 'Alpha', team_order: 0, slot_order: 1, role: '---FIRE TEAM---', required_role_id: null },
      { team: 'Alpha', team_order: 0, slot_order: 2, role: 'Medic', required_role_id: 'Combat Medic' },
      { team: 'Bravo Team', team_order: 1, slot_order: 0, role: 'Rifleman', required_role_id: null },
    ])
    expect(JSON.stringify(layout)).not.toMatch(/user_id|manual_username|Doc|discord_channel_id/)
    expect(layout.waypoints).toEqual([{ node_id: `waypoint-${waypoint.id}`, pos_x: 300, pos_y: 60 }])
    expect(layout.pax_counters).toEqual([{ node_id: `pax-${pax.id}`, pos_x: 10, pos_y: 10 }])
    expect(layout.edges).toHaveLength(2)

    await api(admin.client, 'POST', '/api/admin/orbat/presets', { name: 'Another' })
    expect((await getJson<PresetItem[]>(admin.client, '/api/admin/orbat/presets')).body).toEqual([
      { id: expect.any(Number), name: 'Another' },
      { id, name: 'Op Alpha' },
    ])
    const renamed = await api(admin.client, 'PUT', `/api/admin/orbat/presets/${id}`, { name: ' Op Zulu ' })
    expect(renamed).toEqual({ status: 200, body: { message: 'Preset renamed.', preset: { id, name: 'Op Zulu' } } })
    expect((await api(admin.client, 'DELETE', `/api/admin/orbat/presets/${id}`)).body).toEqual({
      message: 'Preset deleted.',
    })
    expect((await getJson<PresetItem[]>(admin.client, '/api/admin/orbat/presets')).body.map((p) => p.name)).toEqual([
      'Another',
    ])

    const entries = await auditEntries(db())
    expect(entries.map((e) => [e.action, e.details])).toEqual([
      ['Preset saved', 'Op Alpha: 2 squads, 5 slots.'],
      ['Preset saved', 'Another: 2 squads, 5 slots.'],
      ['Preset renamed', 'Op Alpha -> Op Zulu'],
      ['Preset deleted', 'Op Zulu'],
    ])
    expect(entries.every((e) => e.actor_user_id === admin.id)).toBe(true)
  })

  it('load returns the layout in the /api/orbat shape without people and changes nothing', async () => {
    const { platoon } = await arrange()
    const saved = await api<{ preset: PresetItem }>(admin.client, 'POST', '/api/admin/orbat/presets', {
      name: 'Op Alpha',
    })
    // Change the live ORBAT after saving: loading must not touch it.
    await db().delete(orbatEdges)
    const before = (await getJson<OrbatPayload>(admin.client, '/api/orbat')).body
    const auditBefore = (await auditEntries(db())).length

    const loaded = await api<LoadedPreset>(
      admin.client,
      'POST',
      `/api/admin/orbat/presets/${saved.body.preset.id}/load`,
    )
    expect(loaded.status).toBe(200)
    const preset = loaded.body
    expect(preset.name).toBe('Op Alpha')
    const alpha = preset.squads.find((s) => s.name === 'Alpha')!
    const bravo = preset.squads.find((s) => s.name === 'Bravo')!
    expect(alpha).toEqual({
      id: expect.any(Number),
      name: 'Alpha',
      pos_x: 100,
      pos_y: 40,
      can_be_primary_waitlist: true,
      platoon_id: platoon.id,
      discord_channel_id: null,
    })
    expect(preset.slots.filter((s) => s.squadName === 'Alpha').map((s) => s.role)).toEqual([
      'Squad Lead',
      '---FIRE TEAM---',
      'Medic',
      'Rifleman',
    ])
    expect(
      preset.slots.every(
        (s) => s.user_id === null && s.manual_username === null && s.discord_username === null && s.avatar === null,
      ),
    ).toBe(true)
    expect(preset.slots.filter((s) => s.squad_id === bravo.id).map((s) => [s.role, s.squadName])).toEqual([
      ['Gunner', 'Bravo'],
    ])
    expect(preset.slots.find((s) => s.role === 'Medic')).toMatchObject({
      required_role_id: 'Combat Medic',
      team: 'Alpha',
      slot_order: 2,
    })
    expect(preset.waypoints).toEqual([{ id: expect.any(Number), pos_x: 300, pos_y: 60 }])
    expect(preset.pax_counters).toEqual([{ id: expect.any(Number), pos_x: 10, pos_y: 10 }])
    const waypointNode = `waypoint-${preset.waypoints[0]!.id}`
    expect(preset.edges).toEqual([
      {
        id: expect.any(Number),
        source: `squad-${alpha.id}`,
        target: waypointNode,
        sourceHandle: 'right',
        targetHandle: 'left',
        type: 'smoothstep',
      },
      {
        id: expect.any(Number),
        source: waypointNode,
        target: `squad-${bravo.id}`,
        sourceHandle: null,
        targetHandle: null,
        type: 'smoothstep',
      },
    ])
    // Temporary ids never match stored rows.
    const ids = [...preset.squads, ...preset.slots, ...preset.waypoints, ...preset.pax_counters, ...preset.edges].map(
      (x) => x.id,
    )
    expect(ids.every((id) => id < 0)).toBe(true)
    expect(new Set(ids).size).toBe(ids.length)

    expect((await getJson<OrbatPayload>(admin.client, '/api/orbat')).body).toEqual(before)
    expect(await db().select().from(orbatEdges)).toEqual([])
    expect(await auditEntries(db())).toHaveLength(auditBefore)

    // A platoon deleted since the save is dropped on load.
    await db().delete(platoons)
    const again = await api<LoadedPreset>(admin.client, 'POST', `/api/admin/orbat/presets/${saved.body.preset.id}/load`)
    expect(again.body.squads.find((s) => s.name === 'Alpha')!.platoon_id).toBeNull()
  })
})
