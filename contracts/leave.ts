import { z } from 'zod'
import { requiredText, text } from './fields.ts'
import { LEAVE_STATUSES } from './personnel-kinds.ts'
import { isCalendarDay } from './time.ts'

// Leave of absence (docs/rules/personnel.md, Leave of absence): the member's request form on /account and its JSON
// twin (POST /api/loa), an admin's denial, the list filter of GET /api/loa and the Leave tab, the JSON shape of a
// leave, and the texts people read, word for word.

/** A leave may start this many days before today (people often file after they went quiet). */
export const LEAVE_PAST_DAYS = 7
/** The longest leave when the setting leave_max_days is unset, and the most it may be set to. */
export const DEFAULT_LEAVE_MAX_DAYS = 90
export const LEAVE_MAX_DAYS_LIMIT = 365
export const LEAVE_REASON_MAX = 500

/** Requests one member may have waiting for an admin at once. */
export const LEAVE_MAX_PENDING = 3

export const LEAVE_MESSAGES = {
  requested: 'Leave requested. An admin will review it.',
  withdrawn: 'Leave request withdrawn.',
  approved: 'Leave approved.',
  denied: 'Leave denied.',
  ended: 'Leave ended.',
  startRequired: 'Please enter the first day of your leave.',
  endRequired: 'Please enter the last day of your leave.',
  invalidDate: 'Please enter a valid date (YYYY-MM-DD).',
  endBeforeStart: 'The last day cannot be before the first day.',
  tooLong: (maxDays: number) => `A leave can last at most ${maxDays} days.`,
  startTooEarly: `A leave can start at most ${LEAVE_PAST_DAYS} days ago.`,
  reasonRequired: 'Please give a reason for your leave.',
  reasonTooLong: `The reason is limited to ${LEAVE_REASON_MAX} characters.`,
  denyReasonRequired: 'Please give a reason for the denial.',
  notOnRoster: 'You need to be on the company roster to ask for leave.',
  banned: 'Banned members cannot ask for leave.',
  tooManyPending: `You already have ${LEAVE_MAX_PENDING} requests waiting for an admin. Wait for a decision, or withdraw one first.`,
  overlap: (start: string, end: string) =>
    `You already have a leave from ${start} to ${end} that overlaps these days. Withdraw or end it first.`,
  notFound: 'Leave not found.',
  notYours: 'You can only change your own leave.',
  notPending: (phase: string) => `Only a pending request can be approved or denied: this one is ${phase}.`,
  withdrawNotPending: (phase: string) => `Only a pending request can be withdrawn: this one is ${phase}.`,
  endNotApproved: (phase: string) => `Only an approved leave can be ended: this one is ${phase}.`,
  alreadyEnded: 'This leave has already been ended.',
  alreadyOver: 'This leave is already over.',
  maxDaysInvalid: `The longest leave must be a whole number of days from 1 to ${LEAVE_MAX_DAYS_LIMIT}.`,
  maxDaysSaved: 'Leave settings saved.',
  requestFailed: 'Could not save the leave request.',
  loadFailed: 'Could not load leave requests: An error occurred.',
} as const

/** The page forms' intents (/account and the Leave tab tell their forms apart by them). */
export const LEAVE_INTENTS = {
  request: 'request-leave',
  withdraw: 'withdraw-leave',
  end: 'end-leave',
  approve: 'approve-leave',
  deny: 'deny-leave',
  saveMaxDays: 'save-leave-max-days',
} as const

const DAY_MS = 86_400_000

/** A calendar day moved by whole days (YYYY-MM-DD in, YYYY-MM-DD out; no time zone involved). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
}

/** The days from the first to the last, both included (1 for a one-day leave). */
export function daysInclusive(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / DAY_MS) + 1
}

/** A calendar day (YYYY-MM-DD) that exists, within the years dates may take (contracts/time.ts). */
const day = (required: string) =>
  text({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine(isCalendarDay, LEAVE_MESSAGES.invalidDate)

/**
 * POST /api/loa and the account page's form: the first and last day of the leave (calendar days in the unit's time
 * zone) and a reason. How far back it may start and how long it may last are checked by the use case, which knows the
 * unit's today and the setting leave_max_days.
 */
// NOTE: a check, not a transform, at the root: conform's getZodConstraint refuses a transformed root schema.
export const leaveRequestSchema = z
  .object({
    start_date: day(LEAVE_MESSAGES.startRequired),
    end_date: day(LEAVE_MESSAGES.endRequired),
    reason: requiredText(LEAVE_MESSAGES.reasonRequired, LEAVE_REASON_MAX, LEAVE_MESSAGES.reasonTooLong),
  })
  .superRefine((input, ctx) => {
    // Only two real days compare (a bad day already has its own message).
    if (isCalendarDay(input.start_date) && isCalendarDay(input.end_date) && input.end_date < input.start_date)
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: LEAVE_MESSAGES.endBeforeStart })
  })
export type LeaveRequestInput = z.output<typeof leaveRequestSchema>

/** POST /api/loa/{id}/deny and the Leave tab's Deny dialog. */
export const leaveDenySchema = z.object({
  reason: requiredText(LEAVE_MESSAGES.denyReasonRequired, LEAVE_REASON_MAX, LEAVE_MESSAGES.reasonTooLong),
})
export type LeaveDenyInput = z.output<typeof leaveDenySchema>

/** The Leave tab's and GET /api/loa's filter: a stored status, or `active` (approved and on leave today). */
export const LEAVE_FILTERS = ['pending', 'approved', 'denied', 'active'] as const
export type LeaveFilter = (typeof LEAVE_FILTERS)[number]

export const leaveListQuerySchema = z.object({
  status: z.enum(LEAVE_FILTERS, { error: `status must be one of: ${LEAVE_FILTERS.join(', ')}.` }).optional(),
})

/**
 * Where a leave stands today (in the unit's zone): pending, denied and withdrawn as stored; an approved leave is
 * upcoming, active (from its first day to its last), over (after its last day) or ended_early (ended before its last
 * day: from that moment it is no longer active).
 */
export const LEAVE_PHASES = ['pending', 'upcoming', 'active', 'over', 'ended_early', 'denied', 'withdrawn'] as const
export type LeavePhase = (typeof LEAVE_PHASES)[number]

/** How a phase reads in a sentence and on a badge. */
export const LEAVE_PHASE_LABELS: Record<LeavePhase, string> = {
  pending: 'pending',
  upcoming: 'approved',
  active: 'on leave',
  over: 'over',
  ended_early: 'ended early',
  denied: 'denied',
  withdrawn: 'withdrawn',
}

const isoDay = z.iso.date().meta({ description: 'A calendar day (YYYY-MM-DD) in the unit time zone.' })
const instant = z.iso.datetime().nullable()

/** A leave as GET /api/loa and every leave call answer it. */
export const leaveItemSchema = z
  .object({
    id: z.int(),
    member_id: z.int(),
    member_name: text(),
    start_date: isoDay,
    end_date: isoDay.meta({ description: 'The last planned day, included (also when the leave was ended early).' }),
    days: z.int().meta({ description: 'Planned days, the first and last included.' }),
    reason: text(),
    status: z.enum(LEAVE_STATUSES),
    phase: z.enum(LEAVE_PHASES).meta({ description: 'Where the leave stands today in the unit time zone.' }),
    created_at: z.iso.datetime(),
    decided_at: instant,
    decided_by: text().nullable().meta({ description: 'The admin who approved or denied it.' }),
    deny_reason: text().nullable(),
    ended_at: instant.meta({ description: 'When it was ended early; it stopped being active at that moment.' }),
    ended_by: text().nullable(),
  })
  .meta({ id: 'Leave' })
export type LeaveItem = z.output<typeof leaveItemSchema>

export const leaveAnswerSchema = z.object({ leave: leaveItemSchema })
export const leaveListSchema = z.object({ leaves: z.array(leaveItemSchema) })

/** What /account shows of the member's leave: whether they may ask, the limits, and their requests. */
export interface AccountLeaveData {
  /** Why this person cannot ask for leave (not on the roster, banned), or null. */
  refusal: string | null
  leaves: LeaveItem[]
  maxDays: number
  /** The unit's zone and its today (YYYY-MM-DD): the days of a leave are its calendar days. */
  unitTimeZone: string
  today: string
}

/** The Leave tab's loader data. */
export interface LeaveTabData {
  filter: LeaveFilter | 'all'
  leaves: LeaveItem[]
  counts: Record<LeaveFilter, number>
  today: string
  unitTimeZone: string
  loadError?: string
}
