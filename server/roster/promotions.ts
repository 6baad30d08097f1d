import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '#db/client.ts'
import { rankRoleMappings } from '#db/schema/discord.ts'
import { memberEventScoreSql, members, nextRank, promotionThresholds, RANKS, type Rank } from '#db/schema/roster.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit, SYSTEM_ACTOR, type Actor } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import type { DiscordClient } from '../discord/client.ts'
import { Invalid } from '../errors.ts'
import { logger } from '../logger.ts'
import { announceChange } from '../orbat/live.ts'
import { getSetting } from '../settings/settings.ts'
import { dateOnly } from './members.ts'

// Promotions (spec 2 §2 Promotions tab, §4; ARCHITECTURE §5): thresholds per starting rank, a run that moves each
// active member at most one rank, BMT graduation, and the weekly job (Mondays 01:00 America/New_York). Rank changes
// sync the mapped Discord rank roles and are announced to the promotion channel (blank = no announcement).

export const PROMOTION_JOB_SCHEDULE = { cron: '0 1 * * 1', timezone: 'America/New_York' } as const
export const THRESHOLDS_INTEGERS_ONLY = 'Thresholds must be whole numbers (0 or more).'

export interface ThresholdItem {
  id: number | null
  from_rank: Rank
  to_rank: Rank
  /** null: no automatic promotion from this rank. */
  required_score: number | null
}

const thresholdValue = z
  .union([z.number(), z.string(), z.null()], { error: THRESHOLDS_INTEGERS_ONLY })
  .optional()
  .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null
    const text = String(v).trim()
    if (!/^\d{1,9}$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: THRESHOLDS_INTEGERS_ONLY })
      return z.NEVER
    }
    return Number(text)
  })

/** PUT /api/roster/promotions/thresholds: [{from_rank, required_score}] (or {thresholds: [...]}); blank removes one. */
export const thresholdsInputSchema = z.preprocess(
  (v) => (Array.isArray(v) ? { thresholds: v } : v),
  z.object({
    thresholds: z
      .array(z.object({ from_rank: z.enum(RANKS.slice(0, -1) as [Rank, ...Rank[]], { error: 'Unknown rank.' }), required_score: thresholdValue }), {
        error: 'thresholds must be a list.',
      })
      .max(RANKS.length),
  }),
)

export const graduateSchema = z.object({
  memberIds: z
    .array(z.coerce.number().int().min(1).max(2_147_483_647), { error: 'Please select at least one BMT to graduate.' })
    .min(1, 'Please select at least one BMT to graduate.')
    .max(10_000)
    .transform((ids) => [...new Set(ids)]),
  completionDate: dateOnly('Please enter the completion date.'),
})

/** Every rank but the top one, with its threshold if set. */
export async function listThresholds(db: DbOrTx): Promise<ThresholdItem[]> {
  const rows = await db.select().from(promotionThresholds)
  return RANKS.slice(0, -1).map((from) => {
    const row = rows.find((r) => r.from_rank === from)
    return { id: row?.id ?? null, from_rank: from, to_rank: nextRank(from)!, required_score: row?.required_score ?? null }
  })
}

export async function saveThresholds(tx: DbOrTx, admin: User, input: z.output<typeof thresholdsInputSchema>): Promise<ThresholdItem[]> {
  const changes: string[] = []
  for (const { from_rank, required_score } of input.thresholds) {
    if (required_score === null) {
      const removed = await tx.delete(promotionThresholds).where(eq(promotionThresholds.from_rank, from_rank)).returning({ id: promotionThresholds.id })
      if (removed.length) changes.push(`${from_rank}: none`)
      continue
    }
    await tx
      .insert(promotionThresholds)
      .values({ from_rank, to_rank: nextRank(from_rank)!, required_score })
      .onConflictDoUpdate({ target: promotionThresholds.from_rank, set: { required_score, to_rank: nextRank(from_rank)! } })
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

/**
 * One promotion run: each active member whose rank has a threshold and whose event score meets it moves up exactly
 * one rank. Banned members are skipped. Runs in the caller's transaction; sync and announce after commit.
 */
export async function runPromotions(tx: DbOrTx, actor: Actor): Promise<Promotion[]> {
  // One run at a time (the weekly job and an admin's click must not both promote).
  await tx.execute(sql`select pg_advisory_xact_lock(7202614)`)
  const due = await tx
    .select({ id: members.id, name: members.ingame_name, discordId: members.discord_id, rank: members.rank, to: promotionThresholds.to_rank })
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
    promotions.length ? promotions.map((p) => `${p.name}: ${p.from} -> ${p.to}`).join('; ') : 'No members were eligible for promotion.',
  )
  return promotions
}

/** BMT graduation: the selected BMT members become JNCO (spec 2 §4). Members not at BMT are refused. */
export async function graduateBmts(tx: DbOrTx, admin: User, memberIds: number[], completionDate: string): Promise<Promotion[]> {
  const rows = await tx.select().from(members).where(inArray(members.id, memberIds)).for('update')
  const missing = memberIds.find((id) => !rows.some((r) => r.id === id))
  if (missing !== undefined) throw new Invalid(`Member ${missing} does not exist.`)
  const notBmt = rows.filter((r) => r.rank !== 'BMT' || r.is_banned)
  if (notBmt.length) throw new Invalid(`Only active BMT members can graduate: ${notBmt.map((r) => r.ingame_name).join(', ')}.`)
  await tx.update(members).set({ rank: 'JNCO' }).where(inArray(members.id, memberIds))
  const promotions = rows.map((r) => ({ memberId: r.id, name: r.ingame_name, discordId: r.discord_id, from: 'BMT' as Rank, to: 'JNCO' as Rank }))
  await recordAudit(tx, admin, 'BMT graduation', `${promotions.map((p) => p.name).join(', ')} graduated to JNCO (completed ${completionDate}).`)
  await announceChange(tx)
  return promotions
}

/** After commit: swap the mapped Discord rank roles and announce. Discord failures are logged (System audit). */
export async function syncPromotions(services: AppServices, promotions: Promotion[], announce: boolean): Promise<void> {
  if (!promotions.length) return
  const mappings = new Map((await services.db.select().from(rankRoleMappings)).map((m) => [m.rank_name, m.discord_role_id]))
  await syncRankRoles(services.discord, promotions, mappings)
  if (!announce) return
  const channel = await getSetting(services.db, 'promotion_channel_id')
  if (!channel) return
  const lines = promotions.map((p) => `**${p.name}** has been promoted from ${p.from} to ${p.to}.`)
  let chunk = '🎖️ **Promotions**'
  for (const line of lines) {
    if (chunk.length + line.length + 1 > 1900) {
      await services.discord.sendMessage(channel, { content: chunk })
      chunk = ''
    }
    chunk += `${chunk ? '\n' : ''}${line}`
  }
  if (chunk) await services.discord.sendMessage(channel, { content: chunk })
}

async function syncRankRoles(discord: DiscordClient, promotions: Promotion[], mappings: Map<Rank, string>) {
  for (const p of promotions) {
    if (!p.discordId) continue
    const oldRole = mappings.get(p.from)
    const newRole = mappings.get(p.to)
    if (oldRole && oldRole !== newRole) await discord.removeMemberRole(p.discordId, oldRole, `Promoted to ${p.to}`)
    if (newRole) await discord.addMemberRole(p.discordId, newRole, `Promoted to ${p.to}`)
  }
}

/** The weekly job: run, then sync and announce. */
export async function runScheduledPromotions(services: AppServices): Promise<Promotion[]> {
  const promotions = await services.db.transaction((tx) => runPromotions(tx, SYSTEM_ACTOR))
  try {
    await syncPromotions(services, promotions, true)
  } catch (error) {
    logger.error({ msg: 'promotion sync failed', error: String(error) })
  }
  return promotions
}
