// The process tests/harness/instance.ts starts: the production build on the database and port its environment names.
import path from 'node:path'
import { loadConfig, selectRuntimeBuilds } from '#server/config.ts'
import { setLogLevel } from '#server/logger.ts'

setLogLevel('warn')
const config = loadConfig(process.env)
selectRuntimeBuilds('production')
const { startApp } = await import('#server/start.ts')
const app = await startApp(config, { mode: 'production', buildDir: path.resolve('build'), jobs: false, seed: false })
process.stdout.write(`READY ${app.url}\n`)
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
