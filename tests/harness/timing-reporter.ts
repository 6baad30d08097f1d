import path from 'node:path'
import type { Reporter, TestModule } from 'vitest/node'
import { writeTimings, type TimingEntry } from '../../scripts/timings.mjs'

// Every vitest test's time for scripts/timings.mjs: test-results/timings-vitest.json. Each file also gets one entry,
// "(hooks and setup)", for the time its tests do not account for (starting the app and database in beforeAll, importing
// its modules), so a file's entries add up to the whole file's time.
export default class TimingReporter implements Reporter {
  private readonly started = Date.now()

  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const tests: TimingEntry[] = []
    for (const testModule of testModules) {
      const file = path.relative(process.cwd(), testModule.moduleId)
      let counted = 0
      for (const testCase of testModule.children.allTests()) {
        const diagnostic = testCase.diagnostic()
        const ms = diagnostic?.duration ?? 0
        counted += ms
        tests.push({
          file,
          title: testCase.fullName,
          project: '',
          ms,
          tries: 1 + (diagnostic?.retryCount ?? 0),
          status: testCase.result().state,
        })
      }
      const module = testModule.diagnostic()
      const whole = module.duration + module.collectDuration + module.setupDuration + module.prepareDuration
      if (whole > counted) {
        tests.push({ file, title: '(hooks and setup)', project: '', ms: whole - counted, tries: 1, status: 'passed' })
      }
    }
    writeTimings({ kind: 'vitest', wallMs: Date.now() - this.started, tests })
  }
}
