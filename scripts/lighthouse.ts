// `npm run lighthouse`: Lighthouse's mobile preset (its default config: a mid-range phone, simulated slow 4G) on the
// public pages of a production build, served on a fresh embedded database with the demo unit. Prints a table of
// medians and keeps every JSON report in lighthouse-reports/. A measurement to read, not a test: nothing fails on a
// low score, and CI does not run it (scores depend on the machine).
//
//   npm run lighthouse                       (build, 3 runs per page, the median run reported)
//   npm run lighthouse -- --runs=1 --no-build --port=3300 --pages=/,/orbat
//   npm run lighthouse -- --languages=en,de  (each page asked for in each language, by Accept-Language)
//
// CHROME_PATH picks the browser (default /usr/bin/chromium).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Result } from 'lighthouse'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'
import { CHROMIUM_ARGS } from './chromium.ts'

const PAGES = ['/', '/orbat', '/roster', '/trainings', '/library', '/tests']
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]
const REPORT_DIR = path.resolve('lighthouse-reports')

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3300' },
    pages: { type: 'string', default: PAGES.join(',') },
    'no-build': { type: 'boolean', default: false },
    languages: { type: 'string', default: 'en' },
  },
})
const runs = Math.max(1, Number(options.runs) || 1)
const pages = options.pages.split(',').filter(Boolean)
const languages = options.languages.split(',').filter(Boolean)
const appUrl = `http://127.0.0.1:${options.port}`
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium'

function sh(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: 'inherit' })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`)
}

/** `npm start` on its own data directory: production build, demo mode, the demo unit seeded on first start. */
function startApp(dataDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: options.port, HOST: '127.0.0.1', APP_URL: appUrl, DATA_DIR: dataDir },
  })
}

async function waitForApp(child: ChildProcess) {
  const deadline = Date.now() + 120_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} before it listened`)
    try {
      if ((await fetch(`${appUrl}/orbat`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error('the app did not answer within 120 s')
}

function lighthouse(page: string, language: string, run: number): Result {
  const slug = page === '/' ? 'home' : page.slice(1).replaceAll('/', '-')
  const output = path.join(REPORT_DIR, `${slug}-${language}-${run}.json`)
  const args = [
    path.resolve('node_modules/lighthouse/cli/index.js'),
    `${appUrl}${page}`,
    // The page's language comes from the browser's Accept-Language (docs/rules/languages.md).
    `--extra-headers=${JSON.stringify({ 'Accept-Language': language })}`,
    '--only-categories=performance,accessibility',
    '--output=json',
    `--output-path=${output}`,
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    '--quiet',
  ]
  // A run now and then fails to record the trace (NO_NAVSTART on a busy machine): one more try before giving up.
  for (let attempt = 1; ; attempt++) {
    const result = spawnSync(process.execPath, args, {
      stdio: 'inherit',
      env: { ...process.env, CHROME_PATH: chromePath },
    })
    if (result.status === 0) return JSON.parse(fs.readFileSync(output, 'utf8')) as Result
    if (attempt === 2) throw new Error(`lighthouse ${page} exited with ${result.status}`)
  }
}

function row(page: string, language: string, lhr: Result) {
  const audit = (id: string) => lhr.audits[id]
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
  const ms = (id: string) => `${Math.round(audit(id)?.numericValue ?? 0)} ms`
  const blocking =
    (audit('render-blocking-resources')?.details as { items?: { url: string }[] } | undefined)?.items ?? []
  return {
    page,
    language,
    performance: score('performance'),
    accessibility: score('accessibility'),
    LCP: ms('largest-contentful-paint'),
    TBT: ms('total-blocking-time'),
    CLS: (audit('cumulative-layout-shift')?.numericValue ?? 0).toFixed(3),
    'total KiB': Math.round((audit('total-byte-weight')?.numericValue ?? 0) / 1024),
    'render-blocking': blocking.map((item) => new URL(item.url).pathname.split('/').pop()).join(' ') || '-',
  }
}

async function main() {
  if (!options['no-build']) sh('npm', ['run', 'build'])
  fs.rmSync(REPORT_DIR, { recursive: true, force: true })
  fs.mkdirSync(REPORT_DIR, { recursive: true })
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'milsim-lighthouse-'))
  // NOTE: as root, embedded PostgreSQL runs as a 'postgres' user that must be able to enter the (0700) temp dir.
  fs.chmodSync(dataDir, 0o755)
  const app = startApp(dataDir)
  const closed = new Promise((resolve) => app.once('exit', resolve))
  try {
    await waitForApp(app)
    const rows = []
    for (const page of pages) {
      for (const language of languages) {
        const results = Array.from({ length: runs }, (_, run) => lighthouse(page, language, run + 1))
        rows.push(row(page, language, computeMedianRun(results)))
      }
    }
    console.log(`\nLighthouse mobile preset, simulated throttling; the median of ${runs} run(s) per page`)
    console.table(rows)
    console.log(`JSON reports: ${REPORT_DIR}`)
  } finally {
    app.kill('SIGTERM')
    await closed
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
