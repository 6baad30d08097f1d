import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, type E2ESql } from './fixtures.ts'
import { toast } from './page-kit.ts'
import { setRoles } from './discord-sync-helpers.ts'
import { DEMO_ROLES } from '../../db/seed/demo-guild.ts'

// The Import tab's journey (docs/rules/roster.md, Moving in and out), shared by import.spec.ts (JavaScript on) and
// import.nojs.spec.ts (off): a semicolon CSV file is previewed, a column is mapped by hand and a rank name mapped to a
// rank, then imported; a rival personnel system's rank record export adds dated history to one of them and brings a
// third person; a Discord server member who is not on the roster is ticked and imported. Each project imports
// its own people (E2E Import js/nojs ..., and a different Discord newcomer) and removes them afterwards.

export interface ImportJourney {
  js: boolean
  /** The Discord newcomer (db/seed/demo-guild.ts, DEMO_NEWCOMERS) this run imports. */
  newcomer: { name: string; discordId: string }
  violations: (page: Page) => Promise<string[]>
  settle: (page: Page) => Promise<void>
}

const names = (js: boolean) => [
  `E2E Import ${js ? 'js' : 'nojs'} Alpha`,
  `E2E Import ${js ? 'js' : 'nojs'} Bravo`,
  `E2E Import ${js ? 'js' : 'nojs'} Charlie`,
]

export async function removeImported(db: E2ESql, journey: ImportJourney) {
  await db`delete from members where ingame_name in ${db(names(journey.js))} or discord_id = ${journey.newcomer.discordId}`
}

async function expectClean(page: Page, journey: ImportJourney, where: string) {
  await journey.settle(page)
  const found = await journey.violations(page)
  expect(found, `axe violations on ${where}:\n\n${found.join('\n\n')}\n`).toEqual([])
}

export async function importJourney(page: Page, db: E2ESql, standInUrl: string, journey: ImportJourney) {
  const [alpha, bravo, charlie] = names(journey.js) as [string, string, string]
  await page.goto('/admin/roster/import')
  await expect(page.getByRole('heading', { name: 'From a CSV file' })).toBeVisible()
  await expectClean(page, journey, 'the Import tab')

  // A semicolon file whose ranks are the old tool's ("Sgt") and whose "Role" column no header rule knows.
  const file = path.join(os.tmpdir(), `e2e-import-${journey.js ? 'js' : 'nojs'}.csv`)
  fs.writeFileSync(
    file,
    `\uFEFFCallsign;Grade;Joined;Role\r\n${alpha};Sgt;2024-02-03;Rifleman\r\n${bravo};Cpl;2024-03-04;"Medic,\r\nsecond line"\r\n`,
  )
  await page.getByLabel('CSV file', { exact: true }).setInputFiles(file)
  await page.getByRole('button', { name: 'Preview', exact: true }).click()
  const preview = page.getByTestId('csv-preview')
  await expect(preview.getByTestId('csv-summary')).toHaveText(
    '2 members to add, 0 to update, 0 unchanged, 2 rows with errors.',
  )
  await expect(preview.getByRole('row', { name: new RegExp(alpha) })).toContainText(
    'The rank "Sgt" is not one of the unit\'s ranks: map it to one.',
  )
  await expect(preview.getByRole('button', { name: 'Import 2 members' })).toBeDisabled()
  await expectClean(page, journey, 'the CSV preview')

  // The admin maps Role to the notes and the two rank names, and previews again.
  await preview.getByLabel('Notes').selectOption('Role')
  await preview.getByLabel('"Sgt" is').selectOption('NCO')
  await preview.getByLabel('"Cpl" is').selectOption('JNCO')
  await preview.getByRole('button', { name: 'Update preview' }).click()
  await expect(page.getByTestId('csv-summary')).toHaveText('2 members to add, 0 to update, 0 unchanged.')
  await page.getByRole('button', { name: 'Import 2 members' }).click()
  await expect(toast(page, 'Imported: 2 members added, 0 updated.')).toBeVisible()
  const imported = await db<{ name: string; rank: string; join_date: string; notes: string | null }[]>`
    select ingame_name as name, rank::text as rank, join_date::text as join_date, notes from members
    where ingame_name in ${db([alpha, bravo])} order by ingame_name`
  expect(imported).toEqual([
    { name: alpha, rank: 'NCO', join_date: '2024-02-03', notes: 'Rifleman' },
    { name: bravo, rank: 'JNCO', join_date: '2024-03-04', notes: 'Medic,\nsecond line' },
  ])

  // A rank record export of a rival personnel system: Alpha's promotion of last spring, and a person not here yet.
  fs.writeFileSync(
    file,
    'ID,User,Rank,Document,Author,Text,Type,Created at,Updated at,Deleted at\n' +
      `1,${alpha},Cpl,,Capt. Price,Promoted,0,2024-05-01 19:00:00,,\n` +
      `2,${charlie},Sgt,,Capt. Price,Transferred in,0,2024-06-01 19:00:00,,\n`,
  )
  await page.getByLabel('CSV file', { exact: true }).setInputFiles(file)
  await page.getByRole('button', { name: 'Preview', exact: true }).click()
  const records = page.getByTestId('csv-preview')
  await expect(records.getByTestId('csv-records')).toContainText('This is a rank record export')
  await records.getByLabel('"Cpl" is').selectOption('JNCO')
  await records.getByLabel('"Sgt" is').selectOption('NCO')
  await records.getByRole('button', { name: 'Update preview' }).click()
  await expect(page.getByTestId('csv-summary')).toHaveText('2 records to add (1 new member), 0 already there.')
  await expectClean(page, journey, 'the record export preview')
  await page.getByRole('button', { name: 'Import 2 records' }).click()
  await expect(toast(page, 'Imported: 1 member added, 1 updated.')).toBeVisible()
  const history = await db<{ name: string; at: string; to: string; via: string }[]>`
    select m.ingame_name as name, to_char(h.at, 'YYYY-MM-DD') as at, h.detail->>'to' as to, h.via
    from member_history h join members m on m.id = h.member_id
    where m.ingame_name in ${db([alpha, charlie])} and h.kind = 'rank' order by m.ingame_name`
  expect(history).toEqual([
    { name: alpha, at: '2024-05-01', to: 'JNCO', via: 'import' },
    { name: charlie, at: '2024-06-01', to: 'NCO', via: 'import' },
  ])

  // From the Discord server: the newcomer, filtered by a role they hold, ticked and imported. Their roles are set
  // here: the shared stand-in's roles change under other specs (the role sync takes managed roles from people who
  // are not on the roster), and Member is a role the app never manages.
  await setRoles(standInUrl, journey.newcomer.discordId, [DEMO_ROLES.member.id, DEMO_ROLES.rankNCO.id])
  await page.reload()
  const discord = page.getByRole('region', { name: 'From the Discord server' })
  await discord.getByLabel('Only members with the role').selectOption('Member')
  await discord.getByRole('button', { name: 'Filter' }).click()
  await expect(page).toHaveURL(/role=Member/)
  await page.getByRole('checkbox', { name: `Import ${journey.newcomer.name}` }).check()
  await expectClean(page, journey, 'the Discord import list')
  await page.getByRole('button', { name: 'Import ticked members' }).click()
  await expect(toast(page, '1 member imported from Discord.')).toBeVisible()
  await expect(page.getByRole('checkbox', { name: `Import ${journey.newcomer.name}` })).toHaveCount(0)
  const [member] = await db<{ name: string }[]>`
    select ingame_name as name from members where discord_id = ${journey.newcomer.discordId}`
  expect(member?.name).toBe(journey.newcomer.name)
}
