import fs from 'node:fs'
import type { Page } from '@playwright/test'
import type { OrbatPayload } from '#contracts/orbat.ts'
import { toSave } from '../harness/save-body.ts'
import { expect, type E2ESql } from './fixtures.ts'

// The test mission of the browser tests (docs/rules/orbat.md, The mission file), for the specs that need the ORBAT an
// import leaves: the history's restore that undoes one.

export const MISSION = 'tests/fixtures/mission/mission.sqm'

/** Slots someone holds (a member, or a manual name: the seeded roster's accounts have not logged in). */
export const heldSlotCount = async (db: E2ESql) =>
  (
    await db<
      { n: number }[]
    >`select count(*)::int as n from slots where user_id is not null or manual_username is not null`
  )[0]!.n

/** The newest version of the ORBAT (after an import, the import's own). */
export const newestVersion = async (db: E2ESql) =>
  (await db<{ id: number }[]>`select id from orbat_versions order by at desc, id desc limit 1`)[0]!.id

/** The test mission applied through the API: it frees the seeded members' slots. */
export async function importMission(page: Page, origin: string) {
  const applied = await page.request.post('/api/admin/orbat/import/sqm?apply=1', {
    headers: { Origin: origin, 'Content-Type': 'text/plain' },
    data: fs.readFileSync(MISSION),
  })
  expect(applied.status()).toBe(200)
}

/**
 * Saves the ORBAT as it stands and answers the version that save wrote: the newest version is not always the ORBAT
 * as it stands, since other specs put their tables back directly (tests/e2e/orbat-snapshot.ts).
 */
export async function saveAsItStands(page: Page, origin: string): Promise<number> {
  const orbat = (await (await page.request.get('/api/orbat')).json()) as OrbatPayload
  const saved = await page.request.put('/api/admin/orbat/save', { headers: { Origin: origin }, data: toSave(orbat) })
  expect(saved.status()).toBe(200)
  return ((await saved.json()) as { version: number }).version
}
