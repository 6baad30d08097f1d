// `npm run test:e2e`: the Playwright browser tests in the system Chromium (ARCHITECTURE §8).
// No Chromium: a clear SKIPPED line locally, a failure under CI=true. Extra arguments go to `playwright test`.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

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

const run = spawnSync(npx, ['playwright', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
})
if (run.error) {
  console.error(`could not run playwright: ${run.error.message}`)
  process.exit(1)
}
process.exit(run.status ?? 1)
