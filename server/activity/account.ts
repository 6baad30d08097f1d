import type { ActivityMember, ActivityWeek } from '#contracts/activity.ts'
import type { DbOrTx } from '#db/client.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { memberIdOfUser } from '../people.ts'
import { memberActivity, weeksOf } from './report.ts'

/** The account page's activity: the last 12 weeks of the roster member the person is, or null when they are none. */
export async function accountActivity(
  db: DbOrTx,
  user: Pick<User, 'discord_id'>,
): Promise<{ member: ActivityMember; weeks: ActivityWeek[] } | null> {
  const memberId = await memberIdOfUser(db, user)
  if (memberId === null) return null
  const activity = await memberActivity(db, memberId, 12)
  return { member: activity.member, weeks: weeksOf(activity) }
}
