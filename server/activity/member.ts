import { eq } from 'drizzle-orm'
import type { MemberActivity } from '#contracts/activity.ts'
import type { DbOrTx } from '#db/client.ts'
import { members } from '#db/schema/roster.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { Forbidden, NotFound } from '../errors.ts'
import { memberActivity } from './report.ts'

export const ACTIVITY_FORBIDDEN = "Only the member and admins can see a member's activity."

/** A member's activity for themselves or an admin (403 for anyone else, 404 for no such member). */
export async function readMemberActivity(
  db: DbOrTx,
  viewer: User,
  memberId: number,
  weeks: number,
): Promise<MemberActivity> {
  const [row] = await db.select({ discord_id: members.discord_id }).from(members).where(eq(members.id, memberId))
  if (!row) throw new NotFound('Member not found.')
  const self = row.discord_id !== null && row.discord_id === viewer.discord_id
  if (!viewer.is_admin && !self) throw new Forbidden(ACTIVITY_FORBIDDEN)
  return memberActivity(db, memberId, weeks)
}
