import type { Page } from '@playwright/test'
import { DEMO_ROLES } from '../../db/seed/demo-guild.ts'
import { test } from './admin-discord-lock.ts'
import { expect, type E2ESql } from './fixtures.ts'
import { acceptConfirm, answerConfirm, toast } from './page-kit.ts'

// /admin/discord with JavaScript: the settings chosen by name, the rank role mapping, squad role mappings creating a
// role and a channel on the stand-in, the Danger Zone's confirmations naming what goes, and Ping History with sizes and
// cancel. Every test puts back what it changed.

async function open(page: Page) {
  await page.goto('/admin/discord')
  await expect(page.getByRole('heading', { level: 1, name: 'Discord Integration' })).toBeVisible()
}

/** Accepts the next confirm() and answers its text. */
const acceptNextConfirm = (page: Page) => acceptConfirm(page)

async function settingValue(db: E2ESql, key: string): Promise<string> {
  const [row] = await db<Array<{ value: string }>>`select value from settings where key = ${key}`
  return row?.value ?? ''
}

test('the sections render, and the settings are chosen by name and saved only when changed', async ({
  page,
  login,
  db,
}) => {
  const before = await settingValue(db, 'milsim_role_id')
  await login('demo_admin')
  await open(page)
  for (const name of ['Global Settings', 'Rank Role Mapping', 'Squad Role Mapping', 'Danger Zone', 'Ping History']) {
    await expect(page.getByRole('region', { name })).toBeVisible()
  }
  const milsim = page.getByLabel('Milsim role')
  await expect(milsim.locator('option:checked')).toHaveText('@Milsim')
  await expect(page.getByLabel('Squad channel category').locator('option:checked')).toHaveText('SQUADS')
  await expect(page.getByLabel('Promotion announcement channel').locator('option:checked')).toHaveText('#promotions')
  try {
    await milsim.selectOption({ label: '@Member' })
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect(toast(page, 'Discord settings saved.')).toBeVisible()
    expect(await settingValue(db, 'milsim_role_id')).toBe(DEMO_ROLES.member.id)
    await page.getByRole('button', { name: 'Save Settings' }).click()
    await expect(toast(page, 'No changes to save.')).toBeVisible()
  } finally {
    await db`update settings set value = ${before} where key = 'milsim_role_id'`
  }
})

test('rank role mapping: one row per rank, saved as a whole', async ({ page, login, db }) => {
  await login('demo_admin')
  await open(page)
  const ranks = page.getByRole('region', { name: 'Rank Role Mapping' })
  await expect(ranks.getByTestId('rank-row')).toHaveCount(8)
  try {
    await ranks.getByLabel('JNCO').selectOption({ label: '@JNCO' })
    await ranks.getByRole('button', { name: 'Save Rank Roles' }).click()
    await expect(toast(page, 'Rank role mappings saved.')).toBeVisible()
    const rows = await db<
      Array<{ rank_name: string; discord_role_id: string }>
    >`select rank_name, discord_role_id from rank_role_mappings where rank_name = 'JNCO'`
    expect(rows).toEqual([{ rank_name: 'JNCO', discord_role_id: DEMO_ROLES.rankJNCO.id }])
    await expect(ranks.getByLabel('JNCO').locator('option:checked')).toHaveText('@JNCO')
  } finally {
    await db`delete from rank_role_mappings where rank_name = 'JNCO'`
  }
})

test('squad role mapping: a role and a private channel are created, the channel removed, the mapping removed', async ({
  page,
  login,
  db,
}) => {
  await login('demo_admin')
  await open(page)
  const squads = page.getByRole('region', { name: 'Squad Role Mapping' })
  try {
    await squads.getByLabel('Squad', { exact: true }).selectOption({ label: 'Bravo' })
    await squads.getByLabel('Create a channel').check()
    await squads.getByRole('button', { name: 'Add Mapping' }).click()
    await expect(toast(page, 'Squad role mapping added.')).toBeVisible()
    const row = squads.getByTestId('squad-mapping').filter({ hasText: 'Bravo' })
    await expect(row).toContainText('Role @Bravo')
    await expect(row).toContainText('Channel #bravo (SQUADS)')
    // Mapped squads are not offered again.
    await expect(squads.getByLabel('Squad', { exact: true }).locator('option', { hasText: /^Bravo$/ })).toHaveCount(0)
    await expect(squads.getByLabel('Create a channel')).not.toBeChecked()

    const channelQuestion = acceptNextConfirm(page)
    await row.getByRole('button', { name: 'Remove the channel of Bravo' }).click()
    expect(await channelQuestion).toBe('Delete the Discord channel #bravo (SQUADS) of Bravo?')
    await expect(toast(page, 'Squad role mapping updated.')).toBeVisible()
    await expect(row).toContainText('Channel none')

    const removeQuestion = acceptNextConfirm(page)
    await row.getByRole('button', { name: 'Delete the mapping of Bravo' }).click()
    expect(await removeQuestion).toBe('Remove the role mapping of Bravo? This deletes the Discord role Bravo.')
    await expect(toast(page, 'Squad role mapping removed.')).toBeVisible()
    await expect(squads.getByTestId('squad-mapping').filter({ hasText: 'Bravo' })).toHaveCount(0)
  } finally {
    await db`delete from squad_role_mappings where squad_id = (select id from squads where name = 'Bravo')`
    await db`update squads set discord_channel_id = null where name = 'Bravo'`
  }
})

test('Danger Zone: each purge asks first, naming what goes', async ({ page, login, db, serverInfo }) => {
  await login('demo_admin')
  await open(page)
  const danger = page.getByRole('region', { name: 'Danger Zone' })
  // Dismissed: nothing happens.
  const dismissed = answerConfirm(page, false)
  await danger.getByRole('button', { name: 'Purge Squad Integrations' }).click()
  expect(await dismissed).toMatch(/^Purge squad integrations\? /)

  const control = (path: string, body?: unknown) =>
    fetch(
      `${serverInfo.standInUrl}/__control${path}`,
      body ? { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) } : {},
    ).then((r) => r.json())
  const users = (await control('/state')).users as Array<{ id: string; roles: string[] }>
  // One member holds the role (put back afterwards with everyone's roles as they were).
  const holder = users[0]!
  await control(`/users/${holder.id}/roles`, { roles: [...holder.roles, DEMO_ROLES.eventPing.id] })
  try {
    const question = acceptNextConfirm(page)
    await danger.getByRole('button', { name: 'Purge Event Ping Role' }).click()
    expect(await question).toBe(
      'Remove the event ping role @Event Ping from every member of the Discord server who holds it?',
    )
    await expect(toast(page, 'Event ping role removed from every member.')).toBeVisible()
    const after = (await control('/state')).users as Array<{ id: string; roles: string[] }>
    expect(after.filter((u) => u.roles.includes(DEMO_ROLES.eventPing.id))).toEqual([])
    const [entry] = await db<
      Array<{ details: string }>
    >`select details from audit_log where action = 'Event ping role purged' order by id desc limit 1`
    expect(entry?.details).toContain('@Event Ping')
  } finally {
    for (const u of users) await control(`/users/${u.id}/roles`, { roles: u.roles })
  }
})

test('Ping History: sizes 10, 25, 50; a pending ping is cancelled', async ({ page, login, db }) => {
  const message = `Cancel me ${Date.now()}`
  const [event] = await db<Array<{ id: number }>>`select id from events order by id desc limit 1`
  await db`insert into scheduled_pings (type, event_id, channel_id, message_content, ping_time, created_at)
    values ('event', ${event!.id}, '930000000000000003', ${message}, now() + interval '400 days', now())`
  try {
    await login('demo_admin')
    await open(page)
    const history = page.getByRole('region', { name: 'Ping History' })
    await expect(history.getByRole('link', { name: '10' })).toHaveAttribute('aria-current', 'true')
    await history.getByRole('link', { name: '25' }).click()
    await expect(page).toHaveURL(/pings=25/)
    await expect(history.getByRole('link', { name: '25' })).toHaveAttribute('aria-current', 'true')
    const row = history.getByTestId('ping-row').filter({ hasText: message })
    await expect(row).toContainText('PENDING')
    await expect(row).toContainText('#events')
    const question = acceptNextConfirm(page)
    await row.getByRole('button', { name: /^Cancel the ping for / }).click()
    expect(await question).toMatch(/^Cancel the event ping for .+\? It will not be sent\.$/)
    await expect(toast(page, 'Ping cancelled.')).toBeVisible()
    await expect(history.getByTestId('ping-row').filter({ hasText: message })).toHaveCount(0)
  } finally {
    await db`delete from scheduled_pings where message_content = ${message}`
  }
})

test('the events and trainings tabs link to Ping History', async ({ page, login }) => {
  await login('demo_admin')
  for (const tab of ['events', 'trainings']) {
    await page.goto(`/admin/roster/${tab}`)
    await page.getByRole('link', { name: 'Scheduled pings: Ping History' }).click()
    await expect(page).toHaveURL(/\/admin\/discord#pings$/)
    await expect(page.getByRole('heading', { name: 'Ping History' })).toBeVisible()
  }
})

test('when Discord cannot be reached the pickers are id fields, with a notice', async ({
  page,
  login,
  db,
  serverInfo,
}) => {
  await login('demo_admin')
  // The page lists the channels twice (the pickers, the ping history's names): both refused (a 4xx: not retried).
  const injected = await fetch(`${serverInfo.standInUrl}/__control/fail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 403, count: 2, path: '/guilds/900000000000000000/channels' }),
  })
  expect(injected.ok).toBe(true)
  await open(page)
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load from Discord' })).toContainText(
    'Discord could not be reached, so ids are typed by hand below.',
  )
  const milsim = page.getByRole('textbox', { name: 'Milsim role' })
  await expect(milsim).toHaveValue(await settingValue(db, 'milsim_role_id'))
  await expect(page.getByRole('textbox', { name: 'JNCO' })).toBeVisible()
  await page.screenshot({ path: 'screenshots/admin-discord-fallback-1440.png', fullPage: true })
})
