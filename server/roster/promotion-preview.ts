import { and, asc, eq, sql } from 'drizzle-orm'
import type { PromotionPreview } from '#contracts/roster-types.ts'
import type { DbOrTx } from '#db/client.ts'
import { memberEventScoreSql, members, promotionThresholds } from '#db/schema/roster.ts'

// A dry run of the promotion run (docs/rules/roster.md, Promotions): who the run would move up now, and to what, for
// the question Run Promotions asks first. It reads only; the run itself (server/roster/promotions.ts) decides again in
// its own transaction, so a score that changes in between counts there.

/** The active members whose event score meets their rank's threshold, each with the rank a run would give them. */
export async function previewPromotions(db: DbOrTx): Promise<PromotionPreview> {
  const due = await db
    .select({ name: members.ingame_name, from: members.rank, to: promotionThresholds.to_rank })
    .from(members)
    .innerJoin(promotionThresholds, eq(promotionThresholds.from_rank, members.rank))
    .where(and(eq(members.is_banned, false), sql`${memberEventScoreSql} >= ${promotionThresholds.required_score}`))
    .orderBy(asc(members.rank), asc(sql`lower(${members.ingame_name})`))
  return { members: due }
}
