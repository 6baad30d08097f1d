// The outbox wakes the senders of every instance when rows are written (db/functions/notifications.sql), and only
// then: the sender's own queueing inserts nothing on most runs, and a notice for an empty insert woke the sender for its
// next run, for ever, a few hundred queries a second on an idle app.
import { afterAll, beforeAll, expect, it } from 'vitest'
import postgres from 'postgres'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'

let database: TestDatabase
let listener: postgres.Sql
const notices: string[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  listener = postgres(database.url, { max: 1, onnotice: () => {} })
  await listener.listen('notifications_due', (payload) => void notices.push(payload))
})
afterAll(async () => {
  await listener?.end({ timeout: 5 })
  await database?.drop()
})

/** Waits long enough for a notice of the statement just committed to arrive (they come at the commit). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300))

it('an insert into the outbox that adds no row wakes nobody; one that adds rows wakes the senders once', async () => {
  const sql = database.db.$client
  const [user] = await sql<{ id: number }[]>`
    insert into users (discord_id, username) values ('900000000000000001', 'wake_test') returning id`
  const queue = () => sql`
    insert into notification_outbox (user_id, kind, event_key, title, body, url)
    select ${user!.id}, 'leave', 'wake-test', 'Title', 'Body', '/account' from users where id = ${user!.id}
    on conflict (user_id, event_key) do nothing`

  await sql`insert into notification_outbox (user_id, kind, event_key, title, body, url)
    select id, 'leave', 'never', 'Title', 'Body', '/account' from users where false`
  await settle()
  expect(notices).toEqual([])

  await queue()
  await settle()
  expect(notices).toHaveLength(1)

  // The same row again: the conflict adds nothing, so nobody is woken.
  await queue()
  await settle()
  expect(notices).toHaveLength(1)
})
