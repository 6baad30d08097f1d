import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAgenda } from './agenda.ts'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'

let database: TestDatabase
beforeAll(async () => {
  database = await createTestDatabase()
  await database.db.execute(
    sql`create table job_runs (id serial primary key, payload text not null, ran_at timestamptz default now())`,
  )
})
afterAll(async () => {
  await database?.drop()
})

async function runs() {
  const rows = await database.db.execute<{ payload: string }>(sql`select payload from job_runs order by id`)
  return rows.map((r) => r.payload)
}

describe('job runner (Agenda on PostgreSQL)', () => {
  it('runs a job scheduled before a restart after the restart', async () => {
    const define = ({ agenda }: ReturnType<typeof createAgenda>) =>
      agenda.define<{ payload: string }>('test.record', async (job) => {
        await database.db.execute(sql`insert into job_runs (payload) values (${job.attrs.data.payload})`)
      })

    // First process: schedules the job for 2 s from now, then goes down before it is due.
    const first = createAgenda({ databaseUrl: database.url, name: 'first', processEvery: 200 })
    define(first)
    await first.agenda.start()
    await first.agenda.schedule(new Date(Date.now() + 2000), 'test.record', { payload: 'survived a restart' })
    await first.stop()
    expect(await runs()).toEqual([])

    // Second process: a fresh runner on the same database picks the stored job up.
    const second = createAgenda({ databaseUrl: database.url, name: 'second', processEvery: 200 })
    define(second)
    await second.agenda.start()
    try {
      await expect.poll(runs, { timeout: 15_000, interval: 200 }).toEqual(['survived a restart'])
    } finally {
      await second.stop()
    }
  })
})
