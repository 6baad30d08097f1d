import { parseWithZod } from '@conform-to/zod/v4'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FILL_ALL_FIELDS, MISSING_PING_FIELD, pingSchema, SELECT_A_ROLE, type PingInput } from '#contracts/pings.ts'
import { scheduledPings } from '#db/schema/discord.ts'
import { events, trainings } from '#db/schema/roster.ts'
import { settings } from '#db/schema/settings.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { createTestDatabase, type TestDatabase } from '#tests/harness/db.ts'
import type { AppServices } from '../context.ts'
import { auditLog } from '#db/schema/audit.ts'
import { postTrainingToDiscord, schedulePing } from './pings.ts'

// Schedule Ping: the form (a day and a time on the admin's clock) and POST .../ping (an instant) parse with one schema
// and reach one use case; only the form lets an event ping with no role chosen fall back to the event ping role.

let database: TestDatabase
let services: AppServices
let admin: User
let eventId: number
let trainingId: number

beforeAll(async () => {
  database = await createTestDatabase()
  services = { db: database.db } as AppServices
  admin = (await database.db.insert(users).values({ discord_id: '777', username: 'pinger' }).returning())[0]!
  eventId = (
    await database.db
      .insert(events)
      .values({ name: 'Op Anvil', date: new Date('2030-06-15T00:00:00Z') })
      .returning()
  )[0]!.id
  trainingId = (
    await database.db
      .insert(trainings)
      .values({ name: 'Drills', date: new Date('2030-06-15T00:00:00Z') })
      .returning()
  )[0]!.id
})
afterAll(async () => {
  await database?.drop()
})

function formValue(entries: Record<string, string | string[]>): PingInput {
  const form = new FormData()
  for (const [name, value] of Object.entries(entries)) for (const v of [value].flat()) form.append(name, v)
  const submission = parseWithZod(form, { schema: pingSchema })
  if (submission.status !== 'success') throw new Error(JSON.stringify(submission.reply().error))
  return submission.value
}

const formPing = { channelId: '42', date: '2030-06-13', time: '1830', tz: 'America/New_York', messageContent: 'Soon' }

describe('schedulePing', () => {
  it('one message for the form when a field is missing, and each missing field marked; the API’s instant and the form’s wall time both parse', () => {
    const issues = (input: Record<string, string>) =>
      pingSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message])
    expect(issues({ channelId: '42', messageContent: 'x' })).toEqual([
      ['', FILL_ALL_FIELDS],
      ['date', MISSING_PING_FIELD.date],
      ['time', MISSING_PING_FIELD.time],
    ])
    expect(issues({ date: '2030-06-13', time: '18:30' })).toEqual([
      ['', FILL_ALL_FIELDS],
      ['channelId', MISSING_PING_FIELD.channelId],
      ['messageContent', MISSING_PING_FIELD.messageContent],
    ])
    expect(
      pingSchema.safeParse({ channelId: '42', messageContent: 'x', pingTime: '2030-06-13T22:30:00Z' }).success,
    ).toBe(true)
    expect(formValue(formPing)).toMatchObject({ date: '2030-06-13', time: '1830' })
  })

  it('stores the form’s day and time in the admin’s zone; a training needs no role', async () => {
    const ping = await schedulePing(services, admin, 'training', trainingId, formValue(formPing), {
      noRoleMeansDefault: true,
    })
    expect(ping).toMatchObject({ ping_time: '2030-06-13T22:30:00.000Z', roles_to_ping: [], status: 'pending' })
  })

  it('an event with no role: refused from the API, the default role from the form once one is set', async () => {
    const input = formValue(formPing)
    await expect(schedulePing(services, admin, 'event', eventId, input)).rejects.toMatchObject({
      message: SELECT_A_ROLE,
      fields: { rolesToPing: [SELECT_A_ROLE] },
    })
    // No event ping role set: the form cannot fall back either.
    await expect(
      schedulePing(services, admin, 'event', eventId, input, { noRoleMeansDefault: true }),
    ).rejects.toMatchObject({ message: SELECT_A_ROLE })
    await database.db.insert(settings).values({ key: 'event_ping_role_id', value: '910000000000000007' })
    const ping = await schedulePing(services, admin, 'event', eventId, input, { noRoleMeansDefault: true })
    expect(ping.roles_to_ping).toEqual(['default'])
    expect(await database.db.select().from(scheduledPings)).toHaveLength(2)
  })

  it('refuses a time in the past, on the time', async () => {
    const input = pingSchema.parse({
      channelId: '42',
      messageContent: 'x',
      pingTime: '2020-01-01T00:00:00Z',
      rolesToPing: ['default'],
    })
    await expect(schedulePing(services, admin, 'event', eventId, input)).rejects.toMatchObject({
      fields: { pingTime: ['The ping time must be in the future.'] },
    })
  })
})

describe('postTrainingToDiscord', () => {
  const sent: string[] = []
  const discord = {
    within() {
      return this
    },
    sendMessage: (channelId: string, input: { content?: string }) => {
      sent.push(`${channelId}: ${input.content ?? ''}`)
      return Promise.resolve({ ok: true as const, data: { id: '1' } })
    },
  }

  it('posts, then records the post in the audit log', async () => {
    const result = await postTrainingToDiscord({ ...services, discord } as unknown as AppServices, admin, trainingId, {
      channelId: '42',
      cadreRoleIds: ['7'],
    })
    expect(result).toEqual({ message: 'Training posted to Discord.' })
    expect(sent.at(-1)).toContain('**Drills**')
    const entries = await database.db.select().from(auditLog).where(eq(auditLog.action, 'Training posted to Discord'))
    expect(entries.map((e) => e.details)).toEqual(['Drills in channel 42.'])
  })

  it('a post already sent is reported even when its audit entry cannot be written', async () => {
    // An actor that no longer exists: the audit insert fails on its foreign key, after the message went out.
    const gone = { ...admin, id: 2_000_000_000 }
    const before = sent.length
    const result = await postTrainingToDiscord({ ...services, discord } as unknown as AppServices, gone, trainingId, {
      channelId: '43',
      cadreRoleIds: ['7'],
    })
    expect(result).toEqual({ message: 'Training posted to Discord.' })
    expect(sent).toHaveLength(before + 1)
    expect(
      (await database.db.select().from(auditLog).where(eq(auditLog.details, 'Drills in channel 43.'))).length,
    ).toBe(0)
  })
})
