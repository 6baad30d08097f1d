import { z } from 'zod'
import { strictNumber, text } from './fields.ts'
import { normalizeTime, parseDateTime } from './time.ts'
import { canonicalTimeZone, INVALID_TIME_ZONE } from './time-zone.ts'
import { INVALID_LANGUAGE, isLanguageCode } from './languages.ts'
import { LEAVE_MAX_DAYS_LIMIT, LEAVE_MESSAGES } from './leave.ts'
import { INACTIVITY_WEEKS_INVALID, isInactivityWeeks } from './activity.ts'
import { DISCORD_EVENT_DRIFT } from './discord-events.ts'

// Admin Settings (docs/rules/orbat.md, docs/rules/settings.md): one zod schema per form and /api body, used by the
// browser (conform), the settings pages' actions and the /api routes alike, and the JSON shapes of their answers.

/** The settings forms' intents (the pages' actions tell their forms apart by them). */
export const SETTINGS_INTENTS = {
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
  saveTimeZone: 'save-time-zone',
  saveLanguage: 'save-language',
} as const

/** A required name of at most 100 characters, trimmed ("Role name is required."). */
function requiredName(what: string) {
  return text({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(100, `${what} is too long (100 characters at most).`)
}

// --- Signup Time Lock ---------------------------------------------------------------------------------------------

/** The time lock's messages, word for word (docs/rules/orbat.md, The time lock). */
export const TIME_LOCK_REQUIRED = 'Please select a valid month, day, and time.'
export const TIME_LOCK_FORMAT = 'Please enter the time in 24-hour format (HH:mm), e.g., 18:30.'

/** Days per month in a leap year: a day the month can have in some year. */
const MAX_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** The time lock form: a month, day and 24-hour time meant in the admin's zone. */
// NOTE: a check, not a transform, at the root: conform's getZodConstraint refuses a transformed root schema.
export const timeLockSchema = z
  .object({
    month: text().optional(),
    day: text().optional(),
    time: text().optional(),
    // The page's IANA time zone (the admin's, or the unit's when the server does not know it).
    tz: text().max(100).optional(),
  })
  .superRefine((input, ctx) => {
    const month = strictNumber(input.month, true) ?? 0
    const day = strictNumber(input.day, true) ?? 0
    const validDate = month >= 1 && month <= 12 && day >= 1 && day <= MAX_DAYS[month - 1]!
    if (!validDate || !input.time) ctx.addIssue({ code: 'custom', path: [], message: TIME_LOCK_REQUIRED })
    else if (!normalizeTime(input.time)) ctx.addIssue({ code: 'custom', path: ['time'], message: TIME_LOCK_FORMAT })
  })

/** The checked form as numbers (month, day, hour, minute) and a zone. */
export function timeLockValue(input: z.output<typeof timeLockSchema>): TimeLockInput {
  const [hour, minute] = normalizeTime(input.time ?? '')!
    .split(':')
    .map(Number) as [number, number]
  return {
    month: strictNumber(input.month, true)!,
    day: strictNumber(input.day, true)!,
    hour,
    minute,
    tz: input.tz?.trim() || 'UTC',
  }
}
export interface TimeLockInput {
  month: number
  day: number
  hour: number
  minute: number
  tz: string
}

// --- Eligible roles (/api/admin/waitlist-roles) -------------------------------------------------------------------

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0', '']), z.null()], {
    error: 'Must be true or false.',
  })
  .optional()
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1')

/** Add or edit an eligible role (the form's hidden `id`, or the URL's, says which role an edit is for). */
export const eligibleRoleSchema = z.object({
  role_name: requiredName('Role name'),
  // A comma list typed by hand, or several ticked roles (one value each).
  // NOTE: joined before the check rather than a union, whose error would hide the field's own (a NUL byte).
  role_id: z
    .preprocess(
      (v) => (Array.isArray(v) && v.every((id) => typeof id === 'string') ? v.join(',') : v),
      text({ error: 'Role ID(s) are required.' }),
    )
    .transform((v) =>
      v
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    )
    .refine((ids) => ids.length > 0, 'Role ID(s) are required.')
    .refine(
      (ids) => ids.every((id) => /^\d{1,25}$/.test(id)),
      'Role IDs must be Discord ids (digits), separated by commas.',
    )
    .refine((ids) => ids.length <= 50, 'Too many role IDs.')
    .transform((ids) => [...new Set(ids)].join(',')),
  can_join_general_waitlist: flag,
})
export type EligibleRoleInput = z.output<typeof eligibleRoleSchema>

export interface EligibleRoleItem {
  id: number
  role_name: string
  /** Comma-separated Discord role ids. */
  role_id: string
  can_join_general_waitlist: boolean
}

// --- ORBAT presets (/api/admin/orbat/presets) ---------------------------------------------------------------------

/** Save the current layout as a preset, or rename one. */
export const presetNameSchema = z.object({ name: requiredName('Preset name') })
export type PresetNameInput = z.output<typeof presetNameSchema>

export interface PresetItem {
  id: number
  name: string
}

// --- Platoons (/api/admin/platoons) -------------------------------------------------------------------------------

/** Add New Platoon. */
export const platoonSchema = z.object({
  name: requiredName('Platoon name'),
  discord_role_id: text({ error: 'Discord role ID is required.' })
    .trim()
    .min(1, 'Discord role ID is required.')
    .regex(/^\d{1,25}$/, 'The Discord role ID must contain digits only.'),
})
export type PlatoonInput = z.output<typeof platoonSchema>

export interface PlatoonItem {
  id: number
  name: string
  discord_role_id: string
}

/**
 * Known setting keys. signup_time is an ISO date-time ('' when cleared); unit_time_zone an IANA zone ('' = the
 * default, America/New_York); leave_max_days a whole number of days ('' = the default, 90);
 * recruitment_cooldown_days a whole number of days ('' = the default, 30); orbat_history_days how many days ORBAT
 * versions are kept (1 to 3650; '' = the default, 365); inactivity_weeks a whole number of weeks ('' = the default,
 * 3); discord_events_default 'true' or '' (new events and trainings are published on Discord, or not);
 * discord_events_location a place name ('' = "Task Force HQ"); discord_events_drift 'recreate' or 'unlink' ('' =
 * recreate); discord_events_channel_id a voice channel ('' = an external event at the location); the rest are Discord
 * ids ('' = unset).
 */
export const SETTING_KEYS = [
  'signup_time',
  'unit_time_zone',
  'unit_language',
  'promotion_channel_id',
  'event_ping_role_id',
  'squad_channel_category_id',
  'milsim_role_id',
  'orbat_activity_channel_id',
  'leave_max_days',
  'leave_channel_id',
  'leave_role_id',
  'recruitment_channel_id',
  'recruitment_cooldown_days',
  'orbat_history_days',
  'inactivity_weeks',
  'activity_digest_channel_id',
  'admin_channel_id',
  'discord_events_default',
  'discord_events_location',
  'discord_events_drift',
  'discord_events_channel_id',
] as const
export type SettingKey = (typeof SETTING_KEYS)[number]

/**
 * The settings that are not the Discord page's Global Settings (those are Discord ids chosen by name). The scheduled
 * events' settings have their own form on the Discord page; discord_events_channel_id is a Discord id all the same.
 */
export const NON_DISCORD_SETTING_KEYS = [
  'signup_time',
  'unit_time_zone',
  'unit_language',
  'leave_max_days',
  'recruitment_cooldown_days',
  'orbat_history_days',
  'inactivity_weeks',
  'discord_events_default',
  'discord_events_location',
  'discord_events_drift',
  'discord_events_channel_id',
] as const

/** Days a rejected applicant waits before applying again when recruitment_cooldown_days is unset. */
export const DEFAULT_RECRUITMENT_COOLDOWN_DAYS = 30
export const RECRUITMENT_COOLDOWN_LIMIT = 365
export const COOLDOWN_INVALID = `The cooldown must be a whole number of days from 0 to ${RECRUITMENT_COOLDOWN_LIMIT}.`

/** A value of recruitment_cooldown_days: a whole number of days from 0 to RECRUITMENT_COOLDOWN_LIMIT. */
export function isCooldownDays(value: string): boolean {
  return /^\d{1,3}$/.test(value) && Number(value) <= RECRUITMENT_COOLDOWN_LIMIT
}

/** A value of leave_max_days: a whole number of days from 1 to LEAVE_MAX_DAYS_LIMIT ('' is the default, checked apart). */
export function isLeaveMaxDays(value: string): boolean {
  if (!/^\d{1,3}$/.test(value)) return false
  const days = Number(value)
  return days >= 1 && days <= LEAVE_MAX_DAYS_LIMIT
}

/** The leave settings form on General: the longest leave a member may ask for, in days. */
export const leaveMaxDaysSchema = z.object({
  leave_max_days: text({ error: LEAVE_MESSAGES.maxDaysInvalid })
    .trim()
    .refine(isLeaveMaxDays, LEAVE_MESSAGES.maxDaysInvalid)
    .transform((v) => String(Number(v))),
})

/** A value of orbat_history_days: whole days from 1 to 3650. */
export function isHistoryDays(value: string): boolean {
  return /^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= 3650
}
export const HISTORY_DAYS_INVALID = 'Keep ORBAT versions for 1 to 3650 days.'

/** PUT /api/admin/settings: {key, value}; the value trimmed, checked by its key, a lock time stored as ISO UTC. */
const DISCORD_ID = /^\d{1,25}$/

export const settingInputSchema = z
  .object({
    key: z.enum(SETTING_KEYS, { error: `Unknown setting. Use one of: ${SETTING_KEYS.join(', ')}.` }),
    value: text({ error: 'The value must be a string.' })
      .nullable()
      .optional()
      .transform((v) => (v ?? '').trim()),
  })
  .superRefine((input, ctx) => {
    if (input.value.length > 100) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'The value is too long.' })
    } else if (input.key === 'signup_time') {
      if (input.value !== '' && !parseDateTime(input.value)) {
        ctx.addIssue({
          code: 'custom',
          path: ['value'],
          message: 'The sign-up time must be an ISO date-time (e.g. 2026-05-01T18:30:00Z) or empty.',
        })
      }
    } else if (input.key === 'unit_time_zone') {
      if (input.value !== '' && !canonicalTimeZone(input.value))
        ctx.addIssue({ code: 'custom', path: ['value'], message: INVALID_TIME_ZONE })
    } else if (input.key === 'unit_language') {
      if (input.value !== '' && !isLanguageCode(input.value))
        ctx.addIssue({ code: 'custom', path: ['value'], message: INVALID_LANGUAGE })
    } else if (input.key === 'leave_max_days') {
      if (input.value !== '' && !isLeaveMaxDays(input.value))
        ctx.addIssue({ code: 'custom', path: ['value'], message: LEAVE_MESSAGES.maxDaysInvalid })
    } else if (input.key === 'recruitment_cooldown_days') {
      if (input.value !== '' && !isCooldownDays(input.value))
        ctx.addIssue({ code: 'custom', path: ['value'], message: COOLDOWN_INVALID })
    } else if (input.key === 'orbat_history_days') {
      if (input.value !== '' && !isHistoryDays(input.value))
        ctx.addIssue({ code: 'custom', path: ['value'], message: HISTORY_DAYS_INVALID })
    } else if (input.key === 'inactivity_weeks') {
      if (input.value !== '' && !isInactivityWeeks(input.value))
        ctx.addIssue({ code: 'custom', path: ['value'], message: INACTIVITY_WEEKS_INVALID })
    } else if (input.key === 'discord_events_default') {
      if (!['', 'true', 'false'].includes(input.value))
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'Must be true or false.' })
    } else if (input.key === 'discord_events_drift') {
      if (input.value !== '' && !(DISCORD_EVENT_DRIFT as readonly string[]).includes(input.value))
        ctx.addIssue({ code: 'custom', path: ['value'], message: `Must be one of: ${DISCORD_EVENT_DRIFT.join(', ')}.` })
    } else if (input.key === 'discord_events_location') {
      // Any place name of at most 100 characters (checked above).
    } else if (input.value !== '' && !DISCORD_ID.test(input.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A Discord id must contain digits only.' })
    }
  })
  .transform((input) => ({ key: input.key, value: canonicalValue(input.key, input.value) }))
export type SettingInput = z.output<typeof settingInputSchema>

/** A lock time stored as ISO UTC, a zone by its canonical name. */
function canonicalValue(key: SettingKey, value: string): string {
  if (!value) return value
  if (key === 'signup_time') return parseDateTime(value)!.toISOString()
  if (key === 'unit_time_zone') return canonicalTimeZone(value)!
  if (key === 'discord_events_default') return value === 'true' ? 'true' : ''
  const counts: SettingKey[] = ['leave_max_days', 'recruitment_cooldown_days', 'orbat_history_days', 'inactivity_weeks']
  if (counts.includes(key)) return String(Number(value))
  return value
}
