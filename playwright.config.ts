import { defineConfig } from '@playwright/test'
import { e2ePort } from './tests/e2e/env.ts'
import { CHROMIUM_ARGS } from './scripts/chromium.ts'

// Browser tests in Debian's Chromium: `npx playwright install` cannot work here.
// Run through `npm run test:e2e` (scripts/e2e.mjs), which skips cleanly when there is no Chromium.

const port = e2ePort()
const baseURL = `http://localhost:${port}`
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
const isCI = process.env.CI === 'true'

/** Files named *.nojs.spec.ts run with JavaScript off; every other spec runs with it on. */
const NO_JS_SPECS = /.*\.nojs\.spec\.ts$/

export default defineConfig({
  testDir: 'tests/e2e',
  // test-results/ also holds the e2e server's info file, which must survive Playwright emptying outputDir.
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  forbidOnly: isCI,
  workers: 2,
  retries: isCI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: 'list',
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'chromium-js',
      testIgnore: NO_JS_SPECS,
      use: { browserName: 'chromium', javaScriptEnabled: true },
    },
    {
      name: 'chromium-nojs',
      testMatch: NO_JS_SPECS,
      use: { browserName: 'chromium', javaScriptEnabled: false },
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
