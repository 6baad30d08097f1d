import { announcePromotions } from '../discord/roster-roles.ts'
import { settingChanges, updateSetting } from '../settings/admin-settings.ts'
import { runTransaction } from '../transaction.ts'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { ROSTER_MESSAGES, type Rank, type ThresholdsInput } from '#contracts/roster.ts'
import type { PromotionRun, PromotionsData, ThresholdItem } from '#contracts/roster-types.ts'
import type { DbOrTx } from '#db/client.ts'
import { memberEventScoreSql, members, nextRank, promotionThresholds, RANKS } from '#db/schema/roster.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit, type Actor } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { listChannels } from '../discord/guild.ts'
import { Invalid, toErrorBody } from '../errors.ts'
import { getSetting } from '../settings/settings.ts'
import { getUnitTimeZone } from '../settings/unit-time-zone.ts'
import { markChange } from '../personnel/history.ts'

// Promotions (docs/rules/roster.md, Promotions): thresholds per starting rank, a run that moves each active member at
// most one rank, BMT graduation, and the weekly job's schedule (Mondays 01:00 in the unit's time zone, setting
// unit_time_zone). The writes run inside a use case's transaction (the use cases at the end of this file), which syncs
// the mapped Discord rank roles and announces to the promotion channel after the commit.

export const PROMOTION_JOB_CRON = '0 1 * * 1'

/** Every rank but the top one, with its threshold if set. */
export async function listThresholds(db: DbOrTx): Promise<ThresholdItem[]> {
  const rows = await db.select().from(promotionThresholds)
  return RANKS.slice(0, -1).map((from) => {
    const row = rows.find((r) => r.from_rank === from)
    return {
      id: row?.id ?? null,
      from_rank: from,
      to_rank: nextRank(from)!,
      required_score: row?.required_score ?? null,
    }
  })
}

/** The Promotions tab: the announcement channel, the guild's channels to pick from (or why not), the thresholds. */
export async function loadPromotionSettings(services: AppServices): Promise<Omit<PromotionsData, 'loadError'>> {
  // Discord may be down or not configured: the page stays usable with a plain id field.
  const channels = listChannels(services.discord).then(
    (list) => ({ channels: list.filter((c) => c.kind !== 'category').map((c) => ({ id: c.id, name: c.name })) }),
    (error: unknown) => ({
      channels: null,
      channelsError: toErrorBody(error).body.error || 'Could not load channels from Discord.',
    }),
  )
  const [channelId, thresholds, unitTimeZone, picker] = await Promise.all([
    getSetting(services.db, 'promotion_channel_id'),
    listThresholds(services.db),
    getUnitTimeZone(services.db),
    channels,
  ])
  return { channelId, thresholds, unitTimeZone, ...picker }
}

async function writeThresholds(tx: DbOrTx, admin: User, input: ThresholdsInput): Promise<ThresholdItem[]> {
  const changes: string[] = []
  for (const { from_rank, required_score } of input.thresholds) {
    if (required_score === null) {
      const removed = await tx
        .delete(promotionThresholds)
        .where(eq(promotionThresholds.from_rank, from_rank))
        .returning({ id: promotionThresholds.id })
      if (removed.length) changes.push(`${from_rank}: none`)
      continue
    }
    await tx
      .insert(promotionThresholds)
      .values({ from_rank, to_rank: nextRank(from_rank)!, required_score })
      .onConflictDoUpdate({
        target: promotionThresholds.from_rank,
        set: { required_score, to_rank: nextRank(from_rank)! },
      })
    changes.push(`${from_rank} -> ${nextRank(from_rank)} at ${required_score}`)
  }
  await recordAudit(tx, admin, 'Promotion thresholds saved', changes.join('; ') || 'No change.')
  return listThresholds(tx)
}

export interface Promotion {
  memberId: number
  name: string
  discordId: string | null
  from: Rank
  to: Rank
}

/** What a run answers: its message and who moved up. */
function promotionRunOf(promotions: Promotion[]): PromotionRun {
  return {
    message: promotions.length ? ROSTER_MESSAGES.promotionsDone : ROSTER_MESSAGES.noPromotions,
    promotedMembers: promotions.map((p) => ({ name: p.name, from: p.from, to: p.to })),
  }
}

/**
 * One promotion run: each active member whose rank has a threshold and whose event score meets it moves up exactly
 * one rank. Banned members are skipped.
 */
async function promoteEligible(tx: DbOrTx, actor: Actor): Promise<Promotion[]> {
  // One run at a time (the weekly job and an admin's click must not both promote).
  await tx.execute(sql`select pg_advisory_xact_lock(7202614)`)
  const due = await tx
    .select({
      id: members.id,
      name: members.ingame_name,
      discordId: members.discord_id,
      rank: members.rank,
      to: promotionThresholds.to_rank,
    })
    .from(members)
    .innerJoin(promotionThresholds, eq(promotionThresholds.from_rank, members.rank))
    .where(and(eq(members.is_banned, false), sql`${memberEventScoreSql} >= ${promotionThresholds.required_score}`))
    .orderBy(asc(members.rank), asc(sql`lower(${members.ingame_name})`))
    .for('update', { of: members })
  const promotions: Promotion[] = []
  for (const m of due) {
    await tx.update(members).set({ rank: m.to }).where(eq(members.id, m.id))
    promotions.push({ memberId: m.id, name: m.name, discordId: m.discordId, from: m.rank, to: m.to })
  }
  await recordAudit(
    tx,
    actor,
    'Promotions run',
    promotions.length
      ? promotions.map((p) => `${p.name}: ${p.from} -> ${p.to}`).join('; ')
      : ROSTER_MESSAGES.noPromotions,
  )
  return promotions
}

/** BMT graduation: the selected BMT members become JNCO. Members not at BMT are refused. */
async function promoteBmts(tx: DbOrTx, admin: User, memberIds: number[], completionDate: string): Promise<Promotion[]> {
  const rows = await tx.select().from(members).where(inArray(members.id, memberIds)).for('update')
  const missing = memberIds.find((id) => !rows.some((r) => r.id === id))
  if (missing !== undefined) throw new Invalid(`Member ${missing} does not exist.`)
  const notBmt = rows.filter((r) => r.rank !== 'BMT' || r.is_banned)
  if (notBmt.length)
    throw new Invalid(`Only active BMT members can graduate: ${notBmt.map((r) => r.ingame_name).join(', ')}.`)
  await markChange(tx, 'bmt_graduation', admin)
  await tx.update(members).set({ rank: 'JNCO' }).where(inArray(members.id, memberIds))
  const promotions = rows.map((r) => ({
    memberId: r.id,
    name: r.ingame_name,
    discordId: r.discord_id,
    from: 'BMT' as Rank,
    to: 'JNCO' as Rank,
  }))
  await recordAudit(
    tx,
    admin,
    'BMT graduation',
    `${promotions.map((p) => p.name).join(', ')} graduated to JNCO (completed ${completionDate}).`,
  )
  return promotions
}

export function saveThresholds(services: AppServices, admin: User, input: ThresholdsInput): Promise<ThresholdItem[]> {
  return runTransaction(services, (tx) => writeThresholds(tx, admin, input), { name: 'save thresholds', changes: [] })
}

/** A channel id is saved only when it changed; blank turns the announcements off. */
export async function setPromotionChannel(
  services: AppServices,
  admin: User,
  channelId: string,
): Promise<'unchanged' | 'updated' | 'disabled'> {
  if (channelId === (await getSetting(services.db, 'promotion_channel_id'))) return 'unchanged'
  await runTransaction(services, (tx) => updateSetting(tx, admin, { key: 'promotion_channel_id', value: channelId }), {
    name: 'set promotion channel',
    changes: settingChanges,
  })
  return channelId ? 'updated' : 'disabled'
}

/**
 * One promotion run, for an admin (the page and POST /api/roster/promotions/run) or the weekly job (System): the run
 * commits, then the mapped rank roles follow and the promotion channel hears of it.
 */
export async function runPromotions(services: AppServices, actor: Actor): Promise<PromotionRun> {
  const promotions = await runTransaction(services, (tx) => promoteEligible(tx, actor), {
    name: 'run promotions',
    // Ranks show on the public roster, not on the ORBAT.
    changes: (promoted) => (promoted.length ? ['roster'] : []),
    syncRoles: (promoted) => promoted.map((p) => p.discordId),
    after: (promoted) => announcePromotions(services, promoted),
  })
  return promotionRunOf(promotions)
}

/** The selected BMTs become JNCO; their mapped rank roles follow (no announcement). */
export function graduateBmts(
  services: AppServices,
  admin: User,
  memberIds: number[],
  completionDate: string,
): Promise<Promotion[]> {
  return runTransaction(services, (tx) => promoteBmts(tx, admin, memberIds, completionDate), {
    name: 'graduate BMTs',
    changes: ['roster'],
    syncRoles: (graduated) => graduated.map((p) => p.discordId),
  })
}
