// The personnel file's fixed vocabularies (docs/rules/personnel.md), shared by the database's checks, the /api
// contract and the pages. No zod here, so db/schema can import it.

/** What a service-record entry is about. */
export const RECORD_KINDS = [
  'joined',
  'rank',
  'qualification',
  'award',
  'event',
  'training',
  'slot',
  'test',
  'evaluation',
  'loa',
  'ban',
  'note',
] as const
export type RecordKind = (typeof RECORD_KINDS)[number]

/** The changes to a member the database records as they happen (db/functions/personnel.sql). */
export const HISTORY_KINDS = ['rank', 'qualification', 'ban'] as const
export type HistoryKind = (typeof HISTORY_KINDS)[number]

/** How a change came about: set by the use case for its transaction; null when nothing said (an older path). */
export const CHANGE_VIA = ['admin', 'promotion_run', 'bmt_graduation', 'test', 'evaluation', 'import', 'seed'] as const
export type ChangeVia = (typeof CHANGE_VIA)[number]

/** A leave of absence's life: asked (pending), then approved or denied by an admin, or withdrawn by the member. */
export const LEAVE_STATUSES = ['pending', 'approved', 'denied', 'withdrawn'] as const
export type LeaveStatus = (typeof LEAVE_STATUSES)[number]
