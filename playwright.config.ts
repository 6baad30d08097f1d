import { defineConfig } from '@playwright/test'
import { e2ePort } from './tests/e2e/env.ts'
import { CHROMIUM_ARGS } from './scripts/chromium.ts'

// Browser tests in Debian's Chromium: `npx playwright install` cannot work here.
// Run through `npm run test:e2e` (scripts/e2e.mjs), which skips cleanly when there is no Chromium.

const port = e2ePort()
const baseURL = `http://localhost:${port}`
// Debian's headless shell when scripts/e2e.mjs found it (lighter per test), else the full browser. What only the full
// browser does (installing the app, answering a notification permission request) runs in it: FULL_BROWSER_SPECS.
const fullBrowser = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const executablePath = process.env.CHROMIUM_HEADLESS_SHELL_PATH || fullBrowser
const isCI = process.env.CI === 'true'

/** Files named *.nojs.spec.ts run with JavaScript off; every other spec runs with it on. */
const NO_JS_SPECS = /.*\.nojs\.spec\.ts$/
/** The installable app and its notifications: the service worker, installability and permissions of a real browser. */
const FULL_BROWSER_SPECS = /(^|\/)(pwa|notifications)\.spec\.ts$/

export default defineConfig({
  testDir: 'tests/e2e',
  // test-results/ also holds the e2e server's info file, which must survive Playwright emptying outputDir.
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  forbidOnly: isCI,
  workers: 2,
  retries: isCI ? 1 : 0,
  // A journey test (an admin's whole task, several pages) takes 10-30 s on a busy two-core machine: the limit catches a
  // hang without failing a slow but working test.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  // The time of every test and file, for the run's time guard (scripts/test.mjs).
  reporter: [['list'], ['./tests/e2e/timing-reporter.ts']],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    // Every test's context is new: with the worker allowed, each one would precache the whole build (some 240 files)
    // while the test runs. The specs of the worker itself (pwa, notifications) allow it again.
    serviceWorkers: 'block',
    trace: 'off',
    launchOptions: {
      executablePath,
      args: CHROMIUM_ARGS,
    },
  },
  // The JS and no-JS projects reuse one browser context per worker (`reuseContext`): between tests Playwright clears
  // cookies, storage, the cache's state it may clear, routes and init scripts, closes extra pages and re-applies the
  // viewport, while the renderer and the compiled app scripts stay warm (6% of the browser step, measured side by
  // side: docs/decisions/050-ci-time-budget.md). A spec that sets another context option (a time zone) gets a fresh
  // context. The full-browser specs grant permissions and go offline, which a reset does not undo: they keep a new
  // context per test.
  projects: [
    {
      name: 'chromium-js',
      testIgnore: [NO_JS_SPECS, FULL_BROWSER_SPECS],
      use: { browserName: 'chromium', javaScriptEnabled: true, reuseContext: true },
    },
    {
      name: 'chromium-full',
      testMatch: FULL_BROWSER_SPECS,
      use: {
        browserName: 'chromium',
        javaScriptEnabled: true,
        serviceWorkers: 'allow',
        launchOptions: { executablePath: fullBrowser, args: CHROMIUM_ARGS },
      },
    },
    {
      name: 'chromium-nojs',
      testMatch: NO_JS_SPECS,
      use: { browserName: 'chromium', javaScriptEnabled: false, reuseContext: true },
    },
  ],
  webServer: {
    command: 'npx tsx tests/e2e/server.ts',
    url: `${baseURL}/healthz`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM lets the server stop PostgreSQL and remove its temp data dir; SIGKILL would leave both behind.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
})
