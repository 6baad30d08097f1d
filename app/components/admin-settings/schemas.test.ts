import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { platoonInputSchema } from '#server/orbat/platoons.ts'
import { presetNameSchema } from '#server/orbat/presets.ts'
import { eligibleRoleInputSchema } from '#server/waitlist/eligible-roles.ts'
import {
  maskTimeInput,
  normalizeTime,
  platoonFormSchema,
  renamePresetSchema,
  roleFormSchema,
  savePresetSchema,
  TIME_LOCK_FORMAT,
  TIME_LOCK_REQUIRED,
  timeLockSchema,
  timeLockValue,
} from './schemas.ts'

// The settings forms' schemas repeat the services' rules (the services cannot reach the client bundle): both must
// accept the same input, give the same output and the same first message.

function outcome(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input)
  return result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0]?.message }
}

const roleInputs = [
  { role_name: 'Rifleman', role_id: '111', can_join_general_waitlist: 'on' },
  { role_name: '  Medic ', role_id: ' 222 , 333,222 ,', can_join_general_waitlist: undefined },
  { role_name: '', role_id: '111' },
  { role_name: undefined, role_id: '111' },
  { role_name: 'Pilot', role_id: '' },
  { role_name: 'Pilot', role_id: undefined },
  { role_name: 'Pilot', role_id: '12a' },
  { role_name: 'x'.repeat(101), role_id: '1' },
]

describe('form schemas agree with the services', () => {
  it.each(roleInputs)('eligible role %#', (input) => {
    const form = outcome(roleFormSchema, input)
    const service = outcome(eligibleRoleInputSchema, input)
    expect(form).toEqual(service)
  })

  it.each([{ name: 'Alpha layout' }, { name: '  spaced  ' }, { name: '   ' }, { name: undefined }, { name: 'y'.repeat(101) }])(
    'preset name %#',
    (input) => expect(outcome(savePresetSchema, input)).toEqual(outcome(presetNameSchema, input)),
  )

  it.each([
    { name: '1st Platoon', discord_role_id: '123' },
    { name: ' ', discord_role_id: '123' },
    { name: undefined, discord_role_id: '123' },
    { name: '2nd', discord_role_id: '' },
    { name: '2nd', discord_role_id: 'abc' },
  ])('platoon %#', (input) => expect(outcome(platoonFormSchema, input)).toEqual(outcome(platoonInputSchema, input)))
})

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
    expect(timeLockValue(timeLockSchema.parse(berlin))).toEqual({ month: 5, day: 1, hour: 18, minute: 30, tz: 'Europe/Berlin' })
    expect(timeLockValue(timeLockSchema.parse({ month: '5', day: '1', time: '930' }))).toEqual({ month: 5, day: 1, hour: 9, minute: 30, tz: 'UTC' })
    expect(outcome(timeLockSchema, { month: '5', day: '1' })).toEqual({ ok: false, message: TIME_LOCK_REQUIRED })
    expect(outcome(timeLockSchema, { month: '13', day: '1', time: '10:00' })).toEqual({ ok: false, message: TIME_LOCK_REQUIRED })
    expect(outcome(timeLockSchema, { month: '4', day: '31', time: '10:00' })).toEqual({ ok: false, message: TIME_LOCK_REQUIRED })
    expect(outcome(timeLockSchema, { month: '5', day: '1', time: '25:00' })).toEqual({ ok: false, message: TIME_LOCK_FORMAT })
  })
})

describe('constraints', () => {
  it('conform can read every form schema', async () => {
    const { getZodConstraint } = await import('@conform-to/zod/v4')
    for (const schema of [timeLockSchema, roleFormSchema, savePresetSchema, renamePresetSchema, platoonFormSchema]) expect(() => getZodConstraint(schema)).not.toThrow()
  })
})
