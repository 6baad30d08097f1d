import { inArray } from 'drizzle-orm'
import type { AttendanceData, PickerMember } from '#contracts/attendance.ts'
import type { DbOrTx } from '#db/client.ts'
import { members } from '#db/schema/roster.ts'
import { Invalid } from '../errors.ts'
import { listRoster } from './roster.ts'

// What event and training attendance share: the member check of a save and the Attendance dialog's picker.

/** Refuses a list naming a member that does not exist. */
export async function assertMembersExist(tx: DbOrTx, memberIds: number[]): Promise<void> {
  if (!memberIds.length) return
  const found = new Set(
    (await tx.select({ id: members.id }).from(members).where(inArray(members.id, memberIds))).map((r) => r.id),
  )
  const missing = memberIds.find((id) => !found.has(id))
  if (missing !== undefined) throw new Invalid(`Member ${missing} does not exist.`)
}

/**
 * Every member for the attendance picker (the admin's full list, limit 9999): the active roster, then banned members,
 * so saving never drops a banned member's past attendance.
 */
export async function attendancePicker(db: DbOrTx, memberIds: number[]): Promise<AttendanceData> {
  const query = { page: 1, limit: 9999, term: '', type: 'name' as const }
  const [active, banned] = await Promise.all([
    listRoster(db, query, { admin: true }),
    listRoster(db, { ...query, is_banned: true }, { admin: true }),
  ])
  const toPicker =
    (is_banned: boolean) =>
    (m: { id: number; ingame_name: string; rank: string }): PickerMember => ({
      id: m.id,
      ingame_name: m.ingame_name,
      rank: m.rank,
      is_banned,
    })
  return { members: [...active.members.map(toPicker(false)), ...banned.members.map(toPicker(true))], memberIds }
}
