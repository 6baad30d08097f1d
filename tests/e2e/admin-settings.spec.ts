import type { Page } from '@playwright/test'
import { nextLockInstant } from '../../server/lib/time-lock.ts'
import { expect, pageTasksDone, recordWrites, test, type E2ESql } from './fixtures.ts'
import { acceptConfirm, answerConfirm, toast } from './page-kit.ts'

// Admin Settings with JavaScript: the pages under /admin/settings (confirmations through the browser's confirm) and the
// same tabs inside the side sheet of the ORBAT editor, whose posts answer data so the editor never navigates. The
// browser runs in New York time: month, day and time are the admin's local time. Time-lock tests take `orbatLock` (the
// lock is global).

test.use({ timezoneId: 'America/New_York' })

/** Month and day of "now + days" as New York reads them. */
function newYorkDate(days: number) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(Date.now() + days * 86_400_000)
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value)
  return { month: get('month'), day: get('day') }
}

async function signupTime(db: E2ESql): Promise<string> {
  const [row] = await db<Array<{ value: string }>>`select value from settings where key = 'signup_time'`
  return row?.value ?? ''
}

async function openSettingsPage(page: Page, tab: string) {
  await page.goto(`/admin/settings/${tab}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Settings' })).toBeVisible()
}

test('/admin/settings opens General; the tabs are links; the admin hub links here', async ({ page, login }) => {
  await login('demo_admin', '/admin')
  await page.getByRole('link', { name: /Admin Settings/ }).click()
  await expect(page).toHaveURL(/\/admin\/settings\/general$/)
  const tabs = page.getByRole('navigation', { name: 'Admin Settings' }).getByRole('link')
  await expect(tabs).toHaveText(['General', 'Eligible Roles', 'ORBAT Presets', 'Platoons'])
  await tabs.filter({ hasText: 'Platoons' }).click()
  await expect(page).toHaveURL(/\/admin\/settings\/platoons$/)
  await expect(page.getByRole('region', { name: 'Add New Platoon' })).toBeVisible()
})

test('a non-admin sees Access Denied on the settings pages', async ({ page, login }) => {
  await login('reyes', '/admin/settings/roles')
  await expect(page.getByTestId('access-denied')).toBeVisible()
})

test('the time field keeps digits, inserts the colon and normalises on blur', async ({ page, login }) => {
  await login('demo_admin')
  await openSettingsPage(page, 'general')
  await expect(page.getByText('Times are in your local time zone (America/New_York).')).toBeVisible()
  const time = page.getByLabel('Time (24-hour)')
  await expect(page.getByLabel('Month').locator('option')).toHaveCount(12)
  await expect(page.getByLabel('Day').locator('option')).toHaveCount(31)

  await time.fill('')
  await time.pressSequentially('1a8b3c05')
  await expect(time).toHaveValue('18:30')
  await time.fill('')
  await time.pressSequentially('930')
  await expect(time).toHaveValue('93:0')
  await time.blur()
  await expect(time).toHaveValue('09:30')

  await time.fill('')
  await time.pressSequentially('2599')
  await time.blur()
  await expect(time).toHaveValue('')
  await expect(page.getByText('Please enter the time in 24-hour format (HH:mm), e.g., 18:30.')).toBeVisible()

  // Submitting without a time asks for month, day and time.
  await page.getByRole('button', { name: 'Set Time Lock' }).click()
  await expect(page.getByText('Please select a valid month, day, and time.')).toBeVisible()
})

test('an admin sets the time lock in local time, /orbat shows Sign-ups Locked, and clears it after the confirm', async ({
  page,
  login,
  db,
  orbatLock,
}) => {
  void orbatLock
  await login('demo_admin')
  await openSettingsPage(page, 'general')
  await expect(page.getByTestId('current-lock')).toHaveText('None')
  // After hydration the form proposes local time: one hour from now.
  await expect(page.getByText('Times are in your local time zone (America/New_York).')).toBeVisible()
  const proposed = await page.getByLabel('Time (24-hour)').inputValue()
  const inAnHour = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/New_York',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(Date.now() + 3_600_000)
  const apart = (((minutes(proposed) - minutes(inAnHour)) % 1440) + 1440) % 1440
  expect(Math.min(apart, 1440 - apart)).toBeLessThanOrEqual(1)

  const { month, day } = newYorkDate(10)
  await page.getByLabel('Month').selectOption(String(month))
  await page.getByLabel('Day').selectOption(String(day))
  await page.getByLabel('Time (24-hour)').fill('1830')
  await page.getByLabel('Time (24-hour)').blur()
  await page.getByRole('button', { name: 'Set Time Lock' }).click()
  await expect(toast(page, 'Time lock set successfully.')).toBeVisible()

  // 18:30 New York time, this year or the next.
  const expected = nextLockInstant({ month, day, hour: 18, minute: 30 }, 'America/New_York')!.toISOString()
  await expect.poll(() => signupTime(db)).toBe(expected)
  await expect(page.getByTestId('current-lock')).toContainText('18:30')

  await page.goto('/orbat')
  await expect(page.getByTestId('lock-banner')).toContainText('Sign-ups Locked')

  await openSettingsPage(page, 'general')
  void acceptConfirm(page, /clear the time lock/)
  await page.getByRole('button', { name: 'Clear Time Lock' }).click()
  await expect(toast(page, 'Time lock cleared.')).toBeVisible()
  await expect(page.getByTestId('current-lock')).toHaveText('None')
  expect(await signupTime(db)).toBe('')
})

function minutes(hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number)
  return h! * 60 + m!
}

test('an admin adds, edits and deletes an eligible role', async ({ page, login }) => {
  const name = `E2E Role ${Date.now()}`
  await login('demo_admin')
  await openSettingsPage(page, 'roles')
  const form = page.getByRole('form', { name: 'Add role' })

  // Required fields, checked in the browser.
  await form.getByRole('button', { name: 'Add Role' }).click()
  await expect(form.getByText('Role name is required.')).toBeVisible()
  await expect(form.getByText('Role ID(s) are required.')).toBeVisible()

  await form.getByLabel('Role Name').fill(name)
  // Roles are ticked by name from the demo guild (db/seed/demo-guild.ts).
  await form.getByLabel('Pilot', { exact: true }).check()
  await form.getByLabel('Combat Medic', { exact: true }).check()
  await form.getByLabel('Can join the General Waitlist').check()
  await form.getByRole('button', { name: 'Add Role' }).click()
  await expect(toast(page, 'Role added successfully.')).toBeVisible()
  const row = page.getByTestId('role-row').filter({ hasText: name })
  await expect(row).toContainText('910000000000000004')
  await expect(row).toContainText('910000000000000005')
  await expect(row.getByLabel('Yes')).toBeVisible()
  await expect(page.getByRole('form', { name: 'Add role' }).getByLabel('Role Name')).toHaveValue('')

  // Edit fills the form in place.
  await row.getByRole('link', { name: `Edit ${name}` }).click()
  const edit = page.getByRole('form', { name: 'Edit role' })
  await expect(edit.getByLabel('Role Name')).toHaveValue(name)
  await expect(edit.getByLabel('Can join the General Waitlist')).toBeChecked()
  await edit.getByLabel('Role Name').fill(`${name} (edited)`)
  await edit.getByLabel('Can join the General Waitlist').uncheck()
  await edit.getByRole('button', { name: 'Update Role' }).click()
  await expect(toast(page, 'Role updated successfully.')).toBeVisible()
  const edited = page.getByTestId('role-row').filter({ hasText: `${name} (edited)` })
  await expect(edited.getByLabel('No')).toBeVisible()
  await expect(page.getByRole('form', { name: 'Add role' })).toBeVisible()

  // A name already taken is refused with the server's message.
  await page.getByRole('form', { name: 'Add role' }).getByLabel('Role Name').fill(`${name} (edited)`)
  await page.getByRole('form', { name: 'Add role' }).getByLabel('Pilot', { exact: true }).check()
  await page.getByRole('form', { name: 'Add role' }).getByRole('button', { name: 'Add Role' }).click()
  await expect(toast(page, `An eligible role named "${name} (edited)" already exists.`)).toBeVisible()

  void acceptConfirm(page, /delete the role/)
  await edited.getByRole('button', { name: `Delete ${name} (edited)` }).click()
  await expect(toast(page, 'Role deleted.')).toBeVisible()
  await expect(page.getByTestId('role-row').filter({ hasText: name })).toHaveCount(0)
})

test('dismissing the confirm keeps the role', async ({ page, login }) => {
  await login('demo_admin')
  await openSettingsPage(page, 'roles')
  const row = page.getByTestId('role-row').filter({ hasText: 'Pilot' })
  const writes = recordWrites(page)
  const dismissed = answerConfirm(page, false)
  await row.getByRole('button', { name: 'Delete Pilot' }).click()
  await dismissed
  await pageTasksDone(page)
  expect(writes, 'a dismissed confirm sends nothing').toEqual([])
  await expect(row).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/settings\/roles$/)
})

test('an admin purges the waitlist after the confirm', async ({ page, login, db, orbatLock }) => {
  void orbatLock
  await login('demo_admin')
  const [user] = await db<Array<{ id: number }>>`select id from users where username = 'demo_admin'`
  if (user) await db`insert into waitlist_entries (user_id) values (${user.id}) on conflict do nothing`
  await openSettingsPage(page, 'roles')
  void acceptConfirm(page, /cannot be undone/)
  await page.getByRole('button', { name: 'Purge Waitlist' }).click()
  await expect(toast(page, 'Waitlist purged successfully.')).toBeVisible()
  const [count] = await db<Array<{ n: number }>>`select count(*)::int as n from waitlist_entries`
  expect(count!.n).toBe(0)
})

test('an admin adds and deletes a platoon', async ({ page, login }) => {
  const name = `E2E Platoon ${Date.now()}`
  await login('demo_admin')
  await openSettingsPage(page, 'platoons')
  const form = page.getByRole('form', { name: 'Add New Platoon' })
  await form.getByRole('button', { name: 'Add Platoon' }).click()
  await expect(form.getByText('Platoon name is required.')).toBeVisible()
  await form.getByLabel('Platoon Name').fill(name)
  await form.getByLabel('Discord Role').selectOption({ label: '@Pilot' })
  await form.getByRole('button', { name: 'Add Platoon' }).click()
  await expect(toast(page, 'Platoon created!')).toBeVisible()
  const row = page.getByTestId('platoon-row').filter({ hasText: name })
  await expect(row).toContainText('Role: @Pilot')

  void acceptConfirm(page, /squads become unassigned/)
  await row.getByRole('button', { name: `Delete ${name}` }).click()
  await expect(toast(page, 'Platoon deleted.')).toBeVisible()
  await expect(row).toHaveCount(0)
})

test('when Discord cannot list the roles, the platoon role is a typed id with a notice', async ({
  page,
  login,
  serverInfo,
}) => {
  const name = `E2E Platoon Fallback ${Date.now()}`
  await login('demo_admin')
  // The next role listing of the demo guild is refused (a 4xx: not retried). tests/e2e/server.ts runs the demo guild.
  const injected = await fetch(`${serverInfo.standInUrl}/__control/fail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status: 403, count: 1, path: '/guilds/900000000000000000/roles' }),
  })
  expect(injected.ok).toBe(true)
  await openSettingsPage(page, 'platoons')
  const form = page.getByRole('form', { name: 'Add New Platoon' })
  await expect(form.getByRole('alert')).toContainText('Discord could not be reached, so ids are typed by hand below.')
  await form.getByLabel('Platoon Name').fill(name)
  await form.getByLabel('Discord Role ID').fill('abc')
  await form.getByRole('button', { name: 'Add Platoon' }).click()
  await expect(form.getByText('The Discord role ID must contain digits only.')).toBeVisible()
  await form.getByLabel('Discord Role ID').fill('998877665544332211')
  await form.getByRole('button', { name: 'Add Platoon' }).click()
  await expect(toast(page, 'Platoon created!')).toBeVisible()
  const row = page.getByTestId('platoon-row').filter({ hasText: name })
  await expect(row).toContainText('Role: 998877665544332211')

  void acceptConfirm(page, /squads become unassigned/)
  await row.getByRole('button', { name: `Delete ${name}` }).click()
  await expect(toast(page, 'Platoon deleted.')).toBeVisible()
  await expect(row).toHaveCount(0)
})

test('an admin saves, renames and deletes a preset; Load opens the editor with it', async ({ page, login }) => {
  const name = `E2E Preset JS ${Date.now()}`
  await login('demo_admin')
  await openSettingsPage(page, 'presets')
  const save = page.getByRole('form', { name: 'Save preset' })
  await save.getByLabel('Preset name').fill('   ')
  await save.getByRole('button', { name: 'Save Preset' }).click()
  await expect(save.getByText('Preset name is required.')).toBeVisible()
  await save.getByLabel('Preset name').fill(name)
  await save.getByRole('button', { name: 'Save Preset' }).click()
  await expect(toast(page, `Preset "${name}" saved.`)).toBeVisible()
  const row = page.getByTestId('preset-row').filter({ hasText: name })
  await expect(row).toBeVisible()
  const presetList = page.getByRole('list', { name: 'Presets' })
  await expect(presetList).toHaveClass(/max-h-96/)
  await expect(presetList).toHaveClass(/overflow-y-auto/)
  await expect(row.getByRole('link', { name: `Load ${name}` })).toHaveAttribute('href', /^\/admin\/orbat\?preset=\d+$/)

  await row.getByRole('link', { name: `Rename ${name}` }).click()
  const rename = page.getByRole('form', { name: `Rename ${name}` })
  await expect(rename.getByLabel('New name')).toHaveValue(name)
  await rename.getByLabel('New name').fill(`${name} v2`)
  await rename.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page, `Preset renamed to "${name} v2".`)).toBeVisible()
  const renamed = page.getByTestId('preset-row').filter({ hasText: `${name} v2` })
  await expect(renamed).toBeVisible()

  void acceptConfirm(page, /delete the preset/)
  await renamed.getByRole('button', { name: `Delete ${name} v2` }).click()
  await expect(toast(page, 'Preset deleted.')).toBeVisible()
  await expect(page.getByTestId('preset-row').filter({ hasText: name })).toHaveCount(0)
})

test.describe('inside the ORBAT editor side panel', () => {
  async function openPanel(page: Page) {
    await page.goto('/admin/orbat')
    await page.getByRole('button', { name: 'Actions' }).click()
    await page.getByRole('menuitem', { name: 'Manage' }).click()
    const sheet = page.getByRole('dialog', { name: 'Admin Settings' })
    await expect(sheet.getByTestId('admin-settings-panel')).toBeVisible()
    return sheet
  }

  test('the four tabs load in the sheet; a platoon is added and deleted without leaving the editor', async ({
    page,
    login,
  }) => {
    const name = `E2E Panel Platoon ${Date.now()}`
    await login('demo_admin')
    const sheet = await openPanel(page)
    await expect(sheet.getByRole('tab')).toHaveText(['General', 'Eligible Roles', 'ORBAT Presets', 'Platoons'])
    await expect(sheet.getByText('Signup Time Lock')).toBeVisible()
    await sheet.getByRole('tab', { name: 'Eligible Roles' }).click()
    await expect(sheet.getByTestId('role-row').first()).toBeVisible()
    await sheet.getByRole('tab', { name: 'ORBAT Presets' }).click()
    await expect(sheet.getByRole('region', { name: 'Save Current Layout' })).toBeVisible()

    await sheet.getByRole('tab', { name: 'Platoons' }).click()
    const form = sheet.getByRole('form', { name: 'Add New Platoon' })
    await form.getByLabel('Platoon Name').fill(name)
    await form.getByLabel('Discord Role').selectOption({ label: '@Pilot' })
    await form.getByRole('button', { name: 'Add Platoon' }).click()
    await expect(toast(page, 'Platoon created!')).toBeVisible()
    const row = sheet.getByTestId('platoon-row').filter({ hasText: name })
    await expect(row).toBeVisible()
    await expect(form.getByLabel('Platoon Name')).toHaveValue('')
    await expect(page).toHaveURL(/\/admin\/orbat$/)

    // A server-side failure (the name is taken) is a toast; the sheet stays open.
    await form.getByLabel('Platoon Name').fill(name)
    await form.getByLabel('Discord Role').selectOption({ label: '@Pilot' })
    await form.getByRole('button', { name: 'Add Platoon' }).click()
    await expect(toast(page, `A platoon named "${name}" already exists.`)).toBeVisible()

    void acceptConfirm(page, /squads become unassigned/)
    await row.getByRole('button', { name: `Delete ${name}` }).click()
    await expect(toast(page, 'Platoon deleted.')).toBeVisible()
    await expect(row).toHaveCount(0)
    await expect(sheet).toBeVisible()
    await expect(page).toHaveURL(/\/admin\/orbat$/)
  })

  test('the time lock is set and cleared in the panel', async ({ page, login, db, orbatLock }) => {
    void orbatLock
    await login('demo_admin')
    const sheet = await openPanel(page)
    const { month, day } = newYorkDate(20)
    await sheet.getByLabel('Month').selectOption(String(month))
    await sheet.getByLabel('Day').selectOption(String(day))
    await sheet.getByLabel('Time (24-hour)').fill('0715')
    await sheet.getByRole('button', { name: 'Set Time Lock' }).click()
    await expect(toast(page, 'Time lock set successfully.')).toBeVisible()
    const expected = nextLockInstant({ month, day, hour: 7, minute: 15 }, 'America/New_York')!.toISOString()
    await expect.poll(() => signupTime(db)).toBe(expected)
    await expect(sheet.getByTestId('current-lock')).toContainText('07:15')

    void acceptConfirm(page, /clear the time lock/)
    await sheet.getByRole('button', { name: 'Clear Time Lock' }).click()
    await expect(toast(page, 'Time lock cleared.')).toBeVisible()
    await expect(sheet.getByTestId('current-lock')).toHaveText('None')
    await expect(page).toHaveURL(/\/admin\/orbat$/)
  })

  test('role add and edit in the panel', async ({ page, login }) => {
    const name = `E2E Panel Role ${Date.now()}`
    await login('demo_admin')
    const sheet = await openPanel(page)
    await sheet.getByRole('tab', { name: 'Eligible Roles' }).click()
    const add = sheet.getByRole('form', { name: 'Add role' })
    await add.getByRole('button', { name: 'Add Role' }).click()
    await expect(add.getByText('Role name is required.')).toBeVisible()
    await add.getByLabel('Role Name').fill(name)
    await add.getByLabel('Pilot', { exact: true }).check()
    await add.getByRole('button', { name: 'Add Role' }).click()
    await expect(toast(page, 'Role added successfully.')).toBeVisible()
    const row = sheet.getByTestId('role-row').filter({ hasText: name })
    await row.getByRole('button', { name: `Edit ${name}` }).click()
    const edit = sheet.getByRole('form', { name: 'Edit role' })
    await expect(edit.getByLabel('Role Name')).toHaveValue(name)
    await edit.getByLabel('Combat Medic', { exact: true }).check()
    await edit.getByRole('button', { name: 'Update Role' }).click()
    await expect(toast(page, 'Role updated successfully.')).toBeVisible()
    await expect(row).toContainText('910000000000000004')
    await expect(row).toContainText('910000000000000005')
    await expect(sheet.getByRole('form', { name: 'Add role' })).toBeVisible()

    void acceptConfirm(page, /delete the role/)
    await row.getByRole('button', { name: `Delete ${name}` }).click()
    await expect(toast(page, 'Role deleted.')).toBeVisible()
    await expect(row).toHaveCount(0)
  })
})

test('the unit time zone field refuses an unknown zone inline and saves a known one by its canonical name', async ({
  page,
  login,
  db,
}) => {
  // NOTE: it saves the zone already in force (America/New_York), so tests running beside it see no change.
  await login('demo_admin')
  await openSettingsPage(page, 'general')
  const section = page.getByRole('region', { name: 'Unit Time Zone' })
  const field = section.getByLabel('Time zone (IANA name)')
  await expect(field).toHaveValue('America/New_York')
  await field.fill('Mars/Olympus')
  await section.getByRole('button', { name: 'Save Time Zone' }).click()
  await expect(
    section.getByText('Please enter a valid IANA time zone, e.g. America/New_York or Europe/Berlin.'),
  ).toBeVisible()
  await field.fill('america/new_york')
  await section.getByRole('button', { name: 'Save Time Zone' }).click()
  await expect(toast(page, 'Unit time zone saved.')).toBeVisible()
  const [row] = await db<Array<{ value: string }>>`select value from settings where key = 'unit_time_zone'`
  expect(row!.value).toBe('America/New_York')
  await expect(field).toHaveValue('America/New_York')
})
