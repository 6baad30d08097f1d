import type { CreateMemberInput, MemberFieldsInput, QualificationInput, ThresholdsInput } from '#contracts/roster.ts'
import type { AdminMember, PromotionRun, QualificationItem, ThresholdItem } from '#contracts/roster-types.ts'
import type { User } from '#db/schema/users-sessions.ts'
import type { Actor } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { announcePromotions } from '../discord/roster-roles.ts'
import { postActivity } from '../orbat/actions.ts'
import { updateSetting } from '../settings/admin-settings.ts'
import { getSetting } from '../settings/settings.ts'
import { runTransaction } from '../transaction.ts'
import { placementLine } from '../waitlist/waitlist.ts'
import { clearBan, createMember, deleteMember, storeBan, updateMember, type BanResult } from './members.ts'
import { promoteBmts, promoteEligible, promotionRunOf, writeThresholds, type Promotion } from './promotions.ts'
import { createQualification, deleteQualification, updateQualification } from './qualifications.ts'

// The roster admin's use cases (spec 2 §2 Roster admin, §4; ARCHITECTURE §2, §5), one per user action, for the page
// actions, the /api routes and the weekly job alike: each commits its change with its audit entry in one transaction,
// and queues the Discord role sync of the people it touched (synced after the commit, retried until Discord has it),
// then runs its side effects (promotion announcements, activity posts). Those never turn a committed change into an
// error: the Discord client records its failures as System audit entries, and anything else that goes wrong after
// the commit is logged (server/transaction.ts).

export function addMember(services: AppServices, admin: User, input: CreateMemberInput): Promise<AdminMember> {
  return runTransaction(services, (tx) => createMember(tx, admin, input), {
    name: 'add member',
    syncRoles: (member) => [member.discord_id],
  })
}

export function editMember(
  services: AppServices,
  admin: User,
  id: number,
  input: MemberFieldsInput,
): Promise<AdminMember> {
  return runTransaction(services, (tx) => updateMember(tx, admin, id, input), {
    name: 'edit member',
    syncRoles: (member) => [member.discord_id],
  })
}

export async function removeMember(services: AppServices, admin: User, id: number): Promise<void> {
  await runTransaction(services, (tx) => deleteMember(tx, admin, id), {
    name: 'remove member',
    syncRoles: ({ discordId }) => [discordId],
  })
}

/** The member leaves their slot and the waitlist; the freed slot's waitlist placement is posted to the activity channel. */
export function banMember(services: AppServices, admin: User, id: number, reason: string): Promise<BanResult> {
  return runTransaction(services, (tx) => storeBan(tx, admin, id, reason), {
    name: 'ban member',
    syncRoles: ({ member, placement }) => [member.discord_id, placement?.discordId],
    after: ({ placement }) => (placement ? postActivity(services, [placementLine(placement)]) : undefined),
  })
}

export function unbanMember(services: AppServices, admin: User, id: number): Promise<AdminMember> {
  return runTransaction(services, (tx) => clearBan(tx, admin, id), {
    name: 'unban member',
    syncRoles: (member) => [member.discord_id],
  })
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
    syncRoles: (graduated) => graduated.map((p) => p.discordId),
  })
}

export function addQualification(
  services: AppServices,
  admin: User,
  input: QualificationInput,
): Promise<QualificationItem> {
  return runTransaction(services, (tx) => createQualification(tx, admin, input), { name: 'add qualification' })
}

export function editQualification(
  services: AppServices,
  admin: User,
  id: number,
  input: QualificationInput,
): Promise<QualificationItem> {
  return runTransaction(services, (tx) => updateQualification(tx, admin, id, input), { name: 'edit qualification' })
}

export function removeQualification(services: AppServices, admin: User, id: number): Promise<void> {
  return runTransaction(services, (tx) => deleteQualification(tx, admin, id), { name: 'remove qualification' })
}

export function saveThresholds(services: AppServices, admin: User, input: ThresholdsInput): Promise<ThresholdItem[]> {
  return runTransaction(services, (tx) => writeThresholds(tx, admin, input), { name: 'save thresholds' })
}

/** Spec 2 §5: a chat id is saved only when it changed; blank turns the announcements off. */
export async function setPromotionChannel(
  services: AppServices,
  admin: User,
  channelId: string,
): Promise<'unchanged' | 'updated' | 'disabled'> {
  if (channelId === (await getSetting(services.db, 'promotion_channel_id'))) return 'unchanged'
  await runTransaction(services, (tx) => updateSetting(tx, admin, { key: 'promotion_channel_id', value: channelId }), {
    name: 'set promotion channel',
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
    syncRoles: (promoted) => promoted.map((p) => p.discordId),
    after: (promoted) => announcePromotions(services, promoted),
  })
  return promotionRunOf(promotions)
}
