// The mission file round trip (docs/rules/orbat.md, The mission file) on real missions from public unit repositories
// (tests/fixtures/missions/README.md: where each comes from, its licence, and how its playable units were counted),
// over HTTP on real PostgreSQL. For each: the import finds exactly the playable units the file holds, by group, and
// names its headless clients as left out; after an apply, the export of the unchanged ORBAT differs from the file only
// in the variable names that carry slot ids; after a squad and a slot are renamed, only in those values as well; and
// the edited file imports to the ORBAT as it stands.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { MissionImport } from '#contracts/mission-file.ts'
import type { OrbatPayload } from '#contracts/orbat.ts'
import { api } from '#tests/harness/admin.ts'
import { startTestApp, type TestApp } from '#tests/harness/app.ts'
import { changedLines, countPlayable, exportMission, previewMission, sendMission } from '#tests/harness/mission.ts'
import { loginDemos, resetOrbat, toSave, type LoggedIn } from '#tests/harness/orbat.ts'

const DIR = 'tests/fixtures/missions'

/** Playable units per file, counted once by hand (tests/fixtures/missions/README.md). */
const PLAYABLE: Record<string, number> = {
  'armaforces-test': 1,
  'aso-framework': 8,
  'antistasi-altis': 38,
  'wasteland-altis': 144,
  'kp-liberation-altis': 34,
  'zeusops-template': 80,
  'sia-framework': 183,
  'tenth-templates': 100,
  '105th-template': 25,
  '1ra-flypaper': 14,
  '1ra-recaptura': 14,
  '1ra-tempesta': 12,
  '2pzd-template': 1,
  'acre-advanced-tvt': 39,
  'acre-basic-coop': 16,
  'acre-basic-tvt': 36,
  'adler-breaking-contact': 103,
  'apex-framework-altis': 80,
  'serialkillers-tanoa': 24,
  'vindicta-malden': 20,
  'vindicta-tanoa': 20,
}

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

/** The stored ORBAT in the same shape: squads in the order the import made them, teams and slots in their order. */
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

const missions = fs.readdirSync(DIR).filter((name) => fs.statSync(path.join(DIR, name)).isDirectory())

it('holds at least twenty real missions, framework templates and one of 60+ playable units among them', () => {
  expect(missions.sort()).toEqual(Object.keys(PLAYABLE).sort())
  expect(missions.length).toBeGreaterThanOrEqual(20)
  expect(Math.max(...Object.values(PLAYABLE))).toBeGreaterThanOrEqual(60)
})

describe.each(missions)('%s', (name) => {
  const bytes = fs.readFileSync(path.join(DIR, name, 'mission.sqm'))

  // One test per file, so that each file costs the fewest calls: the apply and the save answer with the ORBAT they
  // stored, which stands in for reading it again.
  it('imports exactly its playable units by group, names its headless clients, and round-trips through the export', async () => {
    // The import finds exactly the playable units the file holds, by group, and names its headless clients.
    const counted = countPlayable(bytes)
    expect(counted.groups.reduce((n, g) => n + g.units, 0)).toBe(PLAYABLE[name])
    const proposal = await previewMission(admin.client, bytes)
    expect(proposal.status, proposal.body.error).toBe(200)
    expect(
      proposal.body.squads.map((s) => ({ side: s.side, units: s.teams.reduce((n, team) => n + team.slots.length, 0) })),
    ).toEqual(counted.groups)
    expect(proposal.body.skipped).toEqual(
      Array.from({ length: counted.logics }, () => ({
        unit: expect.any(String),
        reason: expect.stringMatching(/headless client/),
      })),
    )

    // Applied, the ORBAT is the proposal.
    const applied = await sendMission(admin.client, '/api/admin/orbat/import/sqm?apply=1', bytes)
    expect(applied.status).toBe(200)
    const stored = ((await applied.json()) as { orbat: OrbatPayload }).orbat
    expect(ofOrbat(stored)).toEqual(ofProposal(proposal.body.squads))

    // The unchanged ORBAT: each playable unit gets its slot's id as its variable name, and nothing else changes.
    const first = await exportMission(admin.client, bytes)
    const named = changedLines(bytes, first)
    for (const [before, after] of named) {
      expect(before).toMatch(/^$|^name=".*";$/)
      expect(after).toMatch(/^name="tfhq_slot_\d+";$/)
    }
    expect(named.map(([, after]) => Number(/\d+/.exec(after)![0])).sort((a, b) => a - b)).toEqual(
      stored.slots.map((s) => s.id).sort((a, b) => a - b),
    )

    // Rename a squad and one of its slots through the ordinary save.
    // The middle squad; where the file labels several groups alike (the import numbers them "Hammer 1", "Hammer 1
    // (2)", ...), the last of them, since the numbers are the import's and renaming an earlier one renumbers the rest.
    const inOrder = [...stored.squads].sort((a, b) => a.id - b.id)
    const base = inOrder[Math.floor(inOrder.length / 2)]!.name.replace(/ \(\d+\)$/, '')
    const squad = inOrder.filter((s) => s.name === base || s.name.startsWith(`${base} (`)).at(-1)!
    const slot = stored.slots.filter((s) => s.squad_id === squad.id).at(-1)!
    const renamed = { squad: 'Renamed Squad', slot: 'Renamed Slot' }
    const body = toSave(stored)
    body.squads = body.squads!.map((s) => (s.id === squad.id ? { ...s, name: renamed.squad } : s))
    for (const s of body.slots) {
      if (s.squadName !== squad.name) continue
      s.squadName = renamed.squad
      // A group without fireteams has one team, named after the squad on import: it is renamed with it.
      if (s.team === squad.name) s.team = renamed.squad
      if (s.id === slot.id) s.role = renamed.slot
    }
    const saved = await api<{ orbat: OrbatPayload }>(admin.client, 'PUT', '/api/admin/orbat/save', body)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)

    // Only those values change: a changed line is its old self with the new names, an added line carries one of them
    // (a role description, or the callsign a group named "Group N" gets) or belongs to the callsign's attribute, and
    // a group's attribute count goes up by that one.
    const second = await exportMission(admin.client, first)
    const edits = changedLines(first, second)
    expect(edits.length).toBeGreaterThan(0)
    // The line it replaced, with whatever stood where the new names stand now (the file may label the squad
    // otherwise than the ORBAT names it: "Hammer 1" for "Hammer 1 (2)").
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const oldSelf = (line: string) =>
      new RegExp(`^${escape(line).split(escape(renamed.squad)).join('.*').split(escape(renamed.slot)).join('.*')}$`)
    const added = edits.filter(([before]) => before === '').map(([, after]) => after)
    for (const [before, after] of edits) {
      if (before === '') continue
      if (/^nAttributes=\d+;$/.test(before))
        expect(Number(/\d+/.exec(after)![0])).toBe(Number(/\d+/.exec(before)![0]) + 1)
      else {
        expect(after).not.toBe(before)
        expect(before).toMatch(oldSelf(after))
      }
    }
    const callsign = added.filter((line) => !line.startsWith('description='))
    for (const line of added.filter((l) => l.startsWith('description='))) expect(line).toContain(renamed.slot)
    if (callsign.length) {
      expect(callsign.filter((line) => line === `value="${renamed.squad}";`)).toHaveLength(1)
      expect(callsign).toContain('property="groupID";')
    }

    // The edited file parses again and imports to the ORBAT as it stands.
    const again = await previewMission(admin.client, second)
    expect(again.status, again.body.error).toBe(200)
    expect(ofProposal(again.body.squads)).toEqual(ofOrbat(saved.body.orbat))
    expect(again.body.freed).toEqual([])
  })
})
