import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  eligibleRoleSchema,
  platoonSchema,
  presetNameSchema,
  TIME_LOCK_FORMAT,
  TIME_LOCK_REQUIRED,
  timeLockSchema,
  timeLockValue,
} from './settings.ts'
import { maskTimeInput, normalizeTime } from './time.ts'

function outcome(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input)
  return result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0]?.message }
}

describe('time lock form', () => {
  it('normalises 3-4 digits and HH:mm, and refuses the rest', () => {
    expect(normalizeTime('930')).toBe('09:30')
    expect(normalizeTime('1830')).toBe('18:30')
    expect(normalizeTime('9:05')).toBe('09:05')
    expect(normalizeTime('00:00')).toBe('00:00')
    expect(normalizeTime('2400')).toBeNull()
    expect(normalizeTime('1860')).toBeNull()
    expect(normalizeTime('12')).toBeNull()
    expect(normalizeTime('ab:cd')).toBeNull()
  })

  it('keeps digits only, up to 4, with the colon after the hours', () => {
    expect(maskTimeInput('1')).toBe('1')
    expect(maskTimeInput('18')).toBe('18')
    expect(maskTimeInput('183')).toBe('18:3')
    expect(maskTimeInput('18:305')).toBe('18:30')
    expect(maskTimeInput('1a8b3c0')).toBe('18:30')
  })

  it('asks for month, day and time, then for a 24-hour time', () => {
    const berlin = { month: '5', day: '1', time: '18:30', tz: 'Europe/Berlin' }
    expect(outcome(timeLockSchema, berlin)).toEqual({ ok: true, value: berlin })
    expect(timeLockValue(timeLockSchema.parse(berlin))).toEqual({
      month: 5,
      day: 1,
      hour: 18,
      minute: 30,
      tz: 'Europe/Berlin',
    })
    expect(timeLockValue(timeLockSchema.parse({ month: '5', day: '1', time: '930' }))).toEqual({
      month: 5,
      day: 1,
      hour: 9,
      minute: 30,
      tz: 'UTC',
    })
    expect(outcome(timeLockSchema, { month: '5', day: '1' })).toEqual({ ok: false, message: TIME_LOCK_REQUIRED })
    expect(outcome(timeLockSchema, { month: '13', day: '1', time: '10:00' })).toEqual({
      ok: false,
      message: TIME_LOCK_REQUIRED,
    })
    expect(outcome(timeLockSchema, { month: '4', day: '31', time: '10:00' })).toEqual({
      ok: false,
      message: TIME_LOCK_REQUIRED,
    })
    expect(outcome(timeLockSchema, { month: '5', day: '1', time: '25:00' })).toEqual({
      ok: false,
      message: TIME_LOCK_FORMAT,
    })
  })
})

describe('eligible role', () => {
  it('trims the name, and cleans and de-duplicates the role ids', () => {
    expect(
      outcome(eligibleRoleSchema, {
        role_name: '  Medic ',
        role_id: ' 222 , 333,222 ,',
        can_join_general_waitlist: 'on',
      }),
    ).toEqual({
      ok: true,
      value: { role_name: 'Medic', role_id: '222,333', can_join_general_waitlist: true },
    })
    expect(outcome(eligibleRoleSchema, { role_name: 'Pilot', role_id: '' })).toEqual({
      ok: false,
      message: 'Role ID(s) are required.',
    })
    // The role picker's checkboxes post one value per ticked role: the same comma list is saved.
    expect(outcome(eligibleRoleSchema, { role_name: 'Medic', role_id: ['222', '333', '222'] })).toEqual({
      ok: true,
      value: { role_name: 'Medic', role_id: '222,333', can_join_general_waitlist: false },
    })
    expect(outcome(eligibleRoleSchema, { role_name: 'Pilot' })).toEqual({
      ok: false,
      message: 'Role ID(s) are required.',
    })
    expect(outcome(eligibleRoleSchema, { role_name: 'Pilot', role_id: '12a' })).toEqual({
      ok: false,
      message: 'Role IDs must be Discord ids (digits), separated by commas.',
    })
  })
})

describe('constraints', () => {
  it('conform can read every form schema', async () => {
    const { getZodConstraint } = await import('@conform-to/zod/v4')
    for (const schema of [timeLockSchema, eligibleRoleSchema, presetNameSchema, platoonSchema])
      expect(() => getZodConstraint(schema)).not.toThrow()
  })
})
