import type { Page } from '@playwright/test'
import { expect, test, topBar } from './fixtures.ts'
import { clippedInTopBar } from './page-kit.ts'

// The shell: the hub, nav highlighting and the generic error screen.

const HUB_CARDS = ['Live ORBAT', 'Company Roster', 'Training Sign-ups', 'Qualification Tests', 'Library']

test('the hub shows the five cards', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: 'Unit Hub' })).toBeVisible()
  const cards = page.getByRole('main').getByRole('listitem')
  await expect(cards).toHaveCount(HUB_CARDS.length)
  for (const [index, title] of HUB_CARDS.entries()) {
    await expect(cards.nth(index).getByRole('heading', { name: title, exact: true })).toBeVisible()
  }
  await expect(topBar(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
})

test('the hub is server-rendered: the card titles are in the HTML', async ({ request }) => {
  const response = await request.get('/')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toContain('text/html')
  const html = await response.text()
  expect(html).toContain('Unit Hub')
  for (const title of HUB_CARDS) expect(html).toContain(`>${title}</h2>`)
})

// Signed out, the bar has Join after the four links (docs/rules/recruitment.md).
const SIGNED_OUT_LINKS = ['ORBAT', 'Tests', 'Library', 'Admin', 'Join']

test('no nav link is highlighted on the hub', async ({ page }) => {
  await page.goto('/')
  await expect(topBar(page).getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(SIGNED_OUT_LINKS)
  await expect(topBar(page).locator('[aria-current="page"]')).toHaveCount(0)
})

test('on /admin the Admin link is highlighted', async ({ page, login }) => {
  await login('demo_admin', '/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Hub' })).toBeVisible()
  const nav = topBar(page).getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('aria-current', 'page')
  for (const other of ['ORBAT', 'Tests', 'Library']) {
    await expect(nav.getByRole('link', { name: other, exact: true })).not.toHaveAttribute('aria-current', /.*/)
  }
})

test('an unknown route shows the generic error screen with 404', async ({ page }) => {
  const response = await page.goto('/no-such-page/anywhere')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible()
  await expect(page.getByTestId('error-status')).toContainText('404')
  // The shell stays usable around the error.
  await expect(topBar(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Back to home' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Unit Hub' })).toBeVisible()
})

test('a mistyped address or an unknown member: 404, the status line, inside the shell, with a way home', async ({
  page,
}) => {
  for (const path of ['/no-such-page', '/roster/99999']) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible()
    await expect(page.getByTestId('error-status')).toHaveText('404 — this page does not exist')
    await expect(topBar(page).getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(SIGNED_OUT_LINKS)
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/')
  }
  await expect(page.getByTestId('error-detail')).toHaveText('Member not found.')
})

const BAR_WIDTHS = [320, 360, 390, 414, 640, 768, 1024, 1280, 1440]

test('nothing in the top bar is cut off at any width from 320 to 1440 px, signed in or out', async ({
  page,
  login,
}) => {
  // The bar is laid out by CSS alone (media queries): one load per state, then the window resized through each width.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  for (const width of BAR_WIDTHS) {
    await resizeTo(page, width)
    expect(await clippedInTopBar(page), `signed out at ${width} px`).toEqual([])
    await expect(topBar(page).getByRole('link', { name: 'Join', exact: true })).toBeInViewport({ ratio: 1 })
    await expect(topBar(page).getByRole('link', { name: 'Admin', exact: true })).toBeInViewport({ ratio: 1 })
  }
  await login('demo_admin')
  for (const width of BAR_WIDTHS) {
    await resizeTo(page, width)
    expect(await clippedInTopBar(page), `signed in at ${width} px`).toEqual([])
    await expect(topBar(page).getByRole('link', { name: 'Admin', exact: true })).toBeInViewport({ ratio: 1 })
    await expect(topBar(page).getByRole('button', { name: 'Logout' })).toBeInViewport({ ratio: 1 })
  }
})

/** Resizes the window and waits for the next frame to be laid out at the new width. */
async function resizeTo(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 })
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  expect(await page.evaluate(() => window.innerWidth)).toBe(width)
}

test.describe('a member in the admin area', () => {
  // The client-side navigation's data request is refused (403): the Access Denied page is that answer.
  test.use({ allowedConsoleErrors: [/status of 403 \(Forbidden\)/] })

  test('on a phone a member who opens Admin gets Access Denied with a way home and to their own areas', async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await login('reyes')
    await topBar(page).getByRole('link', { name: 'Admin', exact: true }).click()
    await expect(page.getByTestId('access-denied')).toBeVisible()
    const elsewhere = page.getByRole('navigation', { name: 'Elsewhere' })
    for (const [name, href] of [
      ['Back to home', '/'],
      ['ORBAT', '/orbat'],
      ['Trainings', '/trainings'],
      ['Qualification Tests', '/tests'],
      ['Your account', '/account'],
    ] as const)
      await expect(elsewhere.getByRole('link', { name, exact: true })).toHaveAttribute('href', href)
    await elsewhere.getByRole('link', { name: 'Qualification Tests' }).click()
    await expect(page).toHaveURL('/tests')
  })
})

test('the log-in prompt of the admin area also leads home', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Access Required' })).toBeVisible()
  const elsewhere = page.getByRole('navigation', { name: 'Elsewhere' })
  await elsewhere.getByRole('link', { name: 'Back to home' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Unit Hub' })).toBeVisible()
})

test('on a desktop a toast starts below the top bar (never over its links), announces itself and can be dismissed', async ({
  page,
  login,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await login('reyes')
  await topBar(page).getByRole('button', { name: 'Logout' }).click()
  const toast = page.getByRole('status').filter({ hasText: 'You have been logged out.' })
  await expect(toast).toBeVisible()
  const bar = (await topBar(page).boundingBox())!
  const box = (await toast.boundingBox())!
  expect(box.y, 'the toast starts below the top bar').toBeGreaterThanOrEqual(bar.y + bar.height)
  for (const name of ['ORBAT', 'Tests', 'Library', 'Admin']) {
    const link = (await topBar(page).getByRole('link', { name, exact: true }).boundingBox())!
    expect(link.y + link.height <= box.y || link.x + link.width <= box.x || box.x + box.width <= link.x, name).toBe(
      true,
    )
  }
  // Centred.
  expect(Math.abs(box.x + box.width / 2 - 720)).toBeLessThan(2)
  await toast.getByRole('button', { name: 'Dismiss notification' }).click()
  await expect(toast).toHaveCount(0)
})
