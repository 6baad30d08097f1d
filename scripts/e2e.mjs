// `npm run test:e2e`: the Playwright browser tests in the system Chromium (README.md, Testing).
// No Chromium: a clear SKIPPED line locally, a failure under CI=true. Extra arguments go to `playwright test`.
// The server listens on a port free at the start of the run (E2E_PORT when set), so two runs on one machine
// never collide; Playwright's config and its workers read it from E2E_PORT.
import { spawnSync } from 'node:child_process'
import fs, { existsSync } from 'node:fs'
import net from 'node:net'
import { readTimings, summariseTimings, timingsPath } from './timings.mjs'

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
// Debian's headless shell of the same Chromium (apt-get install -y chromium-headless-shell) starts a test's browser
// context about three times faster; the tests use it when it is there (docs/decisions/050-ci-time-budget.md).
const headlessShell = process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell'

if (!existsSync(chromium)) {
  if (process.env.CI === 'true') {
    console.error(`ERROR: browser tests need Chromium at ${chromium} (CI=true, so they may not be skipped).`)
    console.error('Install it with: apt-get install -y chromium   (or point CHROMIUM_PATH at a Chromium binary)')
    process.exit(1)
  }
  console.log(`SKIPPED: browser tests (no Chromium at ${chromium}; apt-get install -y chromium)`)
  process.exit(0)
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'

// The tests serve the production build; `npm test` builds first, a direct run may not have.
if (!existsSync('build/server/index.js') || !existsSync('build/client')) {
  console.log('No build found: running "npm run build" first...')
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

/**
 * A TCP port nobody listens on now, at random below the kernel's range for outgoing connections (as freePort in
 * server/database.ts does): a port from listen(0) could be taken by any outgoing connection before the server listens.
 */
async function freePort() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    const free = await new Promise((resolve) => {
      const server = net.createServer()
      server.unref()
      server.once('error', () => resolve(false))
      server.listen(port, 'localhost', () => server.close(() => resolve(true)))
    })
    if (free) return port
  }
  throw new Error('no free port between 20000 and 32000')
}

const port = process.env.E2E_PORT || String(await freePort())
console.log(`browser tests: the e2e server listens on port ${port}`)

fs.rmSync(timingsPath('e2e'), { force: true })
const run = spawnSync(npx, ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    CHROMIUM_PATH: chromium,
    ...(existsSync(headlessShell) ? { CHROMIUM_HEADLESS_SHELL_PATH: headlessShell } : {}),
    E2E_PORT: port,
  },
})
if (run.error) {
  console.error(`could not run playwright: ${run.error.message}`)
  process.exit(1)
}
// Where the time went (tests/e2e/timing-reporter.ts): the slowest tests and spec files.
const timings = readTimings('e2e')
if (timings) console.log(`\n${summariseTimings(timings)}`)
process.exit(run.status ?? 1)
