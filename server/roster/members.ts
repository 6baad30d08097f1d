import type { AppServices } from '../context.ts'
import { postActivity } from '../discord/activity-channel.ts'
import { runTransaction } from '../transaction.ts'
import { emitWebhook } from '../webhooks/emit.ts'
import { placementLine } from '../orbat/waitlist/placement.ts'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { CreateMemberInput, MemberFieldsInput } from '#contracts/roster.ts'
import type { AdminMember } from '#contracts/roster-types.ts'
import type { DbOrTx } from '#db/client.ts'
import { slots, squads } from '#db/schema/orbat.ts'
import {
  eventAttendance,
  events,
  memberQualifications,
  members,
  qualifications,
  trainingAttendance,
  trainings,
} from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { recordAudit } from '../audit/audit.ts'
import { Conflict, Invalid, NotFound } from '../errors.ts'
import type { Placement } from '../orbat/waitlist/placement.ts'
import { fillSlot } from '../orbat/waitlist/waitlist.ts'
import { markChange } from '../personnel/history.ts'
import { getAdminMember, memberRow } from '../personnel/member-views.ts'

// Roster members (docs/rules/roster.md, Members and Bans): the writes inside a use case's transaction, and the use
// cases below that run them (the /api's views of a member are in server/personnel/member-views.ts). The schemas are in
// contracts/roster.ts. A member links to a logged-in user by discord_id.

async function assertUnique(
  tx: DbOrTx,
  input: Pick<MemberFieldsInput, 'discord_id' | 'bohemia_uuid'>,
  exceptId?: number,
) {
  for (const [column, value, label] of [
    [members.discord_id, input.discord_id, 'Discord ID'],
    [members.bohemia_uuid, input.bohemia_uuid, 'Bohemia UUID'],
  ] as const) {
    if (!value) continue
    const [other] = await tx
      .select({ id: members.id, name: members.ingame_name })
      .from(members)
      .where(eq(column, value))
      .limit(1)
    if (other && other.id !== exceptId)
      throw new Conflict(`${other.name} already has the ${label} ${value}.`, {
        [column.name]: [`Another member (${other.name}) has this ${label}.`],
      })
  }
}

async function assertIdsExist(
  tx: DbOrTx,
  table: typeof qualifications | typeof events | typeof trainings,
  ids: number[] | undefined,
  what: string,
) {
  if (!ids?.length) return
  const found = new Set((await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id))
  const missing = ids.find((id) => !found.has(id))
  if (missing !== undefined) throw new Invalid(`${what} ${missing} does not exist.`)
}

/**
 * Replaces a member's links of one kind. Returns the ids added and removed. Event attendance moves
 * attended_events_count with it (see db/schema/roster.ts: the counter carries older attendance too).
 */
async function replaceLinks(
  tx: DbOrTx,
  memberId: number,
  kind: 'qualifications' | 'events' | 'trainings',
  ids: number[],
) {
  const table =
    kind === 'qualifications' ? memberQualifications : kind === 'events' ? eventAttendance : trainingAttendance
  const column =
    kind === 'qualifications'
      ? memberQualifications.qualification_id
      : kind === 'events'
        ? eventAttendance.event_id
        : trainingAttendance.training_id
  const current = (await tx.select({ id: column }).from(table).where(eq(table.member_id, memberId))).map((r) => r.id)
  const added = ids.filter((id) => !current.includes(id))
  const removed = current.filter((id) => !ids.includes(id))
  if (removed.length) await tx.delete(table).where(and(eq(table.member_id, memberId), inArray(column, removed)))
  if (added.length) {
    const rows = added.map((id) =>
      kind === 'qualifications'
        ? { member_id: memberId, qualification_id: id }
        : kind === 'events'
          ? { member_id: memberId, event_id: id }
          : { member_id: memberId, training_id: id },
    )
    await tx.insert(table).values(rows as never)
  }
  return { added, removed }
}

async function applyLinks(
  tx: DbOrTx,
  memberId: number,
  input: Pick<MemberFieldsInput, 'qualifications' | 'events' | 'trainings'>,
) {
  await assertIdsExist(tx, qualifications, input.qualifications, 'Qualification')
  await assertIdsExist(tx, events, input.events, 'Event')
  await assertIdsExist(tx, trainings, input.trainings, 'Training')
  if (input.qualifications) await replaceLinks(tx, memberId, 'qualifications', input.qualifications)
  if (input.trainings) await replaceLinks(tx, memberId, 'trainings', input.trainings)
  if (input.events) {
    const { added, removed } = await replaceLinks(tx, memberId, 'events', input.events)
    const delta = added.length - removed.length
    if (delta) {
      await tx
        .update(members)
        .set({ attended_events_count: sql`greatest(0, ${members.attended_events_count} + ${delta})` })
        .where(eq(members.id, memberId))
    }
  }
}

function memberValues(input: MemberFieldsInput) {
  return {
    ingame_name: input.ingame_name,
    rank: input.rank,
    join_date: input.join_date,
    notes: input.notes,
    discord_id: input.discord_id,
    bohemia_uuid: input.bohemia_uuid,
    hidden_score: input.hidden_score,
    attended_events_count: input.attended_events_count,
  }
}

async function createMember(tx: DbOrTx, admin: User, input: CreateMemberInput): Promise<AdminMember> {
  await assertUnique(tx, input)
  await markChange(tx, 'admin', admin)
  const denied = input.status === 'Denied'
  const [row] = await tx
    .insert(members)
    .values({
      ...memberValues(input),
      is_banned: denied,
      banned_date: denied ? new Date() : null,
      ban_reason: denied ? input.ban_reason : null,
    })
    .returning({ id: members.id })
  await applyLinks(tx, row!.id, input)
  await recordAudit(
    tx,
    admin,
    denied ? 'Member added (Denied)' : 'Member added',
    denied ? `${input.ingame_name}: ${input.ban_reason}` : `${input.ingame_name} (${input.rank})`,
  )
  if (denied) await removeFromOrbat(tx, input.discord_id)
  const member = await getAdminMember(tx, row!.id)
  await emitWebhook(tx, 'member.created', member)
  return member
}

export interface MemberUpdate {
  member: AdminMember
  /** The in-game name or the Discord link changed: the ORBAT shows this person's in-game name. */
  orbatName: boolean
}

export async function updateMember(
  tx: DbOrTx,
  admin: User,
  id: number,
  input: MemberFieldsInput,
): Promise<MemberUpdate> {
  const before = await memberRow(tx, id, true)
  await assertUnique(tx, input, id)
  await markChange(tx, 'admin', admin)
  await tx.update(members).set(memberValues(input)).where(eq(members.id, id))
  await applyLinks(tx, id, input)
  const changes: string[] = []
  if (before.ingame_name !== input.ingame_name) changes.push(`name ${before.ingame_name} -> ${input.ingame_name}`)
  if (before.rank !== input.rank) changes.push(`rank ${before.rank} -> ${input.rank}`)
  if (Number(before.hidden_score) !== input.hidden_score)
    changes.push(`hidden score ${Number(before.hidden_score)} -> ${input.hidden_score}`)
  await recordAudit(
    tx,
    admin,
    'Member updated',
    `${input.ingame_name}${changes.length ? `: ${changes.join(', ')}` : ''}`,
  )
  const member = await getAdminMember(tx, id)
  await emitWebhook(tx, 'member.updated', member)
  return { member, orbatName: before.ingame_name !== input.ingame_name || before.discord_id !== input.discord_id }
}

/**
 * member.created or member.updated for many members at once (an import, a bulk action): each as
 * GET /api/roster/admin/member/{id} answers it, worked out only when an endpoint wants the event.
 */
export async function emitMemberEvents(
  tx: DbOrTx,
  type: 'member.created' | 'member.updated',
  ids: readonly number[],
): Promise<void> {
  if (!ids.length) return
  const [wanted] = await tx.execute<{ wanted: boolean }>(sql`select webhook_wanted(${type}) as wanted`)
  if (!wanted?.wanted) return
  for (const id of ids) await emitWebhook(tx, type, await getAdminMember(tx, id))
}

/** Answers the deleted member's Discord id, whose managed roles go after the commit. */
export async function deleteMember(tx: DbOrTx, admin: User, id: number): Promise<{ discordId: string | null }> {
  // The member as they were (a delete that finds nothing rolls back, and with it this).
  await emitWebhook(tx, 'member.deleted', () => getAdminMember(tx, id))
  const [removed] = await tx
    .delete(members)
    .where(eq(members.id, id))
    .returning({ name: members.ingame_name, discord_id: members.discord_id })
  if (!removed) throw new NotFound('Member not found.')
  await recordAudit(tx, admin, 'Member deleted', removed.name)
  return { discordId: removed.discord_id }
}

/**
 * A banned member leaves their slot and the waitlist (and cannot sign up again until unbanned: the sign-up and join
 * rules read members.is_banned). The freed slot goes to the waitlist.
 */
async function removeFromOrbat(
  tx: DbOrTx,
  discordId: string | null,
): Promise<{ slot: string | null; placement: Placement | null }> {
  if (!discordId) return { slot: null, placement: null }
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.discord_id, discordId)).limit(1)
  if (!user) return { slot: null, placement: null }
  await tx.delete(waitlistEntries).where(eq(waitlistEntries.user_id, user.id))
  const [freed] = await tx
    .update(slots)
    .set({ user_id: null })
    .where(eq(slots.user_id, user.id))
    .returning({ id: slots.id, role: slots.role, squad_id: slots.squad_id })
  let slot: string | null = null
  let placement: Placement | null = null
  if (freed) {
    const [squad] = await tx.select({ name: squads.name }).from(squads).where(eq(squads.id, freed.squad_id))
    slot = `${freed.role} (${squad?.name ?? 'unknown squad'})`
    placement = await fillSlot(tx, freed.id)
  }
  return { slot, placement }
}

export interface BanResult {
  member: AdminMember
  /** The slot the member was removed from, if any. */
  freedSlot: string | null
  placement: Placement | null
}

export async function storeBan(tx: DbOrTx, admin: User, id: number, reason: string): Promise<BanResult> {
  const row = await memberRow(tx, id, true)
  if (row.is_banned) throw new Conflict(`${row.ingame_name} is already banned.`)
  await markChange(tx, 'admin', admin)
  await tx
    .update(members)
    .set({ is_banned: true, banned_date: new Date(), ban_reason: reason })
    .where(eq(members.id, id))
  const { slot, placement } = await removeFromOrbat(tx, row.discord_id)
  await recordAudit(tx, admin, 'Member banned', `${row.ingame_name}: ${reason}${slot ? ` (removed from ${slot})` : ''}`)
  const member = await getAdminMember(tx, id)
  await emitWebhook(tx, 'member.banned', member)
  return { member, freedSlot: slot, placement }
}

export async function clearBan(tx: DbOrTx, admin: User, id: number): Promise<AdminMember> {
  const row = await memberRow(tx, id, true)
  if (!row.is_banned) throw new Conflict(`${row.ingame_name} is not banned.`)
  await markChange(tx, 'admin', admin)
  await tx.update(members).set({ is_banned: false, banned_date: null, ban_reason: null }).where(eq(members.id, id))
  await recordAudit(tx, admin, 'Member unbanned', row.ingame_name)
  return getAdminMember(tx, id)
}

// Every member write changes the public roster. The ORBAT and its waitlist show a linked member's in-game name in
// place of the Discord name, so a member linked to a Discord id (added, renamed, relinked, deleted) changes it too; so
// does a ban (the member leaves their slot and the waitlist) and an unban (who may sign up).

export function addMember(services: AppServices, admin: User, input: CreateMemberInput): Promise<AdminMember> {
  return runTransaction(services, (tx) => createMember(tx, admin, input), {
    name: 'add member',
    changes: (member) => (member.discord_id ? ['roster', 'orbat'] : ['roster']),
    syncRoles: (member) => [member.discord_id],
  })
}

export async function editMember(
  services: AppServices,
  admin: User,
  id: number,
  input: MemberFieldsInput,
): Promise<AdminMember> {
  const { member } = await runTransaction(services, (tx) => updateMember(tx, admin, id, input), {
    name: 'edit member',
    changes: ({ orbatName }) => (orbatName ? ['roster', 'orbat'] : ['roster']),
    syncRoles: ({ member }) => [member.discord_id],
  })
  return member
}

export async function removeMember(services: AppServices, admin: User, id: number): Promise<void> {
  await runTransaction(services, (tx) => deleteMember(tx, admin, id), {
    name: 'remove member',
    changes: ({ discordId }) => (discordId ? ['roster', 'orbat'] : ['roster']),
    syncRoles: ({ discordId }) => [discordId],
  })
}

/** The member leaves their slot and the waitlist; the freed slot's waitlist placement is posted to the activity channel. */
export function banMember(services: AppServices, admin: User, id: number, reason: string): Promise<BanResult> {
  return runTransaction(services, (tx) => storeBan(tx, admin, id, reason), {
    name: 'ban member',
    changes: ['roster', 'orbat'],
    syncRoles: ({ member, placement }) => [member.discord_id, placement?.discordId],
    after: ({ placement }) => (placement ? postActivity(services, [placementLine(placement)]) : undefined),
  })
}

export function unbanMember(services: AppServices, admin: User, id: number): Promise<AdminMember> {
  return runTransaction(services, (tx) => clearBan(tx, admin, id), {
    name: 'unban member',
    changes: ['roster', 'orbat'],
    syncRoles: (member) => [member.discord_id],
  })
}
