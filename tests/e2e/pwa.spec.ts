import { expect, test, topBar } from './fixtures.ts'

// The installable app (docs/decisions/044-installable-app-with-workbox.md): a valid manifest and worker that Chromium
// itself finds installable; /orbat opens offline as last seen, marked and with its actions off; logout forgets it.

// Offline, the page's live updates and polls fail to load: that is the point of the test.
test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch/] })

test('the app installs, opens /orbat offline as last seen with actions off, and forgets it at logout', async ({
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

  await login('novak')
  await page.goto('/orbat')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  const cdp = await context.newCDPSession(page)
  const { errors } = await cdp.send('Page.getAppManifest')
  expect(errors).toEqual([])
  // Chromium's own check; a test's browser context is incognito, which is the one thing it may name.
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([])

  // The worker controls the page from the next load on, which keeps it.
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
  await page.reload()
  await expect(page.getByTestId('offline-mark')).toHaveCount(0)
  await topBar(page).getByRole('button', { name: 'Logout' }).click()
  await expect(topBar(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
  expect(await page.evaluate(async () => Boolean(await caches.match('/orbat')))).toBe(false)
})
