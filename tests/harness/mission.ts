// The mission file round trip's HTTP calls and file comparisons, for the tests on the hand-written fixture and on
// real missions (docs/rules/orbat.md, The mission file).
import { expect } from 'vitest'
import type { MissionImport } from '#contracts/mission-file.ts'
import type { TestClient } from './app.ts'

export const sendMission = (client: TestClient, path: string, bytes: Uint8Array, type = 'text/plain') =>
  client.fetch(path, { method: 'POST', headers: { 'Content-Type': type }, body: new Uint8Array(bytes) })

export const sendMissionForm = (client: TestClient, path: string, bytes: Uint8Array) => {
  const form = new FormData()
  form.set('mission', new Blob([new Uint8Array(bytes)]), 'mission.sqm')
  return client.fetch(path, { method: 'POST', body: form })
}

/** The import's preview of a file (nothing is stored). */
export async function previewMission(client: TestClient, bytes: Uint8Array) {
  const response = await sendMission(client, '/api/admin/orbat/import/sqm', bytes)
  return { status: response.status, body: (await response.json()) as MissionImport & { error?: string } }
}

/** The export of a file with the ORBAT as it stands, checked to be the download it should be. */
export async function exportMission(client: TestClient, bytes: Uint8Array): Promise<Buffer> {
  const response = await sendMission(client, '/api/admin/orbat/export/sqm', bytes)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-disposition')).toBe('attachment; filename="mission.sqm"')
  return Buffer.from(await response.arrayBuffer())
}

/**
 * The lines that differ between a file and its edited copy, as [before, after], trimmed; an inserted line has '' as
 * its before. Edits change lines in place or insert whole lines, so the files realign after each change.
 */
export function changedLines(before: Buffer, after: Buffer): Array<[string, string]> {
  const a = before.toString('utf8').split(/\r?\n/)
  const b = after.toString('utf8').split(/\r?\n/)
  const out: Array<[string, string]> = []
  let j = 0
  for (let i = 0; i < b.length; i++) {
    if (a[j] === b[i]) j++
    else if (a[j + 1] === b[i + 1]) out.push([a[j++]!.trim(), b[i]!.trim()])
    else out.push(['', b[i]!.trim()])
  }
  return out
}

export interface CountedMission {
  /** Each group that holds playable units, in the file's order: its side and how many. */
  groups: Array<{ side: string; units: number }>
  /** Playable logics (headless clients): player slots for no one. */
  logics: number
}

/**
 * Counts a mission's playable units by group another way than the importer does (no parser): Eden writes one entry
 * per line, indented with a tab per level, so a group is the lines from its `dataType="Group";` to the `};` one level
 * out, and a unit in it is playable when a line `isPlayable=1;` or `isPlayer=1;` follows its `dataType="Object";`
 * before the next entity starts. A logic entity with such a line anywhere is a playable logic.
 */
export function countPlayable(bytes: Uint8Array): CountedMission {
  const lines = Buffer.from(bytes).toString('latin1').split(/\r?\n/)
  const groups: CountedMission['groups'] = []
  let group: { side: string; units: Set<number>; end: string } | null = null
  let entity: { kind: string; index: number } | null = null
  const playableLogics = new Set<number>()
  lines.forEach((line, index) => {
    const dataType = /^(\t*)dataType="(\w+)";$/.exec(line)
    if (group && line === group.end) {
      if (group.units.size) groups.push({ side: group.side, units: group.units.size })
      group = null
    }
    if (dataType) {
      entity = { kind: dataType[2]!, index }
      if (dataType[2] === 'Group') group = { side: '', units: new Set(), end: `${dataType[1]!.slice(1)}};` }
      return
    }
    if (group && !group.side) group.side = /^\t*side="(\w+)";$/.exec(line)?.[1] ?? ''
    if (!/^\t*(isPlayable|isPlayer)=1;$/.test(line) || !entity) return
    if (entity.kind === 'Object' && group) group.units.add(entity.index)
    if (entity.kind === 'Logic') playableLogics.add(entity.index)
  })
  return { groups, logics: playableLogics.size }
}
