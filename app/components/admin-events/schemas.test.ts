import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import * as pings from '#server/discord/pings.ts'
import { packetInputSchema } from '#server/library/library.ts'
import { eventInputSchema } from '#server/roster/events.ts'
import {
  DEFAULT_EXCLUSIVE,
  eventFormSchema,
  FILL_ALL_FIELDS,
  packetFormSchema,
  pingFormSchema,
  POST_TRAINING_NEEDS,
  postTrainingFormSchema,
  SELECT_A_ROLE,
  TIME_FORMAT_SUBMIT,
  trainingFormSchema,
} from './schemas.ts'
import { wallTimeToIso } from './respond.server.ts'

// The forms' schemas repeat the services' rules (the services cannot reach the client bundle): the messages the spec
// fixes must match, and what a form accepts the service must accept too.

function form(entries: Record<string, string | string[]>) {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) for (const v of [value].flat()) data.append(name, v)
  return data
}

function errorsOf(schema: Parameters<typeof parseWithZod>[1]['schema'], entries: Record<string, string | string[]>) {
  const submission = parseWithZod(form(entries), { schema })
  return submission.status === 'success' ? null : submission.reply().error
}

describe('admin events form schemas', () => {
  it('uses the services\u2019 messages for pings and posts', () => {
    expect(FILL_ALL_FIELDS).toBe(pings.FILL_ALL_FIELDS)
    expect(SELECT_A_ROLE).toBe(pings.SELECT_A_ROLE)
    expect(POST_TRAINING_NEEDS).toBe(pings.POST_TRAINING_NEEDS)
  })

  it('Schedule Ping: one form-level message for missing fields, then the time format and the exclusive default', () => {
    expect(errorsOf(pingFormSchema, { date: '2030-01-01', time: '20:00', messageContent: 'x' })).toEqual({ '': [FILL_ALL_FIELDS] })
    expect(errorsOf(pingFormSchema, { channelId: '1', date: '2030-01-01', time: '25:00', messageContent: 'x' })).toEqual({ time: [TIME_FORMAT_SUBMIT] })
    expect(errorsOf(pingFormSchema, { channelId: '1', date: '2030-01-01', time: '2000', messageContent: 'x', rolesToPing: ['default', '5'] })).toEqual({
      rolesToPing: [DEFAULT_EXCLUSIVE],
    })
    expect(errorsOf(pingFormSchema, { channelId: '1', date: '2030-01-01', time: '20:00', messageContent: 'x', rolesToPing: 'default' })).toBeNull()
  })

  it('Training: name, a real date and a 24-hour time', () => {
    expect(errorsOf(trainingFormSchema, { name: ' ', date: '2030-02-30', time: '7' })).toEqual({
      name: ['Training name is required.'],
      date: ['Please enter a valid date.'],
      time: [TIME_FORMAT_SUBMIT],
    })
    expect(errorsOf(trainingFormSchema, { name: 'CQB', date: '2030-02-28', time: '930' })).toBeNull()
  })

  it('Event and library forms accept only what the services accept', () => {
    for (const input of [
      { name: 'Op', date: '2030-01-01' },
      { name: 'Op', date: '2030-01-01', orbat_image_url: 'https://x.test/a.png' },
      { name: 'Op', date: '2030-01-01', orbat_image_url: 'javascript:alert(1)' },
    ]) {
      expect(eventFormSchema.safeParse(input).success).toBe(eventInputSchema.safeParse(input).success)
    }
    for (const input of [
      { name: 'SOP', google_doc_url: 'https://docs.google.com/d/1' },
      { name: 'SOP', google_doc_url: 'ftp://docs.google.com/d/1' },
      { name: 'SOP', google_doc_url: 'docs.google.com' },
    ]) {
      const mine = packetFormSchema.safeParse(input)
      const theirs = packetInputSchema.safeParse(input)
      expect(mine.success).toBe(theirs.success)
      if (!mine.success && !theirs.success) expect(mine.error.issues[0]?.message).toBe(theirs.error.issues[0]?.message)
    }
    expect(postTrainingFormSchema.safeParse({ channelId: '1', cadreRoleIds: [] }).error?.issues[0]?.message).toBe(POST_TRAINING_NEEDS)
  })

  it('turns the admin\u2019s wall time into an instant', () => {
    expect(wallTimeToIso('2030-06-14', '19:00', 'America/New_York')).toBe('2030-06-14T23:00:00.000Z')
    expect(wallTimeToIso('2030-01-14', '19:00', 'America/New_York')).toBe('2030-01-15T00:00:00.000Z')
    expect(wallTimeToIso('2030-01-14', '19:00', undefined)).toBe('2030-01-14T19:00:00.000Z')
    expect(wallTimeToIso('2030-01-14', '19:00', 'Mars/Olympus')).toBeNull()
  })
})
