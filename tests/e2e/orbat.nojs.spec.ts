import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

// The public ORBAT without JavaScript (chromium-nojs project): the server render carries squads, teams, roles and
// names, and sign-up, leave (through the page's confirmation panel) and the waitlist are plain form round trips with
// flash toasts. Tests that change the ORBAT take the `orbatLock` fixture (shared with tests/e2e/orbat.spec.ts, which
// runs in the other project).

const LEAVE_CONFIRM = 'Are you sure you want to leave this slot?'
const SQUADS = ['Command', 'Alpha', 'Bravo', 'Raven (Air)']
const TEAMS = [
  'HQ',
  'Attachments',
  'Alpha HQ',
  'Fireteam 1',
  'Fireteam 2',
  'Bravo HQ',
  'Weapons Team',
  'Raven 1-1',
  'Raven 1-2',
]
const NAMES = ['Hawthorne', 'Castellano', 'Brennan', 'Sato', 'Haddad', 'Tanaka', 'Okafor']

function squadCard(page: Page, squad: string) {
  return page.getByRole('article', { name: squad, exact: true })
}

function slotRow(page: Page, squad: string, team: string, role: string) {
  return squadCard(page, squad)
    .getByRole('group', { name: team, exact: true })
    .getByTestId('slot')
    .filter({ has: page.locator('p', { hasText: new RegExp(`^${escapeRegExp(role)}$`) }) })
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function toast(page: Page, message: string) {
  return page.getByRole('status').filter({ hasText: message })
}

test('the HTML of /orbat lists the squads, teams, roles and names before any script runs', async ({
  request,
  orbatLock,
}) => {
  // Reads the seeded ORBAT: hold the lock so no editor or time-lock test changes it meanwhile.
  void orbatLock
  const response = await request.get('/orbat')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('text/html')
  const html = await response.text()
  for (const squad of SQUADS) expect(html, `squad ${squad}`).toContain(`>${squad}</h2>`)
  for (const team of TEAMS) expect(html, `team ${team}`).toContain(`>${team}</h3>`)
  // A member's name links to their profile; a typed name is text.
  for (const name of NAMES) expect(html, `name ${name}`).toMatch(new RegExp(`>${name}</(span|a)>`))
  for (const role of ['Platoon Leader', 'JTAC', 'Radio Operator', 'Autorifleman', 'Crew Chief', 'Co-Pilot']) {
    expect(html, `role ${role}`).toContain(`>${role}</p>`)
  }
  // The spacer, without its dashes; open slots marked OPEN; the waitlist count.
  expect(html).toContain('>FIRE SUPPORT</span>')
  expect(html).not.toContain('>---FIRE SUPPORT---<')
  expect(html).toContain('>OPEN</span>')
  expect(html).toMatch(/Waitlist \(<!-- -->0<!-- -->\)|Waitlist \(0\)/)
})

test('without JavaScript the page shows the squads, teams and names', async ({ page, orbatLock }) => {
  void orbatLock
  await page.goto('/orbat')
  await expect(page.getByRole('heading', { level: 1, name: 'ORBAT' })).toBeVisible()
  for (const squad of SQUADS) {
    await expect(page.getByRole('heading', { level: 2, name: squad, exact: true })).toBeVisible()
  }
  await expect(squadCard(page, 'Command').getByRole('group', { name: 'Attachments', exact: true })).toBeVisible()
  await expect(slotRow(page, 'Command', 'HQ', 'Platoon Leader')).toContainText('Hawthorne')
  await expect(slotRow(page, 'Alpha', 'Alpha HQ', 'Squad Leader')).toContainText('Brennan')
  await expect(slotRow(page, 'Raven (Air)', 'Raven 1-1', 'Pilot')).toContainText('Okafor')
  await expect(slotRow(page, 'Command', 'Attachments', 'JTAC')).toContainText('OPEN')
  await expect(page.getByRole('link', { name: 'Login to sign up' })).toBeVisible()
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'connecting')
})

test('without JavaScript a member signs up (form post, redirect, flash toast) and leaves through the confirmation panel', async ({
  page,
  login,
  orbatLock,
}) => {
  void orbatLock
  await login('reyes', '/orbat')
  const row = slotRow(page, 'Alpha', 'Alpha HQ', 'Medic')
  await expect(row).toContainText('OPEN')

  const [signUpPost] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/orbat'),
    row.getByRole('button', { name: 'Sign up for Medic in Alpha' }).click(),
  ])
  expect((await signUpPost.response())?.status()).toBe(302)
  await page.waitForURL((url) => url.pathname === '/orbat' && url.search === '')
  await expect(toast(page, 'Successfully signed up!')).toBeVisible()
  await expect(row).toContainText('Reyes')
  await expect(row.getByText('OPEN', { exact: true })).toHaveCount(0)

  // Leave without JavaScript: the post carries no confirmation, so the page asks first.
  await row.getByRole('button', { name: 'Leave Medic in Alpha' }).click()
  await page.waitForURL((url) => url.pathname === '/orbat' && url.searchParams.has('leave'))
  const confirm = page.getByRole('alertdialog', { name: LEAVE_CONFIRM })
  await expect(confirm).toBeVisible()
  await expect(confirm).toContainText('Medic in Alpha')
  await expect(row).toContainText('Reyes')

  // Cancel keeps the slot.
  await confirm.getByRole('link', { name: 'Cancel' }).click()
  await page.waitForURL((url) => url.pathname === '/orbat' && url.search === '')
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(row).toContainText('Reyes')

  // Leave, then confirm in the panel.
  await row.getByRole('button', { name: 'Leave Medic in Alpha' }).click()
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Leave' }).click()
  await page.waitForURL((url) => url.pathname === '/orbat' && url.search === '')
  await expect(toast(page, 'You have left the slot.')).toBeVisible()
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(row).toContainText('OPEN')
  await expect(row).not.toContainText('Reyes')
  await expect(row.getByRole('button', { name: 'Sign up for Medic in Alpha' })).toBeVisible()
})

test('without JavaScript the waitlist panel joins and leaves', async ({ page, login, orbatLock }) => {
  void orbatLock
  await login('novak', '/orbat')
  await page.getByTestId('waitlist-button').click()
  await page.waitForURL((url) => url.pathname === '/orbat' && url.searchParams.get('sheet') === 'waitlist')
  const panel = page.getByRole('complementary', { name: 'Waitlist' })
  await expect(panel).toBeVisible()
  await expect(panel.getByText('The waitlist is currently empty.', { exact: true })).toBeVisible()

  await panel.getByLabel('Squad preference').selectOption({ label: 'Bravo' })
  await panel.getByRole('button', { name: 'Join Waitlist' }).click()
  await page.waitForURL((url) => url.searchParams.get('sheet') === 'waitlist')
  await expect(toast(page, 'Successfully joined the waitlist!')).toBeVisible()
  const entries = panel.getByRole('list', { name: 'Waitlist entries' }).getByRole('listitem')
  await expect(entries).toHaveCount(1)
  await expect(entries.first()).toContainText('1.')
  await expect(entries.first()).toContainText('Novak')
  await expect(entries.first()).toContainText('Preference: Bravo')
  await expect(page.getByTestId('waitlist-button')).toHaveText('Waitlist (1)')

  await panel.getByRole('button', { name: 'Leave Waitlist' }).click()
  await page.waitForURL((url) => url.searchParams.get('sheet') === 'waitlist')
  await expect(toast(page, 'You have left the waitlist.')).toBeVisible()
  await expect(panel.getByText('The waitlist is currently empty.', { exact: true })).toBeVisible()
  await expect(page.getByTestId('waitlist-button')).toHaveText('Waitlist (0)')

  await panel.getByRole('link', { name: 'Close' }).click()
  await page.waitForURL((url) => url.pathname === '/orbat' && url.search === '')
  await expect(panel).toHaveCount(0)
})
