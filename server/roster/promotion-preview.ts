import { and, asc, count, eq, sql } from 'drizzle-orm'
import type { PromotionPreview } from '#contracts/roster-types.ts'
import type { DbOrTx } from '#db/client.ts'
import { memberEventScoreSql, members, promotionThresholds } from '#db/schema/roster.ts'

// A dry run of the promotion run (docs/rules/roster.md, Promotions): how many the run would move up now, and to what,
// for the question Run Promotions asks first. It reads only; the run itself (server/roster/promotions.ts) decides again
// in its own transaction, so a score that changes in between counts there.

/**
 * How many active members' event score meets their rank's threshold, per rank (lowest first), each with the rank a run
 * would give them. Counted in the database: the question says how many, never who.
 */
export async function previewPromotions(db: DbOrTx): Promise<PromotionPreview> {
  const steps = await db
    .select({ from: members.rank, to: promotionThresholds.to_rank, count: count() })
    .from(members)
    .innerJoin(promotionThresholds, eq(promotionThresholds.from_rank, members.rank))
    .where(and(eq(members.is_banned, false), sql`${memberEventScoreSql} >= ${promotionThresholds.required_score}`))
    .groupBy(members.rank, promotionThresholds.to_rank)
    .orderBy(asc(members.rank))
  return { steps }
}
