import path from 'node:path'
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter'
import { writeTimings, type TimingEntry } from '../../scripts/timings.mjs'
import { ORBAT_LOCK_WAIT } from './fixtures.ts'

// Every browser test's time (each try summed) for scripts/timings.mjs: test-results/timings-e2e.json. A test's time
// includes its fixtures (login, database, waiting for the ORBAT lock).
export default class TimingReporter implements Reporter {
  private readonly started = Date.now()
  private readonly byTest = new Map<string, TimingEntry>()

  onTestEnd(test: TestCase, result: TestResult) {
    const project = test.parent.project()?.name ?? ''
    const key = `${project}\u0000${test.id}`
    const entry = this.byTest.get(key) ?? {
      file: path.relative(process.cwd(), test.location.file),
      // ['', project, file, ...describes, title]
      title: test.titlePath().slice(3).join(' › '),
      project,
      ms: 0,
      tries: 0,
      status: result.status,
    }
    entry.ms += result.duration
    const waited = result.annotations.find((annotation) => annotation.type === ORBAT_LOCK_WAIT)?.description
    if (waited) entry.lockWaitMs = (entry.lockWaitMs ?? 0) + Number(waited)
    entry.tries += 1
    entry.status = result.status
    this.byTest.set(key, entry)
  }

  onEnd() {
    writeTimings({ kind: 'e2e', wallMs: Date.now() - this.started, tests: [...this.byTest.values()] })
  }

  printsToStdio() {
    return false
  }
}
