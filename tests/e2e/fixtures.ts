import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test'
import { readServerInfo, type E2EServerInfo } from './env.ts'

// Playwright fixtures (STYLE.md 10): `login(as)` through the real UI and the stand-in's authorize page, and a
// guard that fails any test whose page logs a console error or throws (Epic Stack style).

/** The demo guild's users (server/discord/demo-guild.ts), by username, with the name the top bar shows. */
export const DEMO_DISPLAY_NAMES = {
  demo_admin: 'Cpt. Miller',
  reyes: 'Sgt. Reyes',
  novak: 'Pvt. Novak',
  kowalski: 'Lt. Kowalski',
  recruit_lee: 'Rct. Lee',
  banned_blake: 'Blake',
} as const
export type DemoUsername = keyof typeof DEMO_DISPLAY_NAMES

// 1x1 transparent PNG: stands in for Discord's avatar CDN so the tests need no internet.
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

interface Fixtures {
  /** Logs in through the UI: / -> Login -> the stand-in's authorize page -> pick the user -> back, signed in. */
  login: (as: DemoUsername) => Promise<void>
  /** Where the standalone Discord stand-in runs (from tests/e2e/server.ts). */
  serverInfo: E2EServerInfo
  /** Console messages a test expects (e.g. a deliberate failed fetch); anything else fails the test. */
  allowedConsoleErrors: RegExp[]
  /** Auto fixture: collects console errors and uncaught page errors and fails the test on any. */
  failOnConsoleErrors: void
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],

  serverInfo: async ({ baseURL }, use) => {
    await use(readServerInfo(baseURL!))
  },

  page: async ({ page }, use) => {
    await page.route('https://cdn.discordapp.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL_PNG }),
    )
    await use(page)
  },

  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use, testInfo) => {
      const problems: string[] = []
      // The app answers some pages with an error status on purpose (401/403 admin states, 404, a failed login).
      // Chromium logs "Failed to load resource" for such a document; that line is expected for exactly that URL.
      const errorDocuments = new Map<string, number>()
      page.on('response', (response) => {
        const request = response.request()
        if (response.status() >= 400 && request.resourceType() === 'document' && request.frame() === page.mainFrame()) {
          errorDocuments.set(response.url(), response.status())
        }
      })
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() !== 'error') return
        const text = message.text()
        const url = message.location().url
        const status = /^Failed to load resource: the server responded with a status of (\d+)/.exec(text)?.[1]
        if (status && errorDocuments.get(url) === Number(status)) return
        if (allowedConsoleErrors.some((pattern) => pattern.test(text))) return
        problems.push(`console.error: ${text}${url ? ` (${url})` : ''}`)
      }
      page.on('console', onConsole)
      page.on('pageerror', (error) => problems.push(`page error: ${error.stack ?? error.message}`))

      await use()

      if (problems.length) {
        await testInfo.attach('console-errors', { body: problems.join('\n\n'), contentType: 'text/plain' })
        expect(problems, 'the page logged errors to the console').toEqual([])
      }
    },
    { auto: true },
  ],

  login: async ({ page, baseURL, serverInfo }, use) => {
    await use(async (as) => {
      await page.goto('/')
      await topBar(page).getByRole('link', { name: 'Login', exact: true }).click()
      // The stand-in's authorize page (its own origin): one plain HTML form (a button) per demo user.
      await page.waitForURL((url) => url.origin === new URL(serverInfo.standInUrl).origin && url.pathname === '/oauth2/authorize')
      await expect(page.getByRole('heading', { level: 1, name: 'Task Force HQ', exact: true })).toBeVisible()
      await page.getByRole('button', { name: new RegExp(`@${as}\\b`) }).click()
      await page.waitForURL((url) => url.origin === new URL(baseURL!).origin && !url.pathname.startsWith('/auth/'))
      await expect(topBar(page).getByTestId('user-display-name')).toHaveText(DEMO_DISPLAY_NAMES[as])
      await expect(topBar(page).getByRole('button', { name: 'Logout' })).toBeVisible()
    })
  },
})

export { expect }

/** The app's top bar (the page's banner landmark). */
export function topBar(page: Page) {
  return page.getByRole('banner')
}
