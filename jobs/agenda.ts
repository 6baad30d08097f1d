import { Agenda } from 'agenda'
import { MongoBackend } from '@agendajs/mongo-backend'
import { PostgresBackend } from '@agendajs/postgres-backend'

export interface AgendaOptions {
  databaseUrl: string
  /** When set, jobs live in MongoDB instead of the app's PostgreSQL (ARCHITECTURE §3 MONGODB_URL). */
  mongodbUrl?: string
  /** Identifies this process in job locks (lastModifiedBy). */
  name?: string
  processEvery?: string | number
}

/** Lock lifetime of a running job: a crashed job is picked up again after about a minute (ARCHITECTURE §4). */
export const JOB_LOCK_LIFETIME_MS = 60_000

/**
 * Builds Agenda on the chosen backend. The PostgreSQL backend keeps jobs in the app database (table
 * agenda_jobs, created on connect) and wakes other instances with LISTEN/NOTIFY; its pool is small so the app
 * pool and the job runner together stay far below max_connections.
 */
export function createAgenda(options: AgendaOptions): Agenda {
  const backend = options.mongodbUrl
    ? new MongoBackend({ address: options.mongodbUrl, collection: 'agenda_jobs' })
    : new PostgresBackend({
        poolConfig: { connectionString: options.databaseUrl, max: 4 },
        tableName: 'agenda_jobs',
        channelName: 'agenda_jobs',
      })
  return new Agenda({
    backend,
    name: options.name,
    processEvery: options.processEvery ?? '5 seconds',
    defaultLockLifetime: JOB_LOCK_LIFETIME_MS,
    maxConcurrency: 10,
  })
}
