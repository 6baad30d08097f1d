// Where the test run's time goes. The vitest and Playwright reporters (tests/harness/timing-reporter.ts,
// tests/e2e/timing-reporter.ts) write every test's time to test-results/timings-{vitest,e2e}.json; scripts/test.mjs
// and scripts/e2e.mjs print the slowest tests and files from them, and the time guard names the slowest files.
import fs from 'node:fs'
import path from 'node:path'

/**
 * @typedef {{ file: string, title: string, project: string, ms: number, tries: number, status: string, lockWaitMs?: number }} TimingEntry
 * @typedef {{ kind: 'e2e' | 'vitest', wallMs: number, tests: TimingEntry[] }} TimingsFile
 */

/** @param {'e2e' | 'vitest'} kind */
export function timingsPath(kind) {
  return path.resolve('test-results', `timings-${kind}.json`)
}

/** @param {TimingsFile} timings */
export function writeTimings(timings) {
  const file = timingsPath(timings.kind)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, JSON.stringify(timings, null, 1))
}

/** @param {'e2e' | 'vitest'} kind @returns {TimingsFile | undefined} */
export function readTimings(kind) {
  const file = timingsPath(kind)
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined
}

const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`

/** Spec files by their tests' time summed, slowest first. @param {TimingEntry[]} tests */
export function slowestFiles(tests) {
  /** @type {Map<string, { ms: number, count: number }>} */
  const files = new Map()
  for (const test of tests) {
    const file = files.get(test.file) ?? { ms: 0, count: 0 }
    file.ms += test.ms
    file.count += 1
    files.set(test.file, file)
  }
  return [...files].map(([file, total]) => ({ file, ...total })).sort((a, b) => b.ms - a.ms)
}

/** The slowest tests and files of one run, as lines to print. @param {TimingsFile} timings */
export function summariseTimings(timings, top = 10) {
  const slowTests = [...timings.tests].sort((a, b) => b.ms - a.ms).slice(0, top)
  const lockWaitMs = timings.tests.reduce((sum, test) => sum + (test.lockWaitMs ?? 0), 0)
  return [
    `${timings.kind}: ${timings.tests.length} tests in ${seconds(timings.wallMs)} wall clock, ` +
      `${seconds(timings.tests.reduce((sum, test) => sum + test.ms, 0))} of tests` +
      (lockWaitMs ? ` (of which ${seconds(lockWaitMs)} waiting for the ORBAT lock)` : ''),
    `the ${top} slowest ${timings.kind} tests:`,
    ...slowTests.map(
      (t) =>
        `  ${seconds(t.ms).padStart(8)}  ${t.file} › ${t.title}${t.project ? ` [${t.project}]` : ''}` +
        `${t.tries > 1 ? ` (${t.tries} tries)` : ''}${t.status === 'passed' || t.status === 'skipped' ? '' : ` ${t.status}`}`,
    ),
    `the ${top} slowest ${timings.kind} files (their tests' time summed):`,
    ...slowestFiles(timings.tests)
      .slice(0, top)
      .map(({ file, ms, count }) => `  ${seconds(ms).padStart(8)}  ${file} (${count} tests)`),
  ].join('\n')
}
