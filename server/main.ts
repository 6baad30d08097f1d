import { ConfigError, loadConfig, selectRuntimeBuilds, type Config } from './config.ts'
import { describeError, StartupError } from './error-text.ts'
import { logger } from './logger.ts'
import { startupMessage } from './startup-log.ts'

// Process entry: `npm start` (serves the build) and `npm run dev` (Vite middleware, HMR).
const mode = process.argv.includes('--dev') ? 'development' : 'production'

async function main() {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`)
      process.exit(1)
    }
    throw error
  }
  selectRuntimeBuilds(mode)
  // Imported only now: React picks its development or production build by NODE_ENV on first import.
  const { startApp } = await import('./start.ts')

  const { starting, listening, banner } = startupMessage(config, mode)
  if (starting) logger.info(starting)
  const app = await startApp(config, { mode })
  logger.info(listening)
  if (banner) process.stdout.write(banner)

  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ msg: 'shutting down', signal })
    const force = setTimeout(() => {
      logger.error({ msg: 'shutdown timed out; exiting' })
      process.exit(1)
    }, 20_000)
    force.unref()
    await app.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

main().catch((error: unknown) => {
  const stack = error instanceof Error && !(error instanceof StartupError) ? error.stack : undefined
  logger.error({ msg: 'failed to start', error: describeError(error), ...(stack ? { stack } : {}) })
  process.exit(1)
})
