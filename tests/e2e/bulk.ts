import type { Page } from '@playwright/test'
import { expect, type E2ESql } from './fixtures.ts'
import { toast } from './page-kit.ts'

// The member list's bulk actions (docs/rules/roster.md, Moving in and out), shared by bulk.spec.ts (JavaScript on)
// and bulk.nojs.spec.ts (off): two members ticked and set to a rank, then both deleted after the page asks, naming
// the count. The members are made here ("E2E Bulk js|nojs ...") and removed afterwards.

export interface BulkJourney {
  js: boolean
  violations: (page: Page) => Promise<string[]>
  settle: (page: Page) => Promise<void>
}

const prefix = (journey: BulkJourney) => `E2E Bulk ${journey.js ? 'js' : 'nojs'}`

export async function removeBulkMembers(db: E2ESql, journey: BulkJourney) {
  await db`delete from members where ingame_name like ${`${prefix(journey)}%`}`
}

export async function bulkJourney(page: Page, db: E2ESql, journey: BulkJourney) {
  const names = [`${prefix(journey)} Alpha`, `${prefix(journey)} Bravo`]
  for (const name of names) await db`insert into members (ingame_name, join_date) values (${name}, '2025-01-01')`
  await page.goto(`/admin/roster/members?term=${encodeURIComponent(prefix(journey))}`)
  await page.getByRole('link', { name: 'Bulk actions' }).click()
  const bar = page.getByRole('region', { name: 'Bulk actions' })
  await expect(bar).toBeVisible()
  await journey.settle(page)
  expect(await journey.violations(page)).toEqual([])

  for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check()
  await bar.getByRole('combobox', { name: /^Action\b/ }).selectOption('set_rank')
  await bar.getByRole('combobox', { name: /^Rank\b/ }).selectOption('JNCO')
  await bar.getByRole('button', { name: 'Apply to ticked members' }).click()
  await expect(toast(page, '2 members changed.')).toBeVisible()
  const ranks = await db<{ rank: string }[]>`
    select rank::text as rank from members where ingame_name like ${`${prefix(journey)}%`}`
  expect(ranks.map((r) => r.rank)).toEqual(['JNCO', 'JNCO'])

  // Delete asks first, naming the count; "all the search matches" takes both without ticking.
  await journey.settle(page)
  await bar.getByRole('combobox', { name: /^Action\b/ }).selectOption('delete')
  await bar.getByRole('checkbox', { name: /^All 2 members the search matches/ }).check()
  await bar.getByRole('button', { name: 'Apply to ticked members' }).click()
  const question = page.getByRole('alertdialog', { name: /^Delete 2 members\?/ })
  await expect(question).toBeVisible()
  expect(await journey.violations(page)).toEqual([])
  await question.getByRole('button', { name: 'Yes, go ahead' }).click()
  await expect(question).toBeHidden()
  await expect(page.getByRole('checkbox', { name: `Select ${names[0]}` })).toHaveCount(0)
  await expect
    .poll(async () => (await db`select 1 from members where ingame_name like ${`${prefix(journey)}%`}`).length)
    .toBe(0)
}
