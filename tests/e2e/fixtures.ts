import {
  test as base,
  expect,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Response,
  type TestInfo,
} from '@playwright/test'
import postgres from 'postgres'
import { readServerInfo, type E2EServerInfo } from './env.ts'

// Playwright fixtures: `login(as)` through the real OAuth flow and the stand-in's authorize form, and a guard that fails any
// test whose page logs a console error or throws (Epic Stack style).

/** The demo guild's users (db/seed/demo-guild.ts), by username, with the name the top bar shows. */
export const DEMO_DISPLAY_NAMES = {
  demo_admin: 'Cpt. Miller',
  reyes: 'Sgt. Reyes',
  novak: 'Pvt. Novak',
  kowalski: 'Lt. Kowalski',
  recruit_lee: 'Rct. Lee',
  banned_blake: 'Blake',
  /** Not on the roster (a newcomer of the demo server): the allied units' guest in the ORBAT tests. */
  mbeki: 'Mbeki',
  /**
   * Newcomers of the demo server no other spec signs in as: the language specs change their stored language (which every
   * page of theirs follows), so no test running meanwhile in the other worker can see it. One each for the specs with
   * and without JavaScript, which may run at the same time.
   */
  'quinn.r': 'Quinn',
  dasilva: 'Da Silva',
} as const
export type DemoUsername = keyof typeof DEMO_DISPLAY_NAMES

// 1x1 transparent PNG: stands in for Discord's avatar CDN so the tests need no internet.
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

/** Answers Discord's avatar CDN with a pixel, for a page or a whole (second) browser context. */
export async function stubDiscordCdn(target: Page | BrowserContext) {
  await target.route('https://cdn.discordapp.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL_PNG }),
  )
}

/** The e2e server's database (postgres.js), for state no UI sets yet. One short-lived connection per test. */
export type E2ESql = postgres.Sql

/** The annotation that carries how long a test waited for the ORBAT lock, in ms (tests/e2e/timing-reporter.ts). */
export const ORBAT_LOCK_WAIT = 'orbat-lock-wait'

// Session-level advisory lock (two-int form: never collides with the app's own transaction-scoped locks).
const ORBAT_MUTEX = [7_202_690, 1] as const

interface Fixtures {
  /**
   * Logs in through the real OAuth flow against the stand-in (`loginAs`), then opens `path` (default: the hub) and
   * checks the top bar shows the user signed in.
   */
  login: (as: DemoUsername, path?: string) => Promise<void>
  /** Where the standalone Discord stand-in runs (from tests/e2e/server.ts). */
  serverInfo: E2EServerInfo
  /** Console messages a test expects (e.g. a deliberate failed fetch); anything else fails the test. */
  allowedConsoleErrors: RegExp[]
  /** A connection to the e2e server's database (its URL comes from the server info file). */
  db: E2ESql
  /**
   * Opt-in for tests that change the shared ORBAT (slots, waitlist, signup_time): holds a database advisory lock for
   * the whole test, so such tests never overlap across workers and projects (the waitlist fill and the time lock
   * are global). On teardown it puts the ORBAT back to the seeded state (no member in a slot, empty waitlist, no time
   * lock) in case a failed test could not clean up itself, and tells live pages.
   */
  orbatLock: void
  /** Auto fixture: collects console errors and uncaught page errors and fails the test on any. */
  failOnConsoleErrors: void
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],

  serverInfo: async ({ baseURL }, use) => {
    await use(readServerInfo(baseURL!))
  },

  page: async ({ page }, use) => {
    await stubDiscordCdn(page)
    await use(page)
  },

  db: async ({ serverInfo }, use) => {
    const sql = postgres(serverInfo.databaseUrl, { max: 2, onnotice: () => {} })
    try {
      await use(sql)
    } finally {
      await sql.end({ timeout: 5 })
    }
  },

  orbatLock: [
    async ({ db }, use, testInfo) => {
      const held = await db.reserve()
      try {
        const asked = Date.now()
        await held`select pg_advisory_lock(${ORBAT_MUTEX[0]}, ${ORBAT_MUTEX[1]})`
        // The run's summary adds these up: time a worker spent idle behind another worker's ORBAT test.
        testInfo.annotations.push({ type: ORBAT_LOCK_WAIT, description: String(Date.now() - asked) })
        // Who held which slot before (the demo's members in their slots): they hold them again afterwards, and
        // every sign-up the test made is undone.
        const holders = await held<Array<{ id: number; user_id: number }>>`
          select id, user_id from slots where user_id is not null order by id`
        try {
          await use()
        } finally {
          await db.begin(async (tx) => {
            await tx`update settings set value = '' where key = 'signup_time' and value <> ''`
            await tx`delete from waitlist_entries`
            await tx`update slots set user_id = null where user_id is not null`
            await tx`
              update slots s set user_id = h.user_id
              from unnest(${holders.map((h) => h.id)}::int[], ${holders.map((h) => h.user_id)}::int[]) as h(id, user_id)
              where s.id = h.id`
            await tx`select pg_notify('orbat_changed', '')`
          })
        }
      } finally {
        await held`select pg_advisory_unlock(${ORBAT_MUTEX[0]}, ${ORBAT_MUTEX[1]})`.catch(() => {})
        held.release()
      }
    },
    // Waiting for another worker's ORBAT test is not this test's time.
    { timeout: 120_000 },
  ],

  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use, testInfo) => {
      const watch = watchConsole(page, allowedConsoleErrors)
      await use()
      await expectNoConsoleProblems(watch.stop(), testInfo)
    },
    { auto: true },
  ],

  login: async ({ page, baseURL, serverInfo, javaScriptEnabled }, use) => {
    await use(async (as, path) => {
      await loginAs(page, as, { baseURL: baseURL!, standInUrl: serverInfo.standInUrl }, path)
      // The next step of a test is a click: with JavaScript, only once the page has hydrated.
      if (javaScriptEnabled) await waitForHydration(page)
    })
  },
})

export { expect }

/**
 * Collects a page's console errors and uncaught page errors until `stop()`, which returns them. The app answers some
 * pages with an error status on purpose (401/403 admin states, 404, a failed login, 400 for a form that failed
 * validation): Chromium logs "Failed to load resource" for such a document, and that line is expected for exactly that
 * URL; so is a form post refused with 400 (the action's answer to a validation failure, with or without JavaScript).
 */
export function watchConsole(page: Page, allowed: RegExp[]): { stop: () => string[] } {
  const problems: string[] = []
  const errorDocuments = new Map<string, number>()
  const onResponse = (response: Response) => {
    const request = response.request()
    if (response.status() >= 400 && request.resourceType() === 'document' && request.frame() === page.mainFrame()) {
      errorDocuments.set(response.url(), response.status())
    }
    if (response.status() === 400 && request.method() === 'POST') errorDocuments.set(response.url(), 400)
  }
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() !== 'error') return
    const text = message.text()
    const url = message.location().url
    const status = /^Failed to load resource: the server responded with a status of (\d+)/.exec(text)?.[1]
    if (status && errorDocuments.get(url) === Number(status)) return
    if (allowed.some((pattern) => pattern.test(text))) return
    problems.push(`console.error: ${text}${url ? ` (${url})` : ''}`)
  }
  const onPageError = (error: Error) => problems.push(`page error: ${error.stack ?? error.message}`)
  page.on('response', onResponse)
  page.on('console', onConsole)
  page.on('pageerror', onPageError)
  return {
    stop: () => {
      page.off('response', onResponse)
      page.off('console', onConsole)
      page.off('pageerror', onPageError)
      return problems
    },
  }
}

/** Fails the test with the console problems `watchConsole` collected, attached in full to its report. */
export async function expectNoConsoleProblems(problems: string[], testInfo: TestInfo) {
  if (!problems.length) return
  await testInfo.attach('console-errors', { body: problems.join('\n\n'), contentType: 'text/plain' })
  expect(problems, 'the page logged errors to the console').toEqual([])
}

/**
 * The `login` fixture's steps for any page (e.g. a second browser context's): the real OAuth flow (the app's
 * /auth/discord, the stand-in's authorize form for the user, the app's callback), sent as requests of the page's own
 * context so the session cookie lands in it, then `path` (default: the hub), signed in. The same server code as a
 * click-through, in one page load instead of four; `loginThroughUi` (auth.spec.ts) keeps the clicks themselves tested.
 */
export async function loginAs(
  page: Page,
  as: DemoUsername,
  { baseURL, standInUrl }: { baseURL: string; standInUrl: string },
  path = '/',
) {
  const request = page.context().request
  const start = await request.get(new URL('/auth/discord', baseURL).href, { maxRedirects: 0 })
  expect(start.status(), 'GET /auth/discord redirects to the authorize page').toBe(302)
  const authorize = new URL(start.headers()['location']!)
  expect(authorize.origin).toBe(new URL(standInUrl).origin)
  // The authorize page has one form per user: its hidden fields and the user's id, as the browser would post them.
  const consent = await request.get(authorize.href)
  expect(consent.status(), 'the stand-in shows its authorize page').toBe(200)
  const form = (await consent.text()).split('<form').find((chunk) => chunk.includes(`@${as}<`))
  expect(form, `the authorize page lists @${as}`).toBeDefined()
  const fields = Object.fromEntries(
    [...form!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, name, value]) => [
      name!,
      decodeEntities(value!),
    ]),
  )
  const picked = await request.post(authorize.origin + authorize.pathname, {
    form: { ...fields, decision: 'authorize' },
    maxRedirects: 0,
  })
  expect(picked.status(), 'the stand-in redirects back with a code').toBe(302)
  const callback = await request.get(picked.headers()['location']!, { maxRedirects: 0 })
  expect(callback.status(), `the callback signs ${as} in`).toBe(302)
  await page.goto(path)
  await expectSignedIn(page, as)
}

/** The click-through login: / -> Login -> the stand-in's authorize page -> pick the user -> back, signed in. */
export async function loginThroughUi(
  page: Page,
  as: DemoUsername,
  { baseURL, standInUrl }: { baseURL: string; standInUrl: string },
) {
  await page.goto('/')
  await topBar(page).getByRole('link', { name: 'Login', exact: true }).click()
  // The stand-in's authorize page (its own origin): one plain HTML form (a button) per demo user.
  await page.waitForURL((url) => url.origin === new URL(standInUrl).origin && url.pathname === '/oauth2/authorize')
  await expect(page.getByRole('heading', { level: 1, name: 'Task Force HQ', exact: true })).toBeVisible()
  await page.getByRole('button', { name: new RegExp(`@${as}\\b`) }).click()
  await page.waitForURL((url) => url.origin === new URL(baseURL).origin && !url.pathname.startsWith('/auth/'))
  await expectSignedIn(page, as)
}

async function expectSignedIn(page: Page, as: DemoUsername) {
  await expect(topBar(page).getByTestId('user-display-name')).toHaveText(DEMO_DISPLAY_NAMES[as])
  await expect(topBar(page).getByRole('button', { name: 'Logout' })).toBeVisible()
}

/** The few entities the stand-in's HTML escaping writes into attribute values. */
function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/** React Router has hydrated the page and has no navigation in flight (JavaScript on only). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const router = (
      window as { __reactRouterDataRouter?: { state: { initialized: boolean; navigation: { state: string } } } }
    ).__reactRouterDataRouter
    return router?.state.initialized && router.state.navigation.state === 'idle'
  })
}

/**
 * A barrier, not a wait: resolves once the page has run every task queued before it (the evaluate's timer is a task
 * after them), so whatever a click's handler did (a confirm answered, a request sent) has happened and been reported
 * to the test. What a "nothing happened" check waits for before it looks.
 */
export async function pageTasksDone(page: Page) {
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

/** The requests that would change something (any method but GET and HEAD) the page sends from now on. */
export function recordWrites(page: Page): string[] {
  const writes: string[] = []
  page.on('request', (request) => {
    if (!['GET', 'HEAD'].includes(request.method()))
      writes.push(`${request.method()} ${new URL(request.url()).pathname}`)
  })
  return writes
}

/** The app's top bar (the page's banner landmark). */
export function topBar(page: Page) {
  return page.getByRole('banner')
}
