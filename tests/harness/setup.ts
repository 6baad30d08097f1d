// Runs before every test file, in the worker that runs it: keep request logs out of test output, and give the file
// the process-wide state a fresh process would have (a worker runs file after file: vitest.config.ts).
import { setLogLevel } from '#server/logger.ts'
import { resetSingletons } from '#server/singleton.ts'

setLogLevel('warn')
resetSingletons()
