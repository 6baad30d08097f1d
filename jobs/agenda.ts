import { Agenda, type Job } from 'agenda'
import { MongoBackend } from '@agendajs/mongo-backend'
import { PostgresBackend } from '@agendajs/postgres-backend'
import pg from 'pg'
import { describeError } from '#server/error-text.ts'
import { logger } from '#server/logger.ts'

interface AgendaOptions {
  databaseUrl: string
  /** When set (MONGODB_URL), jobs live in MongoDB instead of the app's PostgreSQL (docs/decisions/002). */
  mongodbUrl?: string
  /** Identifies this process in job locks (lastModifiedBy). */
  name?: string
  processEvery?: string | number
}

/** Lock lifetime of a running job: a crashed job is picked up again after about a minute (docs/decisions/002). */
const JOB_LOCK_LIFETIME_MS = 60_000

/**
 * Builds Agenda on the chosen backend. The PostgreSQL backend keeps jobs in the app database (table
 * agenda_jobs, created on connect) and wakes other instances with LISTEN/NOTIFY; its pool is small so the app
 * pool and the job runner together stay far below max_connections.
 */
interface JobRunner {
  agenda: Agenda
  /** Stops processing (running jobs finish or are unlocked), then closes the runner's own connections. */
  stop: () => Promise<void>
}

/**
 * Runs a job's work while renewing its lock, for a job whose lock lifetime is shorter than a run may take (Agenda
 * cancels a run that outlives its lock unless it calls touch()).
 */
export async function renewingLock<T>(job: Job, lockLifetimeMs: number, work: () => Promise<T>): Promise<T> {
  const timer = setInterval(() => {
    job
      .touch()
      .catch((error: unknown) =>
        logger.warn({ msg: 'job lock not renewed', job: job.attrs.name, error: describeError(error) }),
      )
  }, lockLifetimeMs / 4)
  try {
    return await work()
  } finally {
    clearInterval(timer)
  }
}

export function createAgenda(options: AgendaOptions): JobRunner {
  let pool: pg.Pool | undefined
  if (!options.mongodbUrl) {
    pool = new pg.Pool({ connectionString: options.databaseUrl, max: 4 })
    // NOTE: without a listener, a dropped idle connection (database restart, shutdown order) is an unhandled
    // 'error' event that kills the process. The pool replaces the connection on the next query.
    pool.on('error', (error) => logger.warn({ msg: 'job runner database connection lost', error: error.message }))
  }
  const backend = pool
    ? new PostgresBackend({ pool, tableName: 'agenda_jobs', channelName: 'agenda_jobs' })
    : new MongoBackend({ address: options.mongodbUrl!, collection: 'agenda_jobs' })
  // NOTE: the LISTEN/NOTIFY channel emits 'error' when its connection drops (and reconnects by itself); an
  // EventEmitter 'error' without a listener would take the whole process down.
  const channel = backend.notificationChannel as unknown as
    { on?: (event: 'error', listener: (error: Error) => void) => void } | undefined
  channel?.on?.('error', (error) => logger.warn({ msg: 'job runner notification channel error', error: error.message }))
  const agenda = new Agenda({
    backend,
    name: options.name,
    processEvery: options.processEvery ?? '5 seconds',
    defaultLockLifetime: JOB_LOCK_LIFETIME_MS,
    maxConcurrency: 10,
  })
  return {
    agenda,
    stop: async () => {
      await agenda.stop()
      // The backend does not close a pool it was handed.
      await pool?.end().catch(() => {})
    },
  }
}
