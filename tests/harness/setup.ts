// Runs in every test file's process: keep request logs out of test output.
import { setLogLevel } from '#server/logger.ts'

setLogLevel('warn')
