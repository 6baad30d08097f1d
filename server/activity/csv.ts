import { ACTIVITY_CSV_COLUMNS, type ActivityMember } from '#contracts/activity.ts'
import { recordsToCsv } from '../lib/csv.ts'

// The members table as CSV (server/lib/csv.ts: formula-safe): a header row of the JSON's field names, one row per
// member, the same values as the JSON (null is an empty cell).

export function activityCsv(members: readonly ActivityMember[]): string {
  return recordsToCsv(ACTIVITY_CSV_COLUMNS, members)
}
