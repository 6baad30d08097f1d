import type { Page } from '@playwright/test'
import { DEMO_ROLES } from '../../db/seed/demo-guild.ts'
import { test } from './admin-discord-lock.ts'
import { expect, type E2ESql } from './fixtures.ts'
import { toast } from './page-kit.ts'

// /admin/discord without JavaScript (chromium-nojs): the settings and mapping forms are full-page posts answered by
// a redirect with a flash toast; a validation failure answers 400 inline; removing asks on the page's confirm step.

async function open(page: Page) {
  await page.goto('/admin/discord')
  await expect(page.getByRole('heading', { level: 1, name: 'Discord Integration' })).toBeVisible()
}

async function settingValue(db: E2ESql, key: string): Promise<string> {
  const [row] = await db<Array<{ value: string }>>`select value from settings where key = ${key}`
  return row?.value ?? ''
}

test('the settings form saves a changed setting, and says when nothing changed', async ({ page, login, db }) => {
  const before = await settingValue(db, 'orbat_activity_channel_id')
  await login('demo_admin')
  await open(page)
  try {
    await page.getByLabel('ORBAT activity channel').selectOption({ label: '#events' })
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect(toast(page, 'Discord settings saved.')).toBeVisible()
    // No × that could not close it: without JavaScript the toast leaves by itself.
    await expect(page.getByTestId('toast-stack').getByRole('button', { name: 'Dismiss notification' })).toHaveCount(0)
    expect(await settingValue(db, 'orbat_activity_channel_id')).toBe('930000000000000003')
    await expect(page.getByLabel('ORBAT activity channel').locator('option:checked')).toHaveText('#events')
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect(toast(page, 'No changes to save.')).toBeVisible()
  } finally {
    await db`update settings set value = ${before} where key = 'orbat_activity_channel_id'`
  }
})

test('the rank role form saves the whole list', async ({ page, login, db }) => {
  await login('demo_admin')
  await open(page)
  try {
    await page.getByLabel('SNCO').selectOption({ label: '@SNCO' })
    await page.getByRole('button', { name: 'Save Rank Roles' }).click()
    await expect(toast(page, 'Rank role mappings saved.')).toBeVisible()
    const rows = await db<
      Array<{ discord_role_id: string }>
    >`select discord_role_id from rank_role_mappings where rank_name = 'SNCO'`
    expect(rows).toEqual([{ discord_role_id: DEMO_ROLES.rankSNCO.id }])
  } finally {
    await db`delete from rank_role_mappings where rank_name = 'SNCO'`
  }
})

test('a squad mapping needs a squad (400 inline); added with a channel; removed through the confirm step', async ({
  page,
  login,
  db,
}) => {
  await login('demo_admin')
  await open(page)
  const squads = page.getByRole('region', { name: 'Squad Role Mapping' })
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    squads.getByRole('button', { name: 'Add Mapping' }).click(),
  ])
  expect(response.status()).toBe(400)
  await expect(squads.getByText('Please select a squad.')).toBeVisible()
  try {
    await squads.getByLabel('Squad', { exact: true }).selectOption({ label: 'Raven (Air)' })
    await squads.getByLabel('Create a channel').check()
    await squads.getByRole('button', { name: 'Add Mapping' }).click()
    await expect(toast(page, 'Squad role mapping added.')).toBeVisible()
    const row = squads.getByTestId('squad-mapping').filter({ hasText: 'Raven (Air)' })
    await expect(row).toContainText('Role @Raven (Air)')
    await expect(row).toContainText('Channel #raven-air (SQUADS)')

    await row.getByRole('button', { name: 'Delete the mapping of Raven (Air)' }).click()
    const step = page.getByRole('alertdialog')
    await expect(step).toContainText(
      'Remove the role mapping of Raven (Air)? This deletes the Discord role Raven (Air) and the channel #raven-air (SQUADS).',
    )
    await step.getByRole('button', { name: 'Remove' }).click()
    await expect(toast(page, 'Squad role mapping removed.')).toBeVisible()
    await expect(squads.getByTestId('squad-mapping').filter({ hasText: 'Raven (Air)' })).toHaveCount(0)
  } finally {
    await db`delete from squad_role_mappings where squad_id = (select id from squads where name = 'Raven (Air)')`
    await db`update squads set discord_channel_id = null where name = 'Raven (Air)'`
  }
})

test('Purge Squad Integrations asks on the confirm step; Cancel leaves everything', async ({ page, login }) => {
  await login('demo_admin')
  await open(page)
  await page
    .getByRole('region', { name: 'Danger Zone' })
    .getByRole('button', { name: 'Purge Squad Integrations' })
    .click()
  await expect(page).toHaveURL(/confirm=purge-squad-integrations/)
  const step = page.getByRole('alertdialog')
  await expect(step).toContainText(/^Purge squad integrations\? /)
  await step.getByRole('link', { name: 'Cancel' }).click()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
})
