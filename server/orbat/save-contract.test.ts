// The ORBAT save contract as it says (docs/rules/orbat.md, Saving the ORBAT): a new row needs no id, or may carry a
// temporary text id (what @xyflow/react uses for nodes) that slots and edges refer to, beside the editor's negative
// ids (also through a restore of the version such a save writes: tests/harness/save-routes.ts); every error names its
// row and field. Over real HTTP on real PostgreSQL.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { OrbatPayload, OrbatSaveBody } from '#contracts/orbat.ts'
import { orbatEdges, platoons } from '#db/schema/orbat.ts'
import { api } from '#tests/harness/admin.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { stateFingerprint } from '#tests/harness/fingerprint.ts'
import { addSquad, getJson, loginDemos, resetOrbat, type LoggedIn } from '#tests/harness/orbat.ts'
import { SAVE_ROUTES, saveRoute } from '#tests/harness/save-routes.ts'

let t: TestApp
let admin: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin] = await loginDemos(t, ['demo_admin'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
  await t.database.db.execute(sql`truncate ${platoons} cascade`)
})

const save = (body: unknown) =>
  api<{ error?: string; orbat?: OrbatPayload }>(admin.client, 'PUT', '/api/admin/orbat/save', body)
const loadOrbat = async () => (await getJson<OrbatPayload>(admin.client, '/api/orbat')).body

/** Alpha (stored) with one slot, as the body of a save that keeps it. */
async function alphaBody(): Promise<
  OrbatSaveBody & { slots: NonNullable<OrbatSaveBody['slots']>; squads: NonNullable<OrbatSaveBody['squads']> }
> {
  const alpha = await addSquad(t.database.db, { name: 'Alpha', slots: [{ team: 'HQ', role: 'Squad Lead' }] })
  return {
    squads: [{ id: alpha.squad.id, name: 'Alpha', pos_x: 0, pos_y: 0 }],
    slots: [{ id: alpha.slots[0]!.id, squadName: 'Alpha', team: 'HQ', role: 'Squad Lead' }],
  }
}

describe.each(SAVE_ROUTES)('new rows, through %s', (name) => {
  const route = saveRoute(name, () => ({ t, admin }))

  it('need no id: a slot, a squad and a waypoint sent without one are created', async () => {
    const body = await alphaBody()
    body.squads.push({ name: 'Bravo', pos_x: 400, pos_y: 0 })
    body.slots.push(
      { squadName: 'Alpha', team: 'HQ', role: 'Medic' },
      { squadName: 'Bravo', team: 'Fire Team', role: 'Gunner' },
    )
    body.waypoints = [{ pos_x: 10, pos_y: 20 }]
    const response = await route.save(body)
    expect(response.status, response.body.error).toBe(200)
    const after = await loadOrbat()
    const bravo = after.squads.find((s) => s.name === 'Bravo')!
    expect(after.slots.map((s) => [s.role, s.squad_id === bravo.id ? 'Bravo' : 'Alpha'])).toEqual([
      ['Squad Lead', 'Alpha'],
      ['Medic', 'Alpha'],
      ['Gunner', 'Bravo'],
    ])
    expect(after.waypoints).toEqual([{ id: expect.any(Number), pos_x: 10, pos_y: 20 }])
  })

  it("may carry temporary text ids that edges refer to, beside the editor's negative ids", async () => {
    const body = await alphaBody()
    const alphaId = body.squads[0]!.id as number
    body.squads.push(
      { id: 'dndnode_0', name: 'Bravo', pos_x: 400, pos_y: 0 },
      { id: -2, name: 'Charlie', pos_x: 800, pos_y: 0 },
    )
    body.slots.push(
      { id: 'slot-a1', squadName: 'Bravo', team: 'HQ', role: 'Gunner' },
      { id: -7, squadName: 'Charlie', team: 'HQ', role: 'Pilot' },
    )
    body.waypoints = [{ id: 'wp-1', pos_x: 300, pos_y: 60 }]
    body.pax_counters = [{ id: 'pax:new', pos_x: 1, pos_y: 2 }]
    body.edges = [
      { source: `squad-${alphaId}`, target: 'waypoint-wp-1', sourceHandle: 'right', targetHandle: 'left' },
      { source: 'waypoint-wp-1', target: 'squad-dndnode_0' },
      { source: 'squad-dndnode_0', target: 'squad--2' },
    ]
    const response = await route.save(body)
    expect(response.status, response.body.error).toBe(200)
    const after = await loadOrbat()
    const id = (name: string) => after.squads.find((s) => s.name === name)!.id
    const waypoint = after.waypoints[0]!.id
    expect(after.edges.map((e) => [e.source, e.target])).toEqual([
      [`squad-${alphaId}`, `waypoint-${waypoint}`],
      [`waypoint-${waypoint}`, `squad-${id('Bravo')}`],
      [`squad-${id('Bravo')}`, `squad-${id('Charlie')}`],
    ])
    expect(after.slots.map((s) => [s.role, s.squad_id])).toEqual([
      ['Squad Lead', alphaId],
      ['Gunner', id('Bravo')],
      ['Pilot', id('Charlie')],
    ])
    expect(after.pax_counters).toEqual([{ id: expect.any(Number), pos_x: 1, pos_y: 2 }])
  })
})

describe('errors', () => {
  it('name the row and the field, and the save changes nothing', async () => {
    const body = await alphaBody()
    const slot = (fields: Record<string, unknown>) => ({
      ...body,
      slots: [...body.slots, { squadName: 'Alpha', team: 'HQ', role: 'X', ...fields }],
    })
    const cases: Array<[unknown, string]> = [
      [slot({ role: 'r'.repeat(101) }), 'slots[1].role: Slot roles are limited to 100 characters.'],
      [slot({ id: '12' }), 'slots[1].id: Ids must be numbers, or temporary text ids such as "new-1" for new rows.'],
      [slot({ id: 1.5 }), 'slots[1].id: Ids must be integers.'],
      [
        slot({ id: { nested: true } }),
        'slots[1].id: Ids must be numbers, or temporary text ids such as "new-1" for new rows.',
      ],
      [slot({ team: 7 }), 'slots[1].team: Every slot needs a team name.'],
      [
        slot({ squadName: 'Nowhere' }),
        'slots[1].squadName: A slot names the squad "Nowhere", which is not in the save.',
      ],
      [
        slot({ id: 'a', manual_username: 'Bob', role: '---HQ---' }),
        'slots[1].role: The heading row ---HQ--- in Alpha cannot hold a person.',
      ],
      [slot({ user_id: 424242 }), 'slots[1].user_id: User 424242 does not exist.'],
      [
        {
          ...body,
          slots: [
            ...body.slots,
            { id: 'a', squadName: 'Alpha', team: 'HQ' },
            { id: 'a', squadName: 'Alpha', team: 'HQ' },
          ],
        },
        'slots[2].id: Two slots have the id a.',
      ],
      [{ ...body, squads: [{ ...body.squads[0], pos_x: 'far' }] }, 'squads[0].pos_x: Positions must be numbers.'],
      [
        { ...body, squads: [...body.squads, { id: 'b', name: 'Alpha', pos_x: 0, pos_y: 0 }] },
        'squads[1].name: Two squads are named "Alpha". Squad names must be unique.',
      ],
      [
        { ...body, squads: [{ ...body.squads[0], platoon_id: 4242 }] },
        'squads[0].platoon_id: Squad "Alpha" names platoon 4242, which does not exist.',
      ],
      [
        { ...body, edges: [{ source: `squad-${body.squads[0]!.id}`, target: 'squad-ghost' }] },
        'edges[0].target: An edge ends at squad-ghost, which is not in the save.',
      ],
      [
        { ...body, edges: [{ source: 'drop table', target: 'x' }] },
        'edges[0].source: Edge ends must be node ids like squad-1, waypoint-2 or pax-3.',
      ],
      [
        {
          ...body,
          waypoints: [
            { id: 'w', pos_x: 0, pos_y: 0 },
            { id: 'w', pos_x: 1, pos_y: 1 },
          ],
        },
        'waypoints[1].id: Two waypoints have the id w.',
      ],
    ]
    const before = await stateFingerprint(t)
    for (const [request, message] of cases) {
      const response = await save(request)
      expect(response.status, message).toBe(400)
      expect(response.body.error).toBe(message)
    }
    expect(await stateFingerprint(t)).toBe(before)
    expect(await t.database.db.select().from(orbatEdges)).toEqual([])
  })
})
