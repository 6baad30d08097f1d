// Screenshots of the shell's screens for a human to review (not part of `npm test`).
//
//   npx tsx tests/e2e/server.ts &                 (or any running app whose Login goes to a Discord stand-in)
//   npx tsx tests/e2e/screenshots.ts [baseURL]    (or E2E_BASE_URL; default http://localhost:3100)
//
// Writes screenshots/<screen>-<width>.png (git-ignored) at 1280 px and 390 px wide, full page.

import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'

const baseURL = (process.argv[2] ?? process.env.E2E_BASE_URL ?? 'http://localhost:3100').replace(/\/+$/, '')
const outDir = path.resolve('screenshots')
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const WIDTHS = [1280, 390] as const

type Login = 'demo_admin' | 'reyes' | null
interface Screen {
  name: string
  path: string
  as: Login
  /** Text that proves the page is the one we meant. */
  expect: string
}

const screens: Screen[] = [
  { name: 'hub', path: '/', as: null, expect: 'Unit Hub' },
  { name: 'hub-signed-in', path: '/', as: 'demo_admin', expect: 'Unit Hub' },
  { name: 'admin-hub', path: '/admin', as: 'demo_admin', expect: 'Admin Hub' },
  { name: 'access-denied', path: '/admin', as: 'reyes', expect: 'Access Denied' },
  { name: 'admin-access-required', path: '/admin', as: null, expect: 'Admin Access Required' },
  { name: 'error-404', path: '/this-page-does-not-exist', as: null, expect: 'Unexpected Application Error!' },
  { name: 'login-failed', path: '/auth/discord/callback?state=bogus&code=x', as: null, expect: 'Login failed' },
]

async function login(page: Page, as: Exclude<Login, null>) {
  await page.goto(`${baseURL}/`)
  await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click()
  await page.getByRole('button', { name: new RegExp(`@${as}\\b`) }).click()
  await page.waitForURL((url) => url.origin === new URL(baseURL).origin && !url.pathname.startsWith('/auth/'))
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).waitFor()
}

async function capture(browser: Browser, screen: Screen, width: number): Promise<string[]> {
  const context = await browser.newContext({
    viewport: { width, height: width < 640 ? 844 : 800 },
    deviceScaleFactor: 1,
  })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  // Discord's avatar CDN is not reachable here; a grey pixel stands in.
  await page.route('https://cdn.discordapp.com/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'image/png',
      body: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mN4+fLlfwAJXAPPYJHJUwAAAABJRU5ErkJggg==',
        'base64',
      ),
    }),
  )
  try {
    if (screen.as) await login(page, screen.as)
    await page.goto(`${baseURL}${screen.path}`)
    await page.getByText(screen.expect).first().waitFor({ timeout: 10_000 })
    await page.evaluate(() => document.fonts.ready)
    const file = path.join(outDir, `${screen.name}-${width}.png`)
    await page.screenshot({ path: file, fullPage: true })
    // Horizontal overflow is the usual small-screen defect; say so next to the file name.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    if (overflow > 0) problems.push(`horizontal overflow of ${overflow}px`)
    console.log(`${path.relative(process.cwd(), file)}${problems.length ? `  (${problems.join('; ')})` : ''}`)
  } finally {
    await context.close()
  }
  return problems
}

async function main() {
  if (!fs.existsSync(executablePath)) throw new Error(`No Chromium at ${executablePath} (set CHROMIUM_PATH).`)
  const health = await fetch(`${baseURL}/healthz`).catch(() => null)
  if (!health?.ok)
    throw new Error(`No app answering at ${baseURL}/healthz: start it with "npx tsx tests/e2e/server.ts".`)
  fs.mkdirSync(outDir, { recursive: true })
  const browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  })
  let failures = 0
  try {
    for (const screen of screens) {
      for (const width of WIDTHS) failures += (await capture(browser, screen, width)).length
    }
  } finally {
    await browser.close()
  }
  if (failures) process.exitCode = 1
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
