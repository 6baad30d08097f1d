// npm test: everything, the cheap checks first, stopping at the first failing step. Prints the time of each
// step, the slowest tests and files of the vitest and browser steps, and fails a run that takes longer than its time
// budget (TEST_TIME_BUDGET_MINUTES, default 40), naming the slowest files: CI stops a run at 90 minutes, and a suite
// that grows past its budget is caught here first (docs/decisions/050-ci-time-budget.md).
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { readTimings, slowestFiles, summariseTimings, timingsPath } from './timings.mjs'

const budgetMinutes = Number(process.env.TEST_TIME_BUDGET_MINUTES || 40)

// The cheap checks share nothing and each keeps about one core busy: they run side by side, the three parts of
// `npm run lint` as three (their output is printed as each ends). Then the two test steps, one after the other.
const checks = [
  ['typecheck', 'npm run typecheck'],
  ['lint: code', 'npm run lint:code'],
  ['lint: format', 'npm run lint:format'],
  ['lint: dependencies', 'npm run lint:deps'],
  ['build', 'npm run build'],
]
const steps = [
  ['unit + integration (vitest)', 'npx vitest run', 'vitest'],
  ['browser (Playwright + Chromium)', 'node scripts/e2e.mjs', 'e2e'],
]

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`
const runStarted = Date.now()
// A step that dies before its reporter writes must not print (or be judged by) the last run's times.
for (const kind of ['vitest', 'e2e']) fs.rmSync(timingsPath(kind), { force: true })
/** @type {[string, number][]} */
const stepTimes = []

function printStepTimes() {
  console.log('\n=== time of each step')
  for (const [name, ms] of stepTimes) console.log(`  ${seconds(ms).padStart(9)}  ${name}`)
  console.log(`  ${seconds(Date.now() - runStarted).padStart(9)}  in all (budget: ${budgetMinutes} minutes)`)
}

/** Runs a command with its output kept, resolving to its exit code, output and time. */
function runQuietly(command) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => resolve({ code: code ?? 1, output, ms: Date.now() - started }))
  })
}

console.log(`\n=== ${checks.map(([name]) => name).join(', ')}, side by side`)
const checked = await Promise.all(
  checks.map(async ([name, command]) => {
    const result = await runQuietly(command)
    console.log(`\n=== ${name}: ${command}\n${result.output.trimEnd()}`)
    console.log(`=== ${name} ${result.code === 0 ? 'passed' : 'FAILED'} in ${seconds(result.ms)}`)
    stepTimes.push([name, result.ms])
    return result.code
  }),
)
if (checked.some((code) => code !== 0)) {
  printStepTimes()
  process.exit(1)
}

for (const [name, command, timingsKind] of steps) {
  const started = Date.now()
  console.log(`\n=== ${name}: ${command}`)
  const result = spawnSync(command, { stdio: 'inherit', shell: true })
  stepTimes.push([name, Date.now() - started])
  const timings = timingsKind && readTimings(timingsKind)
  // (scripts/e2e.mjs prints the browser step's own.)
  if (timings && timingsKind === 'vitest') console.log(`\n${summariseTimings(timings)}`)
  if (result.status !== 0) {
    console.error(`\n=== ${name} FAILED after ${seconds(Date.now() - started)}`)
    printStepTimes()
    process.exit(result.status ?? 1)
  }
  console.log(`=== ${name} passed in ${seconds(Date.now() - started)}`)
}

printStepTimes()
const totalMs = Date.now() - runStarted
if (totalMs > budgetMinutes * 60_000) {
  console.error(
    `\n=== TOO SLOW: the run took ${seconds(totalMs)}, over its budget of ${budgetMinutes} minutes. ` +
      'Make these faster (or split them) before adding tests:',
  )
  for (const kind of ['e2e', 'vitest']) {
    const timings = readTimings(kind)
    if (!timings) continue
    for (const { file, ms, count } of slowestFiles(timings.tests).slice(0, 5))
      console.error(`  ${seconds(ms).padStart(9)}  ${file} (${count} tests, ${kind})`)
  }
  process.exit(1)
}
console.log('\nAll test steps passed.')
