import { wakePromotionAnnouncer } from '../discord/promotion-announcements.ts'
import { settingChanges, updateSetting } from '../settings/admin-settings.ts'
import { runStatement, runTransaction } from '../transaction.ts'
import { eq, inArray } from 'drizzle-orm'
import { ROSTER_MESSAGES, type Rank, type ThresholdsInput } from '#contracts/roster.ts'
import type { PromotionRun, PromotionsData, ThresholdItem } from '#contracts/roster-types.ts'
import type { Db, DbOrTx } from '#db/client.ts'
import { members, nextRank, promotionThresholds, RANKS } from '#db/schema/roster.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { actorName, recordAudit, SYSTEM_ACTOR, type Actor } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { listChannels } from '../discord/guild.ts'
import { Invalid, toErrorBody } from '../errors.ts'
import { getSetting } from '../unit/settings.ts'
import { getUnitTimeZone } from '../unit/time-zone.ts'
import { markChange } from '../personnel/history.ts'

// Promotions (docs/rules/roster.md, Promotions): thresholds per starting rank, a run that moves each active member at
// most one rank, BMT graduation, and the weekly job's schedule (Mondays 01:00 in the unit's time zone, setting
// unit_time_zone). The writes run inside a use case's transaction (the use cases at the end of this file). A run is one
// call of a stored function whatever the roster's size (db/functions/roster.sql promotion_run), recorded as a
// promotion_runs row whose announcement the announcer sends after the commit; the mapped Discord rank roles follow
// through the role-sync queue (docs/decisions/034-promotion-runs-and-their-announcement.md,
// docs/decisions/067-the-promotion-run-in-one-call.md).

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

/** A promoted member as a run's answer has them. */
type Promoted = Omit<Promotion, 'discordId'>

/** What a run answers: its message and who moved up. */
function promotionRunOf(promotions: Promoted[]): PromotionRun {
  return {
    message: promotions.length ? ROSTER_MESSAGES.promotionsDone : ROSTER_MESSAGES.noPromotions,
    promotedMembers: promotions.map((p) => ({ name: p.name, from: p.from, to: p.to })),
  }
}

interface RunOutcome {
  /** Who moved up, in the answer's order. */
  promotions: Promoted[]
  /** Whether the run queued Discord role syncs (anyone who moved has a Discord account). */
  rolesQueued: boolean
  /** Whether the run's announcement waits for the announcer (a promotion channel is set). */
  announce: boolean
}

/** Lowest starting rank first, then by name (the answer's and the announcement's order). */
function byRankThenName(a: Promoted, b: Promoted): number {
  const rank = RANKS.indexOf(a.from) - RANKS.indexOf(b.from)
  if (rank) return rank
  const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()]
  return x < y ? -1 : x > y ? 1 : a.memberId - b.memberId
}

/** The run's row as promotion_run answers it: its announcement state and its list (promotion_runs.promotions). */
type RunRow = {
  announcement: string
  promoted: Array<{ member_id: number; name: string; from: Rank; to: Rank }>
  rolesQueued: boolean
}

/**
 * One promotion run: each active member whose rank has a threshold and whose event score meets it moves up exactly
 * one rank. One call does the run whatever the roster's size (db/functions/roster.sql promotion_run): the lock that
 * makes runs one at a time, the UPDATE, the run's record with its list and its announcement pending when a promotion
 * channel is set, the moved members' role syncs and the audit entry (the count and the run, not the names: a run of
 * thousands stays one short line in the log and on the hub). Banned members are skipped.
 */
async function promoteEligible(db: Db, actor: Actor): Promise<RunOutcome> {
  const [run] = await db.$client<RunRow[]>`
    select run_announcement as announcement, promoted, roles_queued as "rolesQueued"
      from promotion_run(${actorName(actor)}, ${actor === SYSTEM_ACTOR ? null : actor.id}::int,
                         ${ROSTER_MESSAGES.noPromotions})`
  if (!run) return { promotions: [], rolesQueued: false, announce: false }
  // The list comes in the database's order (its collation); the answer's is this process's.
  const promotions = run.promoted
    .map(({ member_id, name, from, to }) => ({ memberId: member_id, name, from, to }))
    .sort(byRankThenName)
  return { promotions, rolesQueued: run.rolesQueued, announce: run.announcement === 'pending' }
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
 * commits with its rank roles queued and its announcement pending; the answer waits for neither. The announcer is woken
 * after the commit (and the job runner retries what Discord did not take).
 */
export async function runPromotions(services: AppServices, actor: Actor): Promise<PromotionRun> {
  const outcome = await runStatement(services, (db) => promoteEligible(db, actor), {
    name: 'run promotions',
    // Ranks show on the public roster, not on the ORBAT.
    changes: (run) => (run.promotions.length ? ['roster'] : []),
    queuedRoleSyncs: (run) => run.rolesQueued,
    // Returns at once: the messages go out in the background.
    after: (run) => run.announce && wakePromotionAnnouncer(services),
  })
  return promotionRunOf(outcome.promotions)
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
