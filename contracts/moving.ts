import { z } from 'zod'
import { idInput, text } from './fields.ts'
import { RANKS } from './roster.ts'
import { isCalendarDay } from './time.ts'

// Moving in and out (docs/rules/roster.md, Moving in and out): the roster from a CSV file or from the Discord server,
// bulk actions on ticked members, and every list out again as CSV.

export const IMPORT_LIMITS = {
  /** The most a CSV file may weigh. */
  maxBytes: 5 * 1024 * 1024,
  /** The most rows (after the header) a CSV file may have. */
  maxRows: 10_000,
} as const

/** The roster fields a CSV column can fill, in the order the roster export writes them. */
export const IMPORT_FIELDS = [
  'ingame_name',
  'discord_id',
  'rank',
  'join_date',
  'bohemia_uuid',
  'notes',
  'qualifications',
  'attended_events_count',
  'awards',
] as const
export type ImportField = (typeof IMPORT_FIELDS)[number]

/** What each field is called on the import screen. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  ingame_name: 'In-game name',
  discord_id: 'Discord ID',
  rank: 'Rank',
  join_date: 'Join date',
  bohemia_uuid: 'Bohemia UUID',
  notes: 'Notes',
  qualifications: 'Qualifications (a list)',
  attended_events_count: 'Attended events',
  awards: 'Awards (a list)',
}

export const MOVING_MESSAGES = {
  notCsv: 'This is not a CSV file.',
  tooLarge: 'The file is over 5 MB.',
  tooManyRows: 'The file has more than 10,000 rows.',
  noNameColumn: 'No column holds the in-game name: map one to "In-game name".',
  csvRequired: 'Choose a CSV file or paste its text.',
  rowsHaveErrors: 'Some rows have errors: nothing was imported. Fix them in the file or the mapping and try again.',
  imported: (created: number, updated: number) =>
    `Imported: ${created} member${created === 1 ? '' : 's'} added, ${updated} updated.`,
  nothingToImport: 'Nothing to import: every row matches the roster already.',
  discordPickSome: 'Tick at least one Discord member to import.',
  discordImported: (count: number) => `${count} member${count === 1 ? '' : 's'} imported from Discord.`,
  bulkPickSome: 'Tick at least one member.',
  bulkDone: (count: number) => `${count} member${count === 1 ? '' : 's'} changed.`,
} as const

const dateText = (message: string) =>
  text({ error: message }).trim().refine(isCalendarDay, 'Please enter a valid date (YYYY-MM-DD).')

/** POST /api/admin/roster/import/csv. */
export const csvImportSchema = z.object({
  csv: text({ error: MOVING_MESSAGES.csvRequired }).min(1, MOVING_MESSAGES.csvRequired),
  mapping: z
    .partialRecord(
      z.enum(IMPORT_FIELDS, { error: `A mapped field must be one of ${IMPORT_FIELDS.join(', ')}.` }),
      text().max(200).nullable(),
    )
    .optional()
    .meta({
      description:
        "Roster field -> the file's column header (null or '' leaves the field out). Omitted fields are matched by header name.",
    }),
  rank_map: z
    .record(text().max(200), z.enum(RANKS, { error: `A rank must be one of ${RANKS.join(', ')}.` }))
    .optional()
    .meta({
      description: 'The file\'s rank name -> the unit\'s rank ("Sgt" -> NCO). Names equal to a rank need no entry.',
    }),
  create_missing: z.boolean({ error: 'create_missing must be true or false.' }).optional(),
  apply: z.boolean({ error: 'apply must be true or false.' }).optional(),
})
export type CsvImportInput = z.output<typeof csvImportSchema>

export const IMPORT_ACTIONS = ['create', 'update', 'skip'] as const
export type ImportAction = (typeof IMPORT_ACTIONS)[number]

export interface ImportRow {
  line: number
  action: ImportAction
  ingame_name: string
  errors: string[]
  /** What an update changes, in words (empty for create and skip; in a record export, the row's record). */
  changes: string[]
}

/** The kinds of record export a rival personnel system writes, one file each (read by the same CSV import). */
export const RECORD_EXPORT_KINDS = ['rank', 'award', 'qualification'] as const
export type RecordExportKind = (typeof RECORD_EXPORT_KINDS)[number]
/** The roster field a record export's name column is mapped to on the import screen. */
export const RECORD_EXPORT_FIELD = {
  rank: 'rank',
  award: 'awards',
  qualification: 'qualifications',
} as const satisfies Record<RecordExportKind, ImportField>

export interface CsvImportPreview {
  columns: string[]
  mapping: Partial<Record<ImportField, string>>
  rows: ImportRow[]
  summary: { create: number; update: number; skip: number; errors: number }
  /** Qualifications and awards the file names that the unit does not have (created on apply with create_missing). */
  missing: { qualifications: string[]; awards: string[] }
  /** The file's rank names that are not ranks and have no entry in rank_map. */
  unknown_ranks: string[]
  /** The file's delimiter: ',', ';' or a tab. */
  delimiter: string
  /** A record export (each row a dated rank, award or qualification of a person), when the file is one. */
  records?: RecordExportKind
}

/** How many rows of a preview do what, and how many have errors. */
export function importSummary(rows: readonly ImportRow[]): CsvImportPreview['summary'] {
  return {
    create: rows.filter((r) => r.action === 'create').length,
    update: rows.filter((r) => r.action === 'update').length,
    skip: rows.filter((r) => r.action === 'skip').length,
    errors: rows.filter((r) => r.errors.length).length,
  }
}

export interface CsvImportResult {
  created: number
  updated: number
  skipped: number
}

/** POST /api/admin/roster/import/discord. */
export const discordImportSchema = z.object({
  discord_ids: z
    .array(text().regex(/^\d{1,25}$/, 'A Discord id is digits only.'), {
      error: 'discord_ids must be a list of Discord ids.',
    })
    .min(1, MOVING_MESSAGES.discordPickSome)
    .max(IMPORT_LIMITS.maxRows)
    .transform((ids) => [...new Set(ids)]),
  join_date: dateText('join_date must be a date (YYYY-MM-DD).').optional(),
})
export type DiscordImportInput = z.output<typeof discordImportSchema>

export interface DiscordImportMember {
  discord_id: string
  name: string
  rank: (typeof RANKS)[number] | null
  qualifications: string[]
  squad: string | null
  on_roster: boolean
  /** For a member on the roster: where Discord's roles and the roster disagree, in words. */
  differences: string[]
  /** The guild roles the member holds, by name (for the role filter). */
  roles: string[]
}

export const BULK_ACTIONS = [
  'set_rank',
  'grant_qualification',
  'revoke_qualification',
  'grant_award',
  'mark_attended',
  'ban',
  'unban',
  'delete',
] as const
export type BulkAction = (typeof BULK_ACTIONS)[number]

export const BULK_ACTION_LABELS: Record<BulkAction, string> = {
  set_rank: 'Set rank',
  grant_qualification: 'Grant qualification',
  revoke_qualification: 'Revoke qualification',
  grant_award: 'Grant award',
  mark_attended: 'Mark attended at an event',
  ban: 'Ban',
  unban: 'Unban',
  delete: 'Delete',
}

const memberIds = z
  .array(idInput('Member ids must be numbers.'), { error: 'member_ids must be a list of member ids.' })
  .min(1, MOVING_MESSAGES.bulkPickSome)
  .max(IMPORT_LIMITS.maxRows)
  .transform((ids) => [...new Set(ids)])

/** POST /api/admin/roster/members/bulk: the ticked members and one action with its own fields. */
export const bulkSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('set_rank'),
      member_ids: memberIds,
      rank: z.enum(RANKS, { error: `Rank must be one of ${RANKS.join(', ')}.` }),
    }),
    z.object({
      action: z.literal('grant_qualification'),
      member_ids: memberIds,
      qualification_id: idInput('Choose a qualification.'),
    }),
    z.object({
      action: z.literal('revoke_qualification'),
      member_ids: memberIds,
      qualification_id: idInput('Choose a qualification.'),
    }),
    z.object({
      action: z.literal('grant_award'),
      member_ids: memberIds,
      award_id: idInput('Choose an award.'),
      citation: text()
        .nullish()
        .transform((v) => (v ?? '').trim())
        .refine((v) => v.length <= 500, 'The citation is limited to 500 characters.'),
      date: dateText('The award date is required.'),
    }),
    z.object({ action: z.literal('mark_attended'), member_ids: memberIds, event_id: idInput('Choose an event.') }),
    z.object({
      action: z.literal('ban'),
      member_ids: memberIds,
      reason: text({ error: 'A ban needs a reason.' })
        .trim()
        .min(1, 'A ban needs a reason.')
        .max(1000, 'The reason is limited to 1,000 characters.'),
    }),
    z.object({ action: z.literal('unban'), member_ids: memberIds }),
    z.object({ action: z.literal('delete'), member_ids: memberIds }),
  ],
  { error: `action must be one of ${BULK_ACTIONS.join(', ')}.` },
)
export type BulkInput = z.output<typeof bulkSchema>

/** The admin lists GET /api/admin/export/{list}.csv serves. */
export const EXPORT_LISTS = [
  'events',
  'trainings',
  'qualifications',
  'awards',
  'leave',
  'applications',
  'audit-log',
] as const
export type ExportList = (typeof EXPORT_LISTS)[number]

/** The roster export's columns: exactly the import's fields, so an export imports back unchanged. */
export const ROSTER_CSV_COLUMNS = IMPORT_FIELDS
