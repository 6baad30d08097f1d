import type { Page } from '@playwright/test'
import { nextLockInstant } from '../../server/lib/time-lock.ts'
import { expect, test, type E2ESql } from './fixtures.ts'
import { toast } from './page-kit.ts'

// Admin Settings without JavaScript (chromium-nojs project; every admin form works with JavaScript off,
// docs/rules/ui.md): every form is a full-page post answered by a redirect with a flash toast, validation errors show
// inline (400), and each destructive action asks on the page's confirm step. Without JavaScript no script tells the
// server the browser's zone: times are in the unit's time zone (America/New_York by default).

const UNIT_ZONE = 'America/New_York'

/** The page's confirm step (shown after an unconfirmed destructive post). */
function confirmStep(page: Page) {
  return page.getByRole('alertdialog')
}

async function openSettingsPage(page: Page, tab: string) {
  await page.goto(`/admin/settings/${tab}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Settings' })).toBeVisible()
}

async function signupTime(db: E2ESql): Promise<string> {
  const [row] = await db<Array<{ value: string }>>`select value from settings where key = 'signup_time'`
  return row?.value ?? ''
}

test('/admin/settings redirects to General and the tabs are links', async ({ page, login }) => {
  await login('demo_admin', '/admin/settings')
  await expect(page).toHaveURL(/\/admin\/settings\/general$/)
  const tabs = page.getByRole('navigation', { name: 'Admin Settings' }).getByRole('link')
  await expect(tabs).toHaveText(['General', 'Eligible Roles', 'ORBAT Presets', 'Platoons'])
  await tabs.filter({ hasText: 'ORBAT Presets' }).click()
  await expect(page).toHaveURL(/\/admin\/settings\/presets$/)
})

test('the time lock form shows its validation messages inline', async ({ page, login }) => {
  await login('demo_admin')
  await openSettingsPage(page, 'general')
  await expect(page.getByText(`Times are in the unit's time zone (${UNIT_ZONE}).`)).toBeVisible()
  const time = page.getByLabel('Time (24-hour)')

  await time.fill('25:00')
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Set Time Lock' }).click(),
  ])
  expect(response.status()).toBe(400)
  await expect(page.getByText('Please enter the time in 24-hour format (HH:mm), e.g., 18:30.')).toBeVisible()
  await expect(time).toHaveValue('25:00')

  await time.fill('')
  await page.getByRole('button', { name: 'Set Time Lock' }).click()
  await expect(page.getByText('Please select a valid month, day, and time.')).toBeVisible()
  await expect(page.getByLabel('Time (24-hour)')).toHaveValue('')

  await page.getByLabel('Month').selectOption('4')
  await page.getByLabel('Day').selectOption('31')
  await page.getByLabel('Time (24-hour)').fill('10:00')
  await page.getByRole('button', { name: 'Set Time Lock' }).click()
  await expect(page.getByText('Please select a valid month, day, and time.')).toBeVisible()
})

test('without JavaScript an admin sets the time lock (unit time) and clears it through the confirm step', async ({
  page,
  login,
  db,
  orbatLock,
}) => {
  void orbatLock
  await login('demo_admin')
  await openSettingsPage(page, 'general')
  await expect(page.getByTestId('current-lock')).toHaveText('None')

  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: UNIT_ZONE,
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(Date.now() + 10 * 86_400_000)
  const month = Number(parts.find((p) => p.type === 'month')!.value)
  const day = Number(parts.find((p) => p.type === 'day')!.value)
  await page.getByLabel('Month').selectOption(String(month))
  await page.getByLabel('Day').selectOption(String(day))
  // Digits only: the server normalises them as the browser would.
  await page.getByLabel('Time (24-hour)').fill('1830')
  await page.getByRole('button', { name: 'Set Time Lock' }).click()
  await expect(toast(page, 'Time lock set successfully.')).toBeVisible()
  const expected = nextLockInstant({ month, day, hour: 18, minute: 30 }, UNIT_ZONE)!
  expect(await signupTime(db)).toBe(expected.toISOString())
  const shown = new Intl.DateTimeFormat('en-US', { timeZone: UNIT_ZONE, month: 'short', day: 'numeric' }).format(
    expected,
  )
  await expect(page.getByTestId('current-lock')).toContainText(`${shown}, ${expected.getUTCFullYear()}, 18:30 E`)

  await page.goto('/orbat')
  await expect(page.getByTestId('lock-banner')).toContainText('Sign-ups Locked')

  await openSettingsPage(page, 'general')
  await page.getByRole('button', { name: 'Clear Time Lock' }).click()
  await expect(page).toHaveURL(/\?confirm=clear-lock$/)
  await expect(confirmStep(page)).toContainText('Are you sure you want to clear the time lock?')
  // Cancel leaves the lock alone.
  await confirmStep(page).getByRole('link', { name: 'Cancel' }).click()
  await expect(confirmStep(page)).toHaveCount(0)
  expect(await signupTime(db)).toBe(expected.toISOString())

  await page.getByRole('button', { name: 'Clear Time Lock' }).click()
  await confirmStep(page).getByRole('button', { name: 'Clear Time Lock' }).click()
  await expect(toast(page, 'Time lock cleared.')).toBeVisible()
  await expect(page.getByTestId('current-lock')).toHaveText('None')
  expect(await signupTime(db)).toBe('')
})

test('without JavaScript an admin adds, edits (?edit=ID) and deletes a role', async ({ page, login }) => {
  const name = `E2E NoJS Role ${Date.now()}`
  await login('demo_admin')
  await openSettingsPage(page, 'roles')
  const add = page.getByRole('form', { name: 'Add role' })
  await add.getByRole('button', { name: 'Add Role' }).click()
  await expect(page.getByRole('form', { name: 'Add role' }).getByText('Role name is required.')).toBeVisible()
  await expect(page.getByRole('form', { name: 'Add role' }).getByText('Role ID(s) are required.')).toBeVisible()

  await add.getByLabel('Role Name').fill(name)
  // Roles are ticked by name from the demo guild (db/seed/demo-guild.ts).
  await add.getByLabel('Pilot', { exact: true }).check()
  await add.getByRole('button', { name: 'Add Role' }).click()
  await expect(toast(page, 'Role added successfully.')).toBeVisible()
  const row = page.getByTestId('role-row').filter({ hasText: name })
  await expect(row).toContainText('910000000000000005')

  await row.getByRole('link', { name: `Edit ${name}` }).click()
  await expect(page).toHaveURL(/\?edit=\d+$/)
  const edit = page.getByRole('form', { name: 'Edit role' })
  await expect(edit.getByLabel('Role Name')).toHaveValue(name)
  await expect(edit.getByLabel('Pilot', { exact: true })).toBeChecked()
  await edit.getByLabel('Combat Medic', { exact: true }).check()
  await edit.getByLabel('Can join the General Waitlist').check()
  await edit.getByRole('button', { name: 'Update Role' }).click()
  await expect(toast(page, 'Role updated successfully.')).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/settings\/roles$/)
  await expect(row).toContainText('910000000000000004')
  await expect(row).toContainText('910000000000000005')
  await expect(row.getByLabel('Yes')).toBeVisible()

  await row.getByRole('button', { name: `Delete ${name}` }).click()
  await expect(confirmStep(page)).toContainText(`Are you sure you want to delete the role "${name}"?`)
  await confirmStep(page).getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Role deleted.')).toBeVisible()
  await expect(page.getByTestId('role-row').filter({ hasText: name })).toHaveCount(0)
})

test('without JavaScript an admin purges the waitlist through the confirm step', async ({
  page,
  login,
  db,
  orbatLock,
}) => {
  void orbatLock
  await login('demo_admin')
  const [user] = await db<Array<{ id: number }>>`select id from users where username = 'demo_admin'`
  await db`insert into waitlist_entries (user_id) values (${user!.id}) on conflict do nothing`
  await openSettingsPage(page, 'roles')
  await page.getByRole('region', { name: 'Danger Zone' }).getByRole('button', { name: 'Purge Waitlist' }).click()
  await expect(confirmStep(page)).toContainText('cannot be undone')
  await confirmStep(page).getByRole('button', { name: 'Purge Waitlist' }).click()
  await expect(toast(page, 'Waitlist purged successfully.')).toBeVisible()
  const [count] = await db<Array<{ n: number }>>`select count(*)::int as n from waitlist_entries`
  expect(count!.n).toBe(0)
})

test('without JavaScript an admin saves, renames (?rename=ID) and deletes a preset', async ({ page, login }) => {
  const name = `E2E NoJS Preset ${Date.now()}`
  await login('demo_admin')
  await openSettingsPage(page, 'presets')
  await page.getByRole('form', { name: 'Save preset' }).getByLabel('Preset name').fill('   ')
  await page.getByRole('form', { name: 'Save preset' }).getByRole('button', { name: 'Save Preset' }).click()
  await expect(page.getByRole('form', { name: 'Save preset' }).getByText('Preset name is required.')).toBeVisible()

  await page.getByRole('form', { name: 'Save preset' }).getByLabel('Preset name').fill(name)
  await page.getByRole('form', { name: 'Save preset' }).getByRole('button', { name: 'Save Preset' }).click()
  await expect(toast(page, `Preset "${name}" saved.`)).toBeVisible()
  const row = page.getByTestId('preset-row').filter({ hasText: name })
  await expect(row.getByRole('link', { name: `Load ${name}` })).toHaveAttribute('href', /^\/admin\/orbat\?preset=\d+$/)

  await row.getByRole('link', { name: `Rename ${name}` }).click()
  await expect(page).toHaveURL(/\?rename=\d+$/)
  const rename = page.getByRole('form', { name: `Rename ${name}` })
  await rename.getByLabel('New name').fill(' ')
  await rename.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('form', { name: `Rename ${name}` }).getByText('Preset name is required.')).toBeVisible()
  await page
    .getByRole('form', { name: `Rename ${name}` })
    .getByLabel('New name')
    .fill(`${name} v2`)
  await page
    .getByRole('form', { name: `Rename ${name}` })
    .getByRole('button', { name: 'Save' })
    .click()
  await expect(toast(page, `Preset renamed to "${name} v2".`)).toBeVisible()
  const renamed = page.getByTestId('preset-row').filter({ hasText: `${name} v2` })
  await expect(renamed).toBeVisible()

  await renamed.getByRole('button', { name: `Delete ${name} v2` }).click()
  await expect(confirmStep(page)).toContainText(`delete the preset "${name} v2"`)
  await confirmStep(page).getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Preset deleted.')).toBeVisible()
  await expect(page.getByTestId('preset-row').filter({ hasText: name })).toHaveCount(0)
})

test('without JavaScript an admin adds and deletes a platoon', async ({ page, login }) => {
  const name = `E2E NoJS Platoon ${Date.now()}`
  await login('demo_admin')
  await openSettingsPage(page, 'platoons')
  const form = () => page.getByRole('form', { name: 'Add New Platoon' })
  await form().getByRole('button', { name: 'Add Platoon' }).click()
  await expect(form().getByText('Platoon name is required.')).toBeVisible()
  await expect(form().getByText('Discord role ID is required.')).toBeVisible()

  await form().getByLabel('Platoon Name').fill(name)
  await form().getByRole('button', { name: 'Add Platoon' }).click()
  await expect(form().getByText('Discord role ID is required.')).toBeVisible()
  await expect(form().getByLabel('Platoon Name')).toHaveValue(name)

  await form().getByLabel('Discord Role').selectOption({ label: '@Pilot' })
  await form().getByRole('button', { name: 'Add Platoon' }).click()
  await expect(toast(page, 'Platoon created!')).toBeVisible()
  const row = page.getByTestId('platoon-row').filter({ hasText: name })
  await expect(row).toContainText('Role: @Pilot')

  await row.getByRole('button', { name: `Delete ${name}` }).click()
  await expect(confirmStep(page)).toContainText('Its squads become unassigned.')
  await confirmStep(page).getByRole('button', { name: 'Delete' }).click()
  await expect(toast(page, 'Platoon deleted.')).toBeVisible()
  await expect(row).toHaveCount(0)
})

test('without JavaScript the unit time zone is a text field the server checks (400 inline) and saves', async ({
  page,
  login,
  db,
}) => {
  // NOTE: it saves the zone already in force (America/New_York), so tests running beside it see no change.
  await login('demo_admin')
  await openSettingsPage(page, 'general')
  const section = page.getByRole('region', { name: 'Unit Time Zone' })
  await section.getByLabel('Time zone (IANA name)').fill('Europe/Atlantis')
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST'),
    section.getByRole('button', { name: 'Save Time Zone' }).click(),
  ])
  expect(refused.status()).toBe(400)
  await expect(
    section.getByText('Please enter a valid IANA time zone, e.g. America/New_York or Europe/Berlin.'),
  ).toBeVisible()
  await section.getByLabel('Time zone (IANA name)').fill(' America/New_York ')
  await section.getByRole('button', { name: 'Save Time Zone' }).click()
  await expect(toast(page, 'Unit time zone saved.')).toBeVisible()
  const [row] = await db<Array<{ value: string }>>`select value from settings where key = 'unit_time_zone'`
  expect(row!.value).toBe('America/New_York')
})
