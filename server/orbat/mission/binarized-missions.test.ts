// Binarized mission files over HTTP on real PostgreSQL (docs/rules/orbat.md, The mission file): real missions of
// tests/fixtures/missions, binarized (tests/harness/rapify.ts), preview exactly as their text files do and say they
// were binarized; after an apply, its export is text (Eden's form, X-Mission-Binarized: true) that differs from the
// file's text form only in the slot ids' variable names and imports to the ORBAT as it stands. Damaged binarized files
// are covered in mission-file.test.ts (the 400s) and rap.test.ts (every cut, random edits).
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { MissionImport } from '#contracts/mission-file.ts'
import type { OrbatPayload } from '#contracts/orbat.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { changedLines, previewMission, sendMission, sendMissionForm } from '#tests/harness/mission.ts'
import { getJson, loginDemos, resetOrbat, type LoggedIn } from '#tests/harness/orbat.ts'
import { binarize } from '#tests/harness/rapify.ts'
import { MISSION_ERRORS } from './mission.ts'
import { rapToText } from './rap.ts'
import { MAX_DEPTH, MAX_UNPACKED_BYTES } from './sqm.ts'

const DIR = 'tests/fixtures/missions'
/**
 * Over HTTP, four of the corpus: the smallest, the largest (Windows line endings, ACE, TFAR and CBA attributes), a
 * two-sided PvP mission with spectator and Zeus slots left out, and the one with the most groups. Every file of the
 * corpus is binarized, read and proposed as its text form in rap.test.ts, without the app: the HTTP path is the same
 * for each file.
 */
const missions = ['armaforces-test', '105th-template', 'adler-breaking-contact', 'sia-framework']
for (const name of missions)
  if (!fs.statSync(path.join(DIR, name), { throwIfNoEntry: false })?.isDirectory())
    throw new Error(`tests/fixtures/missions/${name} is gone: pick another mission for this test`)

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
})

type Structure = Array<{ name: string; teams: Array<{ name: string; slots: string[] }> }>
const ofProposal = (squads: MissionImport['squads']): Structure =>
  squads.map((s) => ({
    name: s.name,
    teams: s.teams.map((t) => ({ name: t.name, slots: t.slots.map((x) => x.name) })),
  }))
function ofOrbat(orbat: OrbatPayload): Structure {
  return [...orbat.squads]
    .sort((a, b) => a.id - b.id)
    .map((squad) => {
      const teams = new Map<string, string[]>()
      for (const slot of orbat.slots
        .filter((s) => s.squad_id === squad.id)
        .sort((a, b) => a.team_order - b.team_order || a.slot_order - b.slot_order || a.id - b.id))
        teams.set(slot.team, [...(teams.get(slot.team) ?? []), slot.role])
      return { name: squad.name, teams: [...teams].map(([name, slots]) => ({ name, slots })) }
    })
}

describe.each(missions)('%s, binarized', (name) => {
  const text = fs.readFileSync(path.join(DIR, name, 'mission.sqm'))
  const binarized = binarize(text)

  it('previews exactly as the text file, and says it was binarized', async () => {
    const fromText = await previewMission(admin.client, text)
    const fromRap = await previewMission(admin.client, binarized)
    expect(fromRap.status, fromRap.body.error).toBe(200)
    expect(fromText.body.binarized).toBe(false)
    expect(fromRap.body).toEqual({ ...fromText.body, binarized: true })
  })

  it('applies, and exports as text that differs from its text form only in the slot ids and imports to the ORBAT', async () => {
    const applied = await sendMissionForm(admin.client, '/api/admin/orbat/import/sqm?apply=1', binarized)
    expect(applied.status).toBe(200)
    const stored = (await getJson<OrbatPayload>(admin.client, '/api/orbat')).body

    const response = await sendMission(admin.client, '/api/admin/orbat/export/sqm', binarized)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="mission.sqm"')
    expect(response.headers.get('x-mission-binarized')).toBe('true')
    expect(Number(response.headers.get('x-mapped-units'))).toBe(stored.slots.length)
    expect(response.headers.get('x-unmapped-units')).toBe('0')
    const exported = Buffer.from(await response.arrayBuffer())
    expect(exported.subarray(0, 4).toString('latin1')).not.toBe('\0raP')

    const textForm = rapToText(binarized, { maxDepth: MAX_DEPTH, maxTextBytes: MAX_UNPACKED_BYTES })
    const named = changedLines(textForm, exported)
    for (const [before, after] of named) {
      expect(before).toMatch(/^$|^name=".*";$/)
      expect(after).toMatch(/^name="tfhq_slot_\d+";$/)
    }
    expect(named).toHaveLength(stored.slots.length)

    const again = await previewMission(admin.client, exported)
    expect(again.status, again.body.error).toBe(200)
    expect(again.body.binarized).toBe(false)
    expect(ofProposal(again.body.squads)).toEqual(ofOrbat(stored))
    expect(again.body.freed).toEqual([])
  })
})

it('a text file is exported as it came, X-Mission-Binarized: false', async () => {
  const text = fs.readFileSync(path.join(DIR, missions[0]!, 'mission.sqm'))
  const response = await sendMission(admin.client, '/api/admin/orbat/export/sqm', text)
  expect(response.status).toBe(200)
  expect(response.headers.get('x-mission-binarized')).toBe('false')
})

it('the real binarized mission of tests/fixtures/missions-binarized is read, and refused for having no player', async () => {
  const bytes = fs.readFileSync('tests/fixtures/missions-binarized/zeussqm-vr-shapes/mission.sqm')
  const { status, body } = await previewMission(admin.client, bytes)
  expect([status, body.error]).toEqual([400, MISSION_ERRORS.noPlayable])
})
