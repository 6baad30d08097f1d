import { chromium, type Page } from '@playwright/test'
import { CHROMIUM_ARGS } from '../../scripts/chromium.ts'
import { expect, test, topBar } from './fixtures.ts'
import { startNextBuildProxy } from './next-build.ts'

// The installable app (docs/decisions/044-installable-app-with-workbox.md): a valid manifest and worker that Chromium
// itself finds installable (docs/decisions/047-installability-checked-by-chromium.md); /orbat opens offline as a
// visitor last saw it, marked and with its actions off; a signed-in member's pages are never kept (private, no-store);
// the next build's worker replaces the old one.

// Offline, the page's live updates and polls fail to load: that is the point of the test.
test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch/] })
// The service worker is what these tests are about (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' })

test('the app installs, opens /orbat offline as a visitor last saw it with actions off, and never keeps a member’s page', async ({
  page,
  context,
  login,
}) => {
  const manifest = await (await context.request.get('/manifest.webmanifest')).json()
  expect(manifest).toMatchObject({ name: 'Task Force HQ', start_url: '/orbat', display: 'standalone' })
  for (const icon of manifest.icons as Array<{ src: string; sizes: string }>) {
    const file = await context.request.get(icon.src)
    expect(file.headers()['content-type'], icon.src).toBe('image/png')
  }
  expect(manifest.icons.map((i: { purpose: string }) => i.purpose)).toContain('maskable')
  const worker = await context.request.get('/sw.js')
  expect(worker.headers()['cache-control']).toBe('no-cache')

  // Signed out: the ORBAT as any visitor sees it is kept, from the load after the worker took control.
  await page.goto('/orbat')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await page.reload()
  await expect.poll(() => page.evaluate(async () => Boolean(await caches.match('/orbat')))).toBe(true)

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByTestId('offline-mark')).toContainText(/offline, as of \d\d:\d\d/)
  await expect(page.getByTestId('orbat-page')).toBeVisible()
  const controls = page.locator('main').locator('button, input, select, textarea')
  expect(await controls.count()).toBeGreaterThan(0)
  await expect(page.locator('main').locator('button:enabled, input:enabled, select:enabled')).toHaveCount(0)
  await context.setOffline(false)

  // Signed in: what a member sees is private and never kept (the copy kept, if any, is still a visitor's), so nobody
  // after them on the device finds it; their logout (a POST under /auth/) empties the kept pages.
  await login('novak', '/orbat')
  const personal = await page.reload()
  expect(personal?.headers()['cache-control']).toBe('private, no-store')
  await page.reload()
  await expect(topBar(page).getByRole('button', { name: 'Logout' })).toBeVisible()
  const kept = () => page.evaluate(async () => (await (await caches.match('/orbat'))?.text()) ?? null)
  // The visitor's copy carries the texts of every language's top bar, "Logout" among them: the logout form is what
  // only a member's page has.
  expect(await kept()).toContain('href="/auth/discord')
  expect(await kept()).not.toContain('/auth/logout')
  await topBar(page).getByRole('button', { name: 'Logout' }).click()
  await expect(topBar(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
  expect(await page.evaluate(async () => Boolean(await caches.match('/orbat')))).toBe(false)
})

test('Chromium finds the app installable, in a profile of its own (a test context is incognito)', async ({
  baseURL,
}) => {
  const context = await chromium.launchPersistentContext('', {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    baseURL,
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/orbat')
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    const cdp = await context.newCDPSession(page)
    expect((await cdp.send('Page.getAppManifest')).errors).toEqual([])
    expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([])
  } finally {
    await context.close()
  }
})

/** Whether the worker's precache holds a built file. */
const precached = (page: Page, file: string) =>
  page.evaluate(async (path) => {
    const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'))
    return Boolean(name && (await (await caches.open(name)).match(path)))
  }, `/${file}`)

test('the next build replaces the old worker on the next visit: old files and kept pages gone, the page reloaded', async ({
  browser,
  baseURL,
}) => {
  const proxy = await startNextBuildProxy(baseURL!)
  const context = await browser.newContext({ baseURL: proxy.url })
  try {
    const page = await context.newPage()
    await page.goto('/orbat')
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    await page.reload()
    await expect.poll(() => page.evaluate(async () => Boolean(await caches.match('/orbat')))).toBe(true)
    expect(await precached(page, proxy.dropped)).toBe(true)

    proxy.deploy()
    // The next visit, to a page never kept: the browser finds the new worker, which takes over, and the page that
    // started under the old one loads again under the new one.
    await page.goto('/')
    const navigationType = () =>
      page
        .evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type)
        .catch(() => 'reloading')
    await expect.poll(navigationType, { timeout: 20_000 }).toBe('reload')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(await precached(page, proxy.dropped)).toBe(false)
    expect(await page.evaluate(async () => Boolean(await caches.match('/orbat')))).toBe(false)
  } finally {
    await context.close()
    await proxy.close()
  }
})
