import fs from 'node:fs'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventSchema } from '#contracts/events.ts'
import { auditLog } from '#db/schema/audit.ts'
import { events } from '#db/schema/roster.ts'
import { settings } from '#db/schema/settings.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'
import type { AppServices } from '../context.ts'
import { createEvent, updateEvent } from './events.ts'

// The Events tab sends a day, a time and its zone; the JSON API a date-time or a bare day. Both go through these use
// cases. Events stored by the old day-only form (00:00 UTC) move to 20:00 unit time (db/migrations/0003).

let database: TestDatabase
let services: AppServices
let admin: User

beforeAll(async () => {
  database = await createTestDatabase()
  services = { db: database.db } as AppServices
  admin = (await database.db.insert(users).values({ discord_id: '778', username: 'planner' }).returning())[0]!
})
afterAll(async () => {
  await database?.drop()
})

describe('event use cases', () => {
  it('an edit that keeps the day (on the unit’s clock) keeps the time of day; another day starts at 20:00 unit time', async () => {
    const made = await createEvent(
      services,
      admin,
      eventSchema.parse({ name: 'Op Anvil', date: '2030-03-10T23:00:00Z' }),
    )
    expect(made.date).toBe('2030-03-10T19:00:00-04:00')
    const renamed = await updateEvent(
      services,
      admin,
      made.id,
      eventSchema.parse({ name: 'Op Hammer', date: '2030-03-10' }),
    )
    expect(renamed).toMatchObject({ name: 'Op Hammer', date: '2030-03-10T19:00:00-04:00' })
    const moved = await updateEvent(
      services,
      admin,
      made.id,
      eventSchema.parse({ name: 'Op Hammer', date: '2030-03-11', orbat_image_url: '' }),
    )
    // 2030-03-11 20:00 in New York (EDT since 10 March).
    expect(moved).toMatchObject({ date: '2030-03-11T20:00:00-04:00', orbat_image_url: null })
    const audit = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actor_user_id, admin.id))
    expect(audit.map((a) => a.action)).toEqual(['Event added', 'Event updated', 'Event updated'])
  })

  it('an edit that leaves out the ORBAT link keeps it; false unlinks; a new event without it is unlinked', async () => {
    const made = await createEvent(services, admin, eventSchema.parse({ name: 'Op Link', date: '2030-04-01' }))
    expect(made.orbat_linked).toBe(false)
    const linked = await updateEvent(
      services,
      admin,
      made.id,
      eventSchema.parse({ name: 'Op Link', date: '2030-04-01', orbat_linked: true }),
    )
    expect(linked.orbat_linked).toBe(true)
    const renamed = await updateEvent(
      services,
      admin,
      made.id,
      eventSchema.parse({ name: 'Op Linked', date: '2030-04-01' }),
    )
    expect(renamed.orbat_linked).toBe(true)
    const unlinked = await updateEvent(
      services,
      admin,
      made.id,
      eventSchema.parse({ name: 'Op Linked', date: '2030-04-01', orbat_linked: false }),
    )
    expect(unlinked.orbat_linked).toBe(false)
  })

  it('refuses an unknown event and a day that does not exist', async () => {
    await expect(
      updateEvent(services, admin, 999_999, eventSchema.parse({ name: 'Ghost', date: '2030-01-01' })),
    ).rejects.toMatchObject({ status: 404 })
    expect(eventSchema.safeParse({ name: 'Ghost', date: '2030-02-30' }).error?.issues.map((i) => i.message)).toEqual([
      'Please enter a valid date.',
    ])
    expect(await database.db.select().from(events).where(eq(events.name, 'Ghost'))).toEqual([])
  })

  it('the migration moves day-only events (00:00 UTC) to 20:00 of that day in the unit’s zone; others stay', async () => {
    const migration = fs.readFileSync(
      new URL('../../db/migrations/0008_event_start_times.sql', import.meta.url),
      'utf8',
    )
    const insert = (name: string, date: string) => database.db.insert(events).values({ name, date: new Date(date) })
    const run = async () => {
      await database.db.execute(sql.raw(migration))
      return (
        await database.db
          .select({ name: events.name, date: events.date })
          .from(events)
          .where(sql`${events.name} like 'Legacy%'`)
          .orderBy(asc(events.id))
      ).map((e) => [e.name, e.date.toISOString()])
    }
    await insert('Legacy summer', '2030-06-15T00:00:00Z')
    await insert('Legacy winter', '2030-01-15T00:00:00Z')
    await insert('Legacy timed', '2030-06-15T23:00:00Z')
    expect(await run()).toEqual([
      ['Legacy summer', '2030-06-16T00:00:00.000Z'],
      ['Legacy winter', '2030-01-16T01:00:00.000Z'],
      ['Legacy timed', '2030-06-15T23:00:00.000Z'],
    ])
    // With the setting: its zone.
    await database.db.insert(settings).values({ key: 'unit_time_zone', value: 'Europe/Berlin' })
    await insert('Legacy Berlin', '2030-06-15T00:00:00Z')
    expect((await run()).at(-1)).toEqual(['Legacy Berlin', '2030-06-15T18:00:00.000Z'])
  })
})
