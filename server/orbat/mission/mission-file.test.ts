// The mission file round trip over HTTP on real PostgreSQL (docs/rules/orbat.md, The mission file): the preview changes
// nothing, the apply is the ORBAT save (members keep a slot of the same squad and name), the export writes the slot
// ids and the renamed values and nothing else, and bad files are a 400 that changes nothing.
import fs from 'node:fs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { applyConfirm } from '#contracts/mission-file.ts'
import type { OrbatPayload } from '#contracts/orbat.ts'
import type { Reseat } from '#contracts/orbat-history.ts'
import { slots } from '#db/schema/orbat.ts'
import { api } from '#tests/harness/admin.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { stateFingerprint } from '#tests/harness/fingerprint.ts'
import { changedLines, exportMission, previewMission, sendMission, sendMissionForm } from '#tests/harness/mission.ts'
import {
  addMember,
  addSquad,
  auditEntries,
  getJson,
  loginDemos,
  resetOrbat,
  toSave,
  type LoggedIn,
} from '#tests/harness/orbat.ts'
import { binarize } from '#tests/harness/rapify.ts'
import { RAP_ERRORS } from './rap.ts'

const FIXTURE = fs.readFileSync('tests/fixtures/mission/mission.sqm')

let t: TestApp
let admin: LoggedIn
let reyes: LoggedIn

beforeAll(async () => {
  t = await startTestApp()
  ;[admin, reyes] = await loginDemos(t, ['demo_admin', 'reyes'])
})
afterAll(async () => {
  await t?.close()
})
beforeEach(async () => {
  await resetOrbat(t)
})

const send = sendMission
const sendForm = sendMissionForm
const preview = (bytes: Uint8Array = FIXTURE) => previewMission(admin.client, bytes)
const exported = (bytes: Uint8Array) => exportMission(admin.client, bytes)
const orbat = async () => (await getJson<OrbatPayload>(admin.client, '/api/orbat')).body

describe('import', () => {
  it('is for admins only', async () => {
    expect((await send(t.client(), '/api/admin/orbat/import/sqm', FIXTURE)).status).toBe(401)
    expect((await send(reyes.client, '/api/admin/orbat/import/sqm', FIXTURE)).status).toBe(403)
    expect((await send(reyes.client, '/api/admin/orbat/export/sqm', FIXTURE)).status).toBe(403)
  })

  it('previews the proposal, what it leaves out and which held slots stay or are freed, changing nothing', async () => {
    await addSquad(t.database.db, {
      name: 'Alpha 1-1',
      slots: [
        { team: 'A', role: 'Squad Leader', user_id: reyes.id },
        { team: 'A', role: 'Medic', manual_username: 'Doc' },
      ],
    })
    const before = await stateFingerprint(t)
    const { status, body } = await preview()
    expect(status, body.error).toBe(200)
    expect(body.squads.map((s) => s.name)).toEqual([
      'Platoon HQ',
      'Alpha 1-1',
      'Bravo 1-2',
      'Group 4',
      'Charlie "Ghost"',
      'Zulu',
    ])
    expect(body.squads[1]!.teams.map((team) => [team.name, team.slots.length])).toEqual([
      ['HQ', 2],
      ['Red', 3],
      ['Blue', 2],
    ])
    expect(body.squads[1]!.teams[0]!.slots[0]).toEqual({ name: 'Squad Leader', unit_class: 'B_Soldier_SL_F' })
    expect(body.skipped).toEqual([{ unit: 'HC1 (HeadlessClient_F)', reason: expect.stringMatching(/headless client/) }])
    expect(body.kept).toEqual([{ slot: 'Squad Leader (Alpha 1-1)', member: expect.any(String) }])
    expect(body.freed).toEqual([{ slot: 'Medic (Alpha 1-1)', member: 'Doc' }])
    expect(await stateFingerprint(t)).toBe(before)
  })

  it('applies through the ORBAT save: the structure is stored, a member keeps their slot, the save is audited', async () => {
    const alpha = await addSquad(t.database.db, {
      name: 'Alpha 1-1',
      slots: [{ team: 'A', role: 'Squad Leader', user_id: reyes.id }],
    })
    const response = await sendForm(admin.client, '/api/admin/orbat/import/sqm?apply=1', FIXTURE)
    const body = (await response.json()) as { message: string; orbat: OrbatPayload }
    expect(response.status).toBe(200)
    expect(body.message).toBe('ORBAT Saved Successfully!')
    const after = await orbat()
    expect(after.squads.map((s) => s.name).sort()).toEqual(
      ['Platoon HQ', 'Alpha 1-1', 'Bravo 1-2', 'Group 4', 'Charlie "Ghost"', 'Zulu'].sort(),
    )
    expect(after.slots).toHaveLength(20)
    const kept = after.slots.find((s) => s.id === alpha.slots[0]!.id)!
    expect([kept.role, kept.user_id, kept.team]).toEqual(['Squad Leader', reyes.id, 'HQ'])
    expect(after.squads.find((s) => s.id === alpha.squad.id)?.name).toBe('Alpha 1-1')
    expect((await auditEntries(t.database.db, 'ORBAT saved')).length).toBe(1)
    const versions = await admin.client.fetch('/api/admin/orbat/versions?limit=1')
    const [newest] = (await versions.json()) as Array<{ summary: string }>
    expect(newest!.summary).toMatch(/^Imported from a mission file: /)
  })
})

describe("the page's Apply asks first", () => {
  /** The page's HTML as text (React escapes apostrophes and quotes). */
  const pageText = async (response: Response) =>
    (await response.text())
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
  const apply = (fields: Record<string, string>) =>
    admin.client.postForm('/admin/orbat/mission', { intent: 'apply-import', ...fields })

  it('names whom it frees, saves only when each was confirmed, asks again for one who took a slot since; a restore puts them back', async () => {
    const db = t.database.db
    await addMember(db, reyes.discordId, { ingameName: 'Reyes' })
    const alpha = await addSquad(db, {
      name: 'Alpha 1-1',
      slots: [
        { team: 'A', role: 'Squad Leader' },
        { team: 'A', role: 'Medic', user_id: reyes.id },
        { team: 'A', role: 'Spare' },
      ],
    })
    const before = await api<{ version: number }>(admin.client, 'PUT', '/api/admin/orbat/save', toSave(await orbat()))
    expect(before.status).toBe(200)
    const { body: shown } = await preview()
    expect(shown.freed).toEqual([{ slot: 'Medic (Alpha 1-1)', member: 'Reyes' }])
    const fields = {
      proposal: JSON.stringify(shown.squads),
      freed: JSON.stringify(shown.freed),
      skipped: JSON.stringify(shown.skipped),
    }
    expect(applyConfirm(shown.freed)).toBe(
      "Apply frees 1 member's slot: Reyes. They can sign up again, or restore the version before the import in ORBAT History to put them back.",
    )
    const unchanged = await stateFingerprint(t)
    // Not confirmed (no JavaScript): the page asks, naming them, and nothing changes.
    const asked = await apply(fields)
    expect(asked.status).toBe(200)
    const text = await pageText(asked)
    expect(text).toContain(applyConfirm(shown.freed))
    expect(text).toContain('1 unit not placed')
    expect(await stateFingerprint(t)).toBe(unchanged)

    // Someone takes the Spare after the question: the yes given for Reyes alone does not free them; it asks again.
    await db
      .update(slots)
      .set({ manual_username: 'Doc' })
      .where(eq(slots.id, alpha.slot('Spare').id))
    const changed = await stateFingerprint(t)
    const again = await apply({ ...fields, confirmed: 'yes' })
    expect(again.status).toBe(200)
    const both = [
      { slot: 'Medic (Alpha 1-1)', member: 'Reyes' },
      { slot: 'Spare (Alpha 1-1)', member: 'Doc' },
    ]
    expect(await pageText(again)).toContain("Apply frees 2 members' slots: Reyes, Doc.")
    expect(await stateFingerprint(t)).toBe(changed)

    const applied = await apply({ ...fields, freed: JSON.stringify(both), confirmed: 'yes' })
    expect(applied.status).toBe(302)
    expect(applied.headers.get('location')).toBe('/admin/orbat')
    expect((await orbat()).slots).toHaveLength(20)

    // Undoing the import: the version before it puts Reyes back in the Medic slot it brings back.
    const restored = await api<{ reseat: Reseat }>(
      admin.client,
      'POST',
      `/api/admin/orbat/versions/${before.body.version}/restore`,
    )
    expect(restored.status).toBe(200)
    expect(restored.body.reseat).toEqual({
      put_back: [{ member: 'Reyes', slot: 'Medic (Alpha 1-1)' }],
      not_put_back: [],
    })
    const medic = (await orbat()).slots.find((s) => s.role === 'Medic')!
    expect(medic.user_id).toBe(reyes.id)
  })

  it('applies at once when it frees nobody', async () => {
    const { body: shown } = await preview()
    expect(shown.freed).toEqual([])
    const applied = await apply({ proposal: JSON.stringify(shown.squads), freed: '[]', skipped: '[]' })
    expect(applied.status).toBe(302)
  })
})

describe('export', () => {
  it('after an import writes only the slot ids as variable names; after renames only those values as well', async () => {
    expect((await send(admin.client, '/api/admin/orbat/import/sqm?apply=1', FIXTURE)).status).toBe(200)
    const first = await exported(FIXTURE)
    const stored = await orbat()
    const changes = changedLines(FIXTURE, first)
    expect(changes).toHaveLength(20)
    const ids = new Set(stored.slots.map((s) => `name="tfhq_slot_${s.id}";`))
    for (const [, after] of changes) expect(ids.has(after)).toBe(true)

    // Rename a squad and a slot through the ordinary save, then export the exported file.
    const alpha = stored.squads.find((s) => s.name === 'Alpha 1-1')!
    const grenadier = stored.slots.find((s) => s.role === 'Grenadier')!
    const save = await api(admin.client, 'PUT', '/api/admin/orbat/save', {
      squads: stored.squads.map((s) => ({ ...s, name: s.id === alpha.id ? 'Alpha 2-1' : s.name })),
      slots: stored.slots.map((s) => ({
        ...s,
        squadName: s.squad_id === alpha.id ? 'Alpha 2-1' : stored.squads.find((q) => q.id === s.squad_id)!.name,
        role: s.id === grenadier.id ? 'Grenadier (M320)' : s.role,
      })),
      edges: [],
      waypoints: [],
      pax_counters: [],
    })
    expect(save.status, JSON.stringify(save.body)).toBe(200)
    const second = await exported(first)
    const renamed = changedLines(first, second)
    expect(renamed).toHaveLength(7)
    expect(renamed).toEqual(
      expect.arrayContaining([
        ['value="Alpha 1-1";', 'value="Alpha 2-1";'],
        ['description="Squad Leader@Alpha 1-1";', 'description="Squad Leader@Alpha 2-1";'],
        ['description="Grenadier@Alpha 1-1 Blue";', 'description="Grenadier (M320)@Alpha 2-1 Blue";'],
      ]),
    )
    // The edited file reads again, to the renamed ORBAT.
    const { body } = await preview(second)
    expect(body.squads[1]!.name).toBe('Alpha 2-1')
    expect(body.squads[1]!.teams[2]!.slots.map((s) => s.name)).toEqual(['Team Leader', 'Grenadier (M320)'])
    expect(body.freed).toEqual([])
  })
})

describe('bad files: 400 {error}, nothing changes', () => {
  it('binarized and cut off, binarized and damaged, truncated, not a mission, no playable unit, too large', async () => {
    const before = await stateFingerprint(t)
    const binarized = binarize(FIXTURE)
    const damaged = Buffer.from(binarized)
    damaged[16 + 2] = 9 // the root's first entry: type 9, which the format has not
    const cases: Array<[Uint8Array, RegExp | string]> = [
      [Buffer.from([0, 0x72, 0x61, 0x50, 0, 0, 0, 8]), RAP_ERRORS.truncated],
      [binarized.subarray(0, 3000), RAP_ERRORS.truncated],
      [damaged, RAP_ERRORS.damaged('an entry of unknown type 9', 18)],
      [FIXTURE.subarray(0, 5000), /cut off/],
      [Buffer.from('hello world'), /not in Arma's mission format/],
      [
        Buffer.from('class Mission\r\n{\r\n\tclass Entities\r\n\t{\r\n\t\titems=0;\r\n\t};\r\n};\r\n'),
        /no playable units/,
      ],
    ]
    for (const [bytes, message] of cases) {
      for (const path of [
        '/api/admin/orbat/import/sqm',
        '/api/admin/orbat/import/sqm?apply=1',
        '/api/admin/orbat/export/sqm',
      ]) {
        const response = await send(admin.client, path, bytes)
        expect(response.status, path).toBe(400)
        expect(((await response.json()) as { error: string }).error).toMatch(message)
      }
    }
    const huge = await send(admin.client, '/api/admin/orbat/import/sqm', Buffer.alloc(10 * 1024 * 1024 + 1, 32))
    expect(huge.status).toBe(413)
    expect(await stateFingerprint(t)).toBe(before)
  })

  it('reads a 5 MB mission', async () => {
    const s = FIXTURE.toString('latin1')
    const i = s.indexOf('\n\t\tclass Item1\r\n', s.indexOf('class Mission'))
    const j = s.indexOf('\n\t\tclass Item2\r\n')
    const big = Buffer.from(s.slice(0, j) + s.slice(i, j).repeat(Math.floor(5e6 / (j - i))) + s.slice(j), 'latin1')
    expect(big.length).toBeGreaterThan(5e6)
    const { status } = await preview(big)
    expect(status).toBe(200)
    // How fast (the target is under 1 s) is measured side by side in bench/mission-import.ts, not here: a timed test
    // fails when the machine is busy. A hang fails by the time limit.
  }, 60_000)
})

describe('a 10 MB mission read and written back', () => {
  it('leaves the server answering: /healthz within 100 ms (p90) while the file is parsed', async () => {
    const s = FIXTURE.toString('latin1')
    const i = s.indexOf('\n\t\tclass Item1\r\n', s.indexOf('class Mission'))
    const j = s.indexOf('\n\t\tclass Item2\r\n')
    const group = s.slice(i, j)
    const big = Buffer.from(
      s.slice(0, j) + group.repeat(Math.floor((9.9e6 - s.length) / group.length)) + s.slice(j),
      'latin1',
    )
    expect(big.length).toBeGreaterThan(9.5e6)
    for (const path of ['/api/admin/orbat/import/sqm', '/api/admin/orbat/export/sqm']) {
      let done = false
      const times: number[] = []
      const sent = send(admin.client, path, big).then(async (answer) => {
        await answer.arrayBuffer()
        done = true
        return answer.status
      })
      while (!done) {
        const started = performance.now()
        await (await t.client().get('/healthz')).arrayBuffer()
        times.push(performance.now() - started)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      expect([path, await sent]).toEqual([path, 200])
      times.sort((a, b) => a - b)
      // Before, the parse ran on the event loop: /healthz waited 5-7 s behind it.
      expect(times.length, path).toBeGreaterThan(5)
      expect(times[Math.floor(times.length * 0.9)], path).toBeLessThan(100)
      expect(times.at(-1), path).toBeLessThan(1000)
    }
  }, 120_000)
})

it('the OpenAPI document lists both calls with their answers', async () => {
  const document = (await (await t.client().get('/api/openapi.json')).json()) as {
    paths: Record<string, { post?: { responses: Record<string, unknown>; requestBody?: { content: object } } }>
  }
  const importCall = document.paths['/api/admin/orbat/import/sqm']!.post!
  expect(Object.keys(importCall.requestBody!.content)).toEqual(
    expect.arrayContaining(['text/plain', 'multipart/form-data']),
  )
  expect(JSON.stringify(importCall.responses['200'])).toMatch(/freed/)
  expect(Object.keys(document.paths['/api/admin/orbat/export/sqm']!.post!.responses)).toContain('413')
})
