import type { Page } from '@playwright/test'
import { expect, loginThroughUi, test, topBar } from './fixtures.ts'

// Login through the real OAuth flow against the standalone Discord stand-in (docs/rules/discord.md, login;
// docs/decisions/003-discord-stand-in.md).

const ACCESS_DENIED = 'Access Denied - You do not have the required Discord role to access the admin panel.'

// These two click through the login itself (the top bar's Login, the stand-in's page); every other spec's `login`
// sends the same flow as requests.
test('an admin logs in and reaches the admin hub', async ({ page, baseURL, serverInfo }) => {
  await loginThroughUi(page, 'demo_admin', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
  await expect(topBar(page).getByTestId('user-display-name')).toHaveText('Cpt. Miller')
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Hub' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'User Actions' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'System & Bot Actions' })).toBeVisible()
  await expect(page.getByText(ACCESS_DENIED)).toHaveCount(0)
})

test('a member logs in and /admin says Access Denied', async ({ page, baseURL, serverInfo }) => {
  await loginThroughUi(page, 'reyes', { baseURL: baseURL!, standInUrl: serverInfo.standInUrl })
  await expect(topBar(page).getByTestId('user-display-name')).toHaveText('Sgt. Reyes')
  const response = await page.goto('/admin')
  expect(response?.status()).toBe(403)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ACCESS_DENIED)
  await expect(page.getByRole('heading', { name: 'Admin Hub' })).toHaveCount(0)
  await expect(page.getByText('Recent Activity')).toHaveCount(0)
})

test('anonymous /admin says Admin Access Required with a Discord login link', async ({ page }) => {
  const response = await page.goto('/admin')
  expect(response?.status()).toBe(401)
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Access Required' })).toBeVisible()
  const loginLink = page.getByRole('main').getByRole('link', { name: /login/i })
  await expect(loginLink).toHaveAttribute('href', /^\/auth\/discord(\?|$)/)
  await expect(page.getByRole('heading', { name: 'Admin Hub' })).toHaveCount(0)
})

test('logging in from Admin Access Required returns to /admin', async ({ page, serverInfo, baseURL }) => {
  await page.goto('/admin')
  await page.getByRole('main').getByRole('link', { name: /login/i }).click()
  await page.waitForURL((url) => url.origin === new URL(serverInfo.standInUrl).origin)
  await page.getByRole('button', { name: /@demo_admin\b/ }).click()
  await page.waitForURL(`${baseURL}/admin`)
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Hub' })).toBeVisible()
  await expect(topBar(page).getByTestId('user-display-name')).toHaveText('Cpt. Miller')
})

test.describe('OAuth callback with a wrong state', () => {
  test('after starting a login (state cookie set): Login failed, no session', async ({
    page,
    serverInfo,
    context,
    baseURL,
  }) => {
    await page.goto('/')
    await topBar(page).getByRole('link', { name: 'Login', exact: true }).click()
    await page.waitForURL((url) => url.origin === new URL(serverInfo.standInUrl).origin)
    const stateCookie = (await context.cookies(baseURL!)).find((c) => c.name.includes('discord_oauth'))
    expect(stateCookie, 'starting a login sets the state/PKCE cookie').toBeDefined()

    const response = await page.goto('/auth/discord/callback?state=bogus&code=x')
    expect(response?.status()).toBe(400)
    await expectLoginFailed(page, /could not be verified|state/i)
  })

  test('without a state cookie: Login failed, no session', async ({ page }) => {
    const response = await page.goto('/auth/discord/callback?state=bogus&code=x')
    expect(response?.status()).toBe(400)
    await expectLoginFailed(page, /could not be verified|state/i)
  })

  test('with no state at all: Login failed, no session', async ({ page }) => {
    const response = await page.goto('/auth/discord/callback?code=x')
    expect(response?.status()).toBe(400)
    await expectLoginFailed(page, /missing its state/i)
  })

  async function expectLoginFailed(page: Page, message: RegExp) {
    await expect(page.getByRole('heading', { level: 1, name: 'Login failed' })).toBeVisible()
    await expect(page.getByTestId('login-error')).toHaveText(message)
    await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/auth/discord')
    // No half-made session: still logged out, in the top bar and for the session call.
    await expect(topBar(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
    await expect(topBar(page).getByRole('button', { name: 'Logout' })).toHaveCount(0)
    const session = await page.request.get('/auth/user')
    expect(session.status()).toBe(401)
  }
})

test('cancelling on Discord ends on Login failed without a session', async ({ page, serverInfo }) => {
  await page.goto('/')
  await topBar(page).getByRole('link', { name: 'Login', exact: true }).click()
  await page.waitForURL((url) => url.origin === new URL(serverInfo.standInUrl).origin)
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Login failed' })).toBeVisible()
  await expect(page.getByTestId('login-error')).toHaveText('Login was cancelled on Discord.')
  await expect(topBar(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
})

test('Logout in the top bar ends the session with a toast', async ({ page, login }) => {
  await login('reyes')
  await topBar(page).getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'You have been logged out.' })).toBeVisible()
  await expect(topBar(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible()
  await expect(topBar(page).getByTestId('user-display-name')).toHaveCount(0)
  expect((await page.request.get('/auth/user')).status()).toBe(401)
  // The session is gone on the server: /admin is back to the anonymous state.
  await page.goto('/admin')
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Access Required' })).toBeVisible()
})
