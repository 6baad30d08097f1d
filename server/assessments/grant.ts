import { eq } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { memberQualifications, members, qualifications } from '#db/schema/roster.ts'
import { recordAudit, type Actor } from '../audit/audit.ts'
import type { ChangeTopic } from '../changes.ts'
import type { AppServices } from '../context.ts'
import { markChange } from '../personnel/history.ts'
import type { ChangeVia } from '#contracts/personnel-kinds.ts'
import { enqueueRoleSync, wakeRoleSync } from '../role-sync/queue.ts'

// The one way a test grants its qualification (a pass without in-game evaluation, Approve Qual, a passed evaluation):
// the member_qualifications row, its audit entry and the member's queued role sync inside the caller's transaction; the
// mapped Discord role follows after the commit (docs/rules/discord.md, Role sync).

export interface Grant {
  memberId: number
  memberName: string
  qualificationName: string
  /** False when the member already held it (nothing changed). */
  granted: boolean
}

export async function grantQualification(
  tx: DbOrTx,
  actor: Actor,
  memberId: number,
  qualificationId: number,
  why: string,
  /** How it was earned, for the member's service record. */
  via: ChangeVia,
): Promise<Grant> {
  await markChange(tx, via, actor)
  const inserted = await tx
    .insert(memberQualifications)
    .values({ member_id: memberId, qualification_id: qualificationId })
    .onConflictDoNothing()
    .returning({ member_id: memberQualifications.member_id })
  const [names] = await tx
    .select({ member: members.ingame_name, discordId: members.discord_id, qualification: qualifications.name })
    .from(members)
    .innerJoin(qualifications, eq(qualifications.id, qualificationId))
    .where(eq(members.id, memberId))
  const grant = {
    memberId,
    memberName: names?.member ?? `#${memberId}`,
    qualificationName: names?.qualification ?? `#${qualificationId}`,
    granted: inserted.length > 0,
  }
  if (grant.granted) {
    await recordAudit(tx, actor, 'Qualification granted', `${grant.memberName}: ${grant.qualificationName} (${why})`)
    await enqueueRoleSync(tx, [names?.discordId])
  }
  return grant
}

/** A granted qualification changes the public roster (it filters by qualification held). */
export function grantChanges(grant: Grant | null | undefined): readonly ChangeTopic[] {
  return grant?.granted ? ['roster'] : []
}

/** After the commit: the queued role sync runs (in the background; it never throws or holds up the request). */
export function syncGrantedRole(services: AppServices, grant: Grant | null | undefined): void {
  if (grant?.granted) wakeRoleSync(services)
}
