import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventSchema } from '#contracts/events.ts'
import { auditLog } from '#db/schema/audit.ts'
import { events } from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'
import type { AppServices } from '../context.ts'
import { createEvent, updateEvent } from './events.ts'

// The Events tab edits an event's day; the JSON API may send a date-time. Both go through these use cases.

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
  it('an edit that keeps the day keeps the time of day; another day starts at midnight UTC', async () => {
    const made = await createEvent(services, admin, eventSchema.parse({ name: 'Op Anvil', date: '2030-03-10T23:00:00Z' }))
    expect(made.date).toBe('2030-03-10T23:00:00.000Z')
    const renamed = await updateEvent(services, admin, made.id, eventSchema.parse({ name: 'Op Hammer', date: '2030-03-10' }))
    expect(renamed).toMatchObject({ name: 'Op Hammer', date: '2030-03-10T23:00:00.000Z' })
    const moved = await updateEvent(services, admin, made.id, eventSchema.parse({ name: 'Op Hammer', date: '2030-03-11', orbat_image_url: '' }))
    expect(moved).toMatchObject({ date: '2030-03-11T00:00:00.000Z', orbat_image_url: null })
    const audit = await database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actor_user_id, admin.id))
    expect(audit.map((a) => a.action)).toEqual(['Event added', 'Event updated', 'Event updated'])
  })

  it('refuses an unknown event and a day that does not exist', async () => {
    await expect(updateEvent(services, admin, 999_999, eventSchema.parse({ name: 'Ghost', date: '2030-01-01' }))).rejects.toMatchObject({ status: 404 })
    expect(eventSchema.safeParse({ name: 'Ghost', date: '2030-02-30' }).error?.issues.map((i) => i.message)).toEqual(['Please enter a valid date.'])
    expect(await database.db.select().from(events).where(eq(events.name, 'Ghost'))).toEqual([])
  })
})
