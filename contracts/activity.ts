import { z } from 'zod'
import { text } from './fields.ts'

// Activity (docs/rules/activity.md): who shows up, who signs up and does not come, who is drifting away. The answers
// of GET /api/activity, /api/activity.csv and /api/roster/members/{id}/activity, and their window.

/** The windows the dashboard offers, in weeks; the API takes any whole number of weeks up to ACTIVITY_MAX_WEEKS. */
export const ACTIVITY_WINDOWS = [4, 8, 12, 26] as const
export const ACTIVITY_DEFAULT_WEEKS = 12
export const ACTIVITY_MAX_WEEKS = 52
export const ACTIVITY_WEEKS_INVALID = `weeks must be a whole number from 1 to ${ACTIVITY_MAX_WEEKS}.`

/** The setting inactivity_weeks: unset means 3; a whole number from 1 to 52. */
export const INACTIVITY_WEEKS_DEFAULT = 3
export const INACTIVITY_WEEKS_MAX = 52
export const INACTIVITY_WEEKS_INVALID = `Inactivity must be a whole number of weeks from 1 to ${INACTIVITY_WEEKS_MAX}.`

export function isInactivityWeeks(value: string): boolean {
  if (!/^\d{1,2}$/.test(value)) return false
  const weeks = Number(value)
  return weeks >= 1 && weeks <= INACTIVITY_WEEKS_MAX
}

/** `?weeks=` of the activity calls: absent means the default; anything but a whole number 1 to 52 is refused. */
export function parseActivityWeeks(raw: string | null): number | null {
  if (raw === null || raw === '') return ACTIVITY_DEFAULT_WEEKS
  if (!/^\d{1,3}$/.test(raw)) return null
  const weeks = Number(raw)
  return weeks >= 1 && weeks <= ACTIVITY_MAX_WEEKS ? weeks : null
}

export const TRENDS = ['up', 'down', 'flat'] as const
export type Trend = (typeof TRENDS)[number]

const fraction = z
  .number()
  .min(0)
  .max(1)
  .nullable()
  .meta({ description: 'A fraction from 0 to 1; null where nothing was possible.' })
const instant = text().meta({ description: "An ISO date-time on the unit's clock with its offset." })
const day = text().meta({ description: "A calendar day in the unit's time zone, YYYY-MM-DD." })

export const activityMemberSchema = z.object({
  member_id: z.number().int(),
  ingame_name: text(),
  squad: text().nullable().meta({ description: "The squad of the member's slot in the ORBAT now; null: none." }),
  attended: z.number().int().meta({ description: 'Operations (events) attended in the window.' }),
  possible: z.number().int().meta({
    description:
      'Operations held in the window (with attendance recorded) since the member joined, less those on days of approved leave; an operation attended always counts.',
  }),
  rate: fraction.meta({ description: 'attended / possible; null when nothing was possible.' }),
  last_attended: instant.nullable().meta({ description: 'The start of the last event or training attended, ever.' }),
  on_loa: z.boolean().meta({ description: 'On approved leave today.' }),
  inactive: z.boolean().meta({
    description:
      'No attendance in the last inactivity_weeks weeks (counted from the latest of the last attendance, the join day and the end of the last leave), and not on leave.',
  }),
  reliability: fraction.meta({
    description:
      'Of the trainings signed up to and the operations where the member held a slot in the frozen ORBAT, in the window and with attendance recorded, the share attended.',
  }),
  trend: z
    .enum(TRENDS)
    .nullable()
    .meta({ description: 'The rate against the previous window of the same length; null when either is null.' }),
})
export type ActivityMember = z.output<typeof activityMemberSchema>

export const activitySessionSchema = z.object({
  kind: z.enum(['event', 'training']),
  id: z.number().int(),
  name: text(),
  at: instant,
  attended: z.number().int().meta({ description: 'Members (not banned) who attended.' }),
  roster_size: z.number().int().meta({
    description: 'Members (not banned) on the roster that day and not on leave, and anyone who attended anyway.',
  }),
  allies: z.array(z.object({ tag: text(), guests: z.number().int() })).meta({
    description:
      "A joint operation's guests by allied unit tag, from its frozen ORBAT (never counted in attended); [] otherwise.",
  }),
})
export type ActivitySession = z.output<typeof activitySessionSchema>

/** GET /api/activity?weeks=N. */
export const activityReportSchema = z.object({
  weeks: z.number().int(),
  from: day.meta({ description: 'The first day of the window: a Monday, weeks - 1 weeks before this week.' }),
  to: day.meta({ description: 'The last day of the window: today.' }),
  unit_size: z.number().int().meta({ description: 'Members on the roster now, banned members left out.' }),
  members: z.array(activityMemberSchema),
  sessions: z.array(activitySessionSchema).meta({ description: 'Events and trainings in the window, oldest first.' }),
})
export type ActivityReport = z.output<typeof activityReportSchema>

export const memberActivitySessionSchema = z.object({
  kind: z.enum(['event', 'training']),
  id: z.number().int(),
  name: text(),
  at: instant,
  attended: z.boolean(),
  possible: z.boolean().meta({
    description:
      'Counted for the member: an operation held since they joined and not on their leave; a training held that they signed up to; anything attended.',
  }),
})
export type MemberActivitySession = z.output<typeof memberActivitySessionSchema>

/** GET /api/roster/members/{id}/activity?weeks=N: the member's row and their sessions of the window. */
export const memberActivitySchema = z.object({
  weeks: z.number().int(),
  from: day,
  to: day,
  member: activityMemberSchema,
  sessions: z.array(memberActivitySessionSchema),
})
export type MemberActivity = z.output<typeof memberActivitySchema>

/** The columns of /api/activity.csv, in order (the JSON's member fields). */
export const ACTIVITY_CSV_COLUMNS = [
  'member_id',
  'ingame_name',
  'squad',
  'attended',
  'possible',
  'rate',
  'last_attended',
  'on_loa',
  'inactive',
  'reliability',
  'trend',
] as const satisfies ReadonlyArray<keyof ActivityMember>

/** A week of a member's small chart: operations possible and attended, Monday to Sunday in the unit's zone. */
export interface ActivityWeek {
  week_start: string
  possible: number
  attended: number
}

/** The dashboard's form (/admin/activity): the inactivity setting. */
export const inactivityWeeksSchema = z.object({
  inactivity_weeks: text({ error: INACTIVITY_WEEKS_INVALID })
    .trim()
    .refine(isInactivityWeeks, INACTIVITY_WEEKS_INVALID)
    .transform((v) => String(Number(v))),
})

export const ACTIVITY_INTENTS = { saveInactivity: 'save-inactivity-weeks' } as const

/** The members table's columns that sort, and their order. */
export const ACTIVITY_SORTS = ['name', 'squad', 'attended', 'rate', 'reliability', 'last', 'trend'] as const
export type ActivitySort = (typeof ACTIVITY_SORTS)[number]
export const ACTIVITY_PAGE_SIZE = 50

export interface DashboardMember extends ActivityMember {
  weeks: ActivityWeek[]
}

export interface DrifterRow {
  member_id: number
  ingame_name: string
  last_attended: string | null
  /** When they became inactive, or the previous and current rate for a halved rate. */
  since: string | null
  previous_rate: number | null
  rate: number | null
}

/** What /admin/activity renders. */
export interface ActivityDashboard {
  weeks: number
  from: string
  to: string
  zone: string
  unitSize: number
  inactivityWeeks: number
  totals: { attended: number; possible: number; rate: number | null; inactive: number; onLeave: number }
  sessions: Array<ActivitySession & { day: string }>
  squads: Array<{ squad: string; attended: number; possible: number; rate: number | null }>
  inactive: DrifterRow[]
  halved: DrifterRow[]
  sort: ActivitySort
  dir: 'asc' | 'desc'
  page: number
  totalPages: number
  members: DashboardMember[]
}
