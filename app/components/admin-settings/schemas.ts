import { z } from 'zod'

// One zod schema per Admin Settings form (STYLE.md 2), used by the browser (conform) and by the settings actions.
// The field rules and messages are the services' own (server/waitlist/eligible-roles.ts, server/orbat/platoons.ts,
// server/orbat/presets.ts); those files cannot reach the client bundle, so schemas.test.ts checks that both agree.

export const INTENTS = {
  setLock: 'set-lock',
  clearLock: 'clear-lock',
  saveRole: 'save-role',
  deleteRole: 'delete-role',
  purgeWaitlist: 'purge-waitlist',
  savePreset: 'save-preset',
  renamePreset: 'rename-preset',
  deletePreset: 'delete-preset',
  createPlatoon: 'create-platoon',
  deletePlatoon: 'delete-platoon',
} as const

/** Spec 1 §5: the time lock's messages, word for word. */
export const TIME_LOCK_REQUIRED = 'Please select a valid month, day, and time.'
export const TIME_LOCK_FORMAT = 'Please enter the time in 24-hour format (HH:mm), e.g., 18:30.'

/**
 * A typed or pasted time in 24-hour HH:mm: 3 or 4 digits (930, 1830) or H:mm / HH:mm. Null when it is not a time
 * (hours 0-23, minutes 00-59).
 */
export function normalizeTime(input: string): string | null {
  const text = input.trim()
  const digits = /^\d{3,4}$/.test(text) ? text.padStart(4, '0') : /^(\d{1,2}):(\d{2})$/.test(text) ? text.replace(':', '').padStart(4, '0') : null
  if (!digits) return null
  const hours = Number(digits.slice(0, 2))
  const minutes = Number(digits.slice(2))
  if (hours > 23 || minutes > 59) return null
  return `${digits.slice(0, 2)}:${digits.slice(2)}`
}

/** What the time field shows while typing: digits only, up to 4, with the colon inserted after the hours. */
export function maskTimeInput(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}:${digits.slice(2)}` : digits
}

/** Days per month in a leap year: a day the month can have in some year. */
const MAX_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

// NOTE: a check, not a transform, at the root: conform's getZodConstraint refuses a transformed root schema.
export const timeLockSchema = z
  .object({
    month: z.string().optional(),
    day: z.string().optional(),
    time: z.string().optional(),
    // The admin's IANA time zone (from the browser); 'UTC' without JavaScript.
    tz: z.string().optional(),
  })
  .superRefine((input, ctx) => {
    const month = Number(input.month)
    const day = Number(input.day)
    const validDate = Number.isInteger(month) && month >= 1 && month <= 12 && Number.isInteger(day) && day >= 1 && day <= MAX_DAYS[month - 1]!
    if (!validDate || !input.time) ctx.addIssue({ code: 'custom', path: [], message: TIME_LOCK_REQUIRED })
    else if (!normalizeTime(input.time)) ctx.addIssue({ code: 'custom', path: ['time'], message: TIME_LOCK_FORMAT })
  })

/** The checked form as numbers (month, day, hour, minute) and a zone. */
export function timeLockValue(input: z.output<typeof timeLockSchema>) {
  const [hour, minute] = normalizeTime(input.time ?? '')!.split(':').map(Number) as [number, number]
  return { month: Number(input.month), day: Number(input.day), hour, minute, tz: input.tz?.trim() || 'UTC' }
}
export type TimeLockInput = ReturnType<typeof timeLockValue>

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0', '']), z.null()], { error: 'Must be true or false.' })
  .optional()
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1')

/** Add/edit an eligible role; `id` is set in Edit mode. */
export const roleFormSchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  role_name: z
    .string({ error: 'Role name is required.' })
    .trim()
    .min(1, 'Role name is required.')
    .max(100, 'Role name is too long (100 characters at most).'),
  role_id: z
    .string({ error: 'Role ID(s) are required.' })
    .transform((v) => v.split(',').map((id) => id.trim()).filter(Boolean))
    .refine((ids) => ids.length > 0, 'Role ID(s) are required.')
    .refine((ids) => ids.every((id) => /^\d{1,25}$/.test(id)), 'Role IDs must be Discord ids (digits), separated by commas.')
    .refine((ids) => ids.length <= 50, 'Too many role IDs.')
    .transform((ids) => [...new Set(ids)].join(',')),
  can_join_general_waitlist: flag,
})

const presetName = z
  .string({ error: 'Preset name is required.' })
  .trim()
  .min(1, 'Preset name is required.')
  .max(100, 'Preset name is too long (100 characters at most).')

/** Save the current layout as a preset. */
export const savePresetSchema = z.object({ name: presetName })

/** Rename a preset. */
export const renamePresetSchema = z.object({ id: z.coerce.number().int().positive(), name: presetName })

/** Add New Platoon. */
export const platoonFormSchema = z.object({
  name: z.string({ error: 'Platoon name is required.' }).trim().min(1, 'Platoon name is required.').max(100, 'Platoon name is too long (100 characters at most).'),
  discord_role_id: z
    .string({ error: 'Discord role ID is required.' })
    .trim()
    .min(1, 'Discord role ID is required.')
    .regex(/^\d{1,25}$/, 'The Discord role ID must contain digits only.'),
})
