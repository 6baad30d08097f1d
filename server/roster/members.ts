import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '#db/client.ts'
import { slots, squads } from '#db/schema/orbat.ts'
import {
  eventAttendance,
  events,
  memberQualifications,
  members,
  qualifications,
  RANKS,
  trainingAttendance,
  trainings,
  type Member,
} from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { rankRoleMappings } from '#db/schema/discord.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { Conflict, Invalid, NotFound } from '../errors.ts'
import { announceChange } from '../orbat/live.ts'
import { fillSlot, type Placement } from '../waitlist/waitlist.ts'

// Roster members (spec 2 §2 Roster admin, §3 Member, §4, §5 Member form and Ban form; ARCHITECTURE §5 Roster).
// event_score = attended_events_count + hidden_score. A member links to a logged-in user by discord_id.

const MAX_INT = 2_147_483_647
const idList = (what: string) =>
  z
    .array(z.coerce.number({ error: `${what} ids must be numbers.` }).int().min(1).max(MAX_INT), { error: `${what} must be a list of ids.` })
    .max(10_000)
    .transform((ids) => [...new Set(ids)])

/** '' and whitespace become null. */
const optionalText = (max: number, message: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim() || null)
    .refine((v) => v === null || v.length <= max, message)

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
export const dateOnly = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .refine((v) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), 'Please enter a valid date (YYYY-MM-DD).')

export const memberFieldsSchema = z.object({
  ingame_name: z.string({ error: 'In-Game Name is required.' }).trim().min(1, 'In-Game Name is required.').max(100, 'In-Game Name is limited to 100 characters.'),
  rank: z.enum(RANKS, { error: `Rank must be one of ${RANKS.join(', ')}.` }).default('BMT'),
  join_date: dateOnly('Join Date is required.'),
  notes: optionalText(5000, 'Notes are limited to 5,000 characters.'),
  discord_id: optionalText(25, 'The Discord ID is too long.').refine((v) => v === null || /^\d+$/.test(v), 'The Discord ID must contain digits only.'),
  bohemia_uuid: optionalText(100, 'The Bohemia UUID is too long.'),
  hidden_score: z.coerce
    .number({ error: 'The hidden score must be a number.' })
    .finite('The hidden score must be a number.')
    .min(-99_999_999, 'The hidden score is out of range.')
    .max(99_999_999, 'The hidden score is out of range.')
    .transform((v) => Math.round(v * 100) / 100)
    .default(0),
  attended_events_count: z.coerce
    .number({ error: 'Attended events must be a whole number.' })
    .int('Attended events must be a whole number.')
    .min(0, 'Attended events cannot be negative.')
    .max(MAX_INT)
    .default(0),
  qualifications: idList('Qualifications').optional(),
  events: idList('Events').optional(),
  trainings: idList('Trainings').optional(),
})

export const MEMBER_STATUSES = ['Active', 'Denied'] as const
export const DENIAL_REASON_REQUIRED = 'Please provide a reason for the denial.'

/** POST /api/roster/members: the member fields plus a status; Denied stores the member banned with the reason. */
export const createMemberSchema = memberFieldsSchema
  .extend({
    status: z.enum(MEMBER_STATUSES, { error: 'Status must be Active or Denied.' }).default('Active'),
    ban_reason: optionalText(1000, 'The reason is limited to 1,000 characters.'),
  })
  .superRefine((input, ctx) => {
    if (input.status === 'Denied' && !input.ban_reason) ctx.addIssue({ code: 'custom', path: ['ban_reason'], message: DENIAL_REASON_REQUIRED })
  })
export type CreateMemberInput = z.output<typeof createMemberSchema>
export type MemberFieldsInput = z.output<typeof memberFieldsSchema>

export const BAN_MEMBER_REQUIRED = 'Please select a valid member from the list.'
export const BAN_REASON_REQUIRED = 'Please provide a reason for the ban.'
export const banSchema = z.object({
  reason: z.string({ error: BAN_REASON_REQUIRED }).trim().min(1, BAN_REASON_REQUIRED).max(1000, 'The reason is limited to 1,000 characters.'),
})

/** The public member view (spec 2 §2 member sheet). */
export interface PublicMember {
  id: number
  ingame_name: string
  rank: Member['rank']
  join_date: string
  event_score: number
  qualifications: Array<{ id: number; name: string; description: string | null }>
  events: Array<{ id: number; name: string; date: string; orbat_image_url: string | null }>
  trainings: Array<{ id: number; name: string; date: string; is_bmt_training: boolean }>
}

/** The admin member view: every field plus the id lists the edit form ticks. */
export interface AdminMember {
  id: number
  ingame_name: string
  rank: Member['rank']
  join_date: string
  notes: string | null
  discord_id: string | null
  bohemia_uuid: string | null
  hidden_score: number
  attended_events_count: number
  event_score: number
  is_banned: boolean
  banned_date: string | null
  ban_reason: string | null
  qualifications: number[]
  events: number[]
  trainings: number[]
}

const eventScore = (m: Pick<Member, 'attended_events_count' | 'hidden_score'>) => Math.round((m.attended_events_count + Number(m.hidden_score)) * 100) / 100

async function memberRow(db: DbOrTx, id: number, forUpdate = false): Promise<Member> {
  const query = db.select().from(members).where(eq(members.id, id)).limit(1)
  const [row] = forUpdate ? await query.for('update') : await query
  if (!row) throw new NotFound('Member not found.')
  return row
}

async function memberLinks(db: DbOrTx, id: number) {
  const [quals, evts, trns] = await Promise.all([
    db
      .select({ id: qualifications.id, name: qualifications.name, description: qualifications.description })
      .from(memberQualifications)
      .innerJoin(qualifications, eq(qualifications.id, memberQualifications.qualification_id))
      .where(eq(memberQualifications.member_id, id))
      .orderBy(asc(qualifications.name)),
    db
      .select({ id: events.id, name: events.name, date: events.date, orbat_image_url: events.orbat_image_url })
      .from(eventAttendance)
      .innerJoin(events, eq(events.id, eventAttendance.event_id))
      .where(eq(eventAttendance.member_id, id))
      .orderBy(desc(events.date), desc(events.id)),
    db
      .select({ id: trainings.id, name: trainings.name, date: trainings.date, is_bmt_training: trainings.is_bmt_training })
      .from(trainingAttendance)
      .innerJoin(trainings, eq(trainings.id, trainingAttendance.training_id))
      .where(eq(trainingAttendance.member_id, id))
      .orderBy(desc(trainings.date), desc(trainings.id)),
  ])
  return { quals, evts, trns }
}

/** GET /api/roster/member/{id}: what anyone may see. Banned members are not on the public roster. */
export async function getPublicMember(db: DbOrTx, id: number): Promise<PublicMember> {
  const row = await memberRow(db, id)
  if (row.is_banned) throw new NotFound('Member not found.')
  const { quals, evts, trns } = await memberLinks(db, id)
  return {
    id: row.id,
    ingame_name: row.ingame_name,
    rank: row.rank,
    join_date: row.join_date,
    event_score: eventScore(row),
    qualifications: quals,
    events: evts.map((e) => ({ ...e, date: e.date.toISOString() })),
    trainings: trns.map((t) => ({ ...t, date: t.date.toISOString() })),
  }
}

/** GET /api/roster/admin/member/{id}. */
export async function getAdminMember(db: DbOrTx, id: number): Promise<AdminMember> {
  const row = await memberRow(db, id)
  const { quals, evts, trns } = await memberLinks(db, id)
  return {
    id: row.id,
    ingame_name: row.ingame_name,
    rank: row.rank,
    join_date: row.join_date,
    notes: row.notes,
    discord_id: row.discord_id,
    bohemia_uuid: row.bohemia_uuid,
    hidden_score: Number(row.hidden_score),
    attended_events_count: row.attended_events_count,
    event_score: eventScore(row),
    is_banned: row.is_banned,
    banned_date: row.banned_date ? row.banned_date.toISOString() : null,
    ban_reason: row.ban_reason,
    qualifications: quals.map((q) => q.id),
    events: evts.map((e) => e.id),
    trainings: trns.map((t) => t.id),
  }
}

async function assertUnique(tx: DbOrTx, input: Pick<MemberFieldsInput, 'discord_id' | 'bohemia_uuid'>, exceptId?: number) {
  for (const [column, value, label] of [
    [members.discord_id, input.discord_id, 'Discord ID'],
    [members.bohemia_uuid, input.bohemia_uuid, 'Bohemia UUID'],
  ] as const) {
    if (!value) continue
    const [other] = await tx.select({ id: members.id, name: members.ingame_name }).from(members).where(eq(column, value)).limit(1)
    if (other && other.id !== exceptId) throw new Conflict(`${other.name} already has the ${label} ${value}.`, { [column.name]: [`Another member (${other.name}) has this ${label}.`] })
  }
}

async function assertIdsExist(tx: DbOrTx, table: typeof qualifications | typeof events | typeof trainings, ids: number[] | undefined, what: string) {
  if (!ids?.length) return
  const found = new Set((await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids))).map((r) => r.id))
  const missing = ids.find((id) => !found.has(id))
  if (missing !== undefined) throw new Invalid(`${what} ${missing} does not exist.`)
}

/**
 * Replaces a member's links of one kind. Returns the ids added and removed. Event attendance moves
 * attended_events_count with it (see db/schema/roster.ts: the counter carries older attendance too).
 */
async function replaceLinks(tx: DbOrTx, memberId: number, kind: 'qualifications' | 'events' | 'trainings', ids: number[]) {
  const table = kind === 'qualifications' ? memberQualifications : kind === 'events' ? eventAttendance : trainingAttendance
  const column = kind === 'qualifications' ? memberQualifications.qualification_id : kind === 'events' ? eventAttendance.event_id : trainingAttendance.training_id
  const current = (await tx.select({ id: column }).from(table).where(eq(table.member_id, memberId))).map((r) => r.id)
  const added = ids.filter((id) => !current.includes(id))
  const removed = current.filter((id) => !ids.includes(id))
  if (removed.length) await tx.delete(table).where(and(eq(table.member_id, memberId), inArray(column, removed)))
  if (added.length) {
    const rows = added.map((id) =>
      kind === 'qualifications' ? { member_id: memberId, qualification_id: id } : kind === 'events' ? { member_id: memberId, event_id: id } : { member_id: memberId, training_id: id },
    )
    await tx.insert(table).values(rows as never)
  }
  return { added, removed }
}

async function applyLinks(tx: DbOrTx, memberId: number, input: Pick<MemberFieldsInput, 'qualifications' | 'events' | 'trainings'>) {
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

export async function createMember(tx: DbOrTx, admin: User, input: CreateMemberInput): Promise<AdminMember> {
  await assertUnique(tx, input)
  const denied = input.status === 'Denied'
  const [row] = await tx
    .insert(members)
    .values({ ...memberValues(input), is_banned: denied, banned_date: denied ? new Date() : null, ban_reason: denied ? input.ban_reason : null })
    .returning({ id: members.id })
  await applyLinks(tx, row!.id, input)
  await recordAudit(tx, admin, denied ? 'Member added (Denied)' : 'Member added', denied ? `${input.ingame_name}: ${input.ban_reason}` : `${input.ingame_name} (${input.rank})`)
  if (denied) await removeFromOrbat(tx, input.discord_id)
  return getAdminMember(tx, row!.id)
}

export async function updateMember(tx: DbOrTx, admin: User, id: number, input: MemberFieldsInput): Promise<AdminMember> {
  const before = await memberRow(tx, id, true)
  await assertUnique(tx, input, id)
  await tx.update(members).set(memberValues(input)).where(eq(members.id, id))
  await applyLinks(tx, id, input)
  const changes: string[] = []
  if (before.ingame_name !== input.ingame_name) changes.push(`name ${before.ingame_name} -> ${input.ingame_name}`)
  if (before.rank !== input.rank) changes.push(`rank ${before.rank} -> ${input.rank}`)
  if (Number(before.hidden_score) !== input.hidden_score) changes.push(`hidden score ${Number(before.hidden_score)} -> ${input.hidden_score}`)
  await recordAudit(tx, admin, 'Member updated', `${input.ingame_name}${changes.length ? `: ${changes.join(', ')}` : ''}`)
  // The ORBAT shows in-game names: a rename or a new Discord link changes what it shows.
  if (before.ingame_name !== input.ingame_name || before.discord_id !== input.discord_id) await announceChange(tx)
  return getAdminMember(tx, id)
}

export async function deleteMember(tx: DbOrTx, admin: User, id: number): Promise<void> {
  const [removed] = await tx.delete(members).where(eq(members.id, id)).returning({ name: members.ingame_name, discord_id: members.discord_id })
  if (!removed) throw new NotFound('Member not found.')
  await recordAudit(tx, admin, 'Member deleted', removed.name)
  if (removed.discord_id) await announceChange(tx)
}

/**
 * A banned member leaves their slot and the waitlist (and cannot sign up again until unbanned: the sign-up and join
 * rules read members.is_banned). The freed slot goes to the waitlist.
 */
async function removeFromOrbat(tx: DbOrTx, discordId: string | null): Promise<{ slot: string | null; placement: Placement | null }> {
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
  await announceChange(tx)
  return { slot, placement }
}

export interface BanResult {
  member: AdminMember
  /** The slot the member was removed from, if any. */
  freedSlot: string | null
  placement: Placement | null
}

export async function banMember(tx: DbOrTx, admin: User, id: number, reason: string): Promise<BanResult> {
  const row = await memberRow(tx, id, true)
  if (row.is_banned) throw new Conflict(`${row.ingame_name} is already banned.`)
  await tx.update(members).set({ is_banned: true, banned_date: new Date(), ban_reason: reason }).where(eq(members.id, id))
  const { slot, placement } = await removeFromOrbat(tx, row.discord_id)
  await recordAudit(tx, admin, 'Member banned', `${row.ingame_name}: ${reason}${slot ? ` (removed from ${slot})` : ''}`)
  return { member: await getAdminMember(tx, id), freedSlot: slot, placement }
}

export async function unbanMember(tx: DbOrTx, admin: User, id: number): Promise<AdminMember> {
  const row = await memberRow(tx, id, true)
  if (!row.is_banned) throw new Conflict(`${row.ingame_name} is not banned.`)
  await tx.update(members).set({ is_banned: false, banned_date: null, ban_reason: null }).where(eq(members.id, id))
  await recordAudit(tx, admin, 'Member unbanned', row.ingame_name)
  return getAdminMember(tx, id)
}

/**
 * Makes the member's Discord roles match the roster (ARCHITECTURE §5: rank and qualification changes sync the mapped
 * roles): the mapped role of their rank and of each qualification they hold are added; other mapped rank roles and
 * the roles of qualifications they no longer hold are removed. Roles nobody mapped are never touched. Run after the
 * change commits; Discord failures are logged by the client (System audit entry), not thrown.
 */
export async function syncMemberDiscordRoles(services: AppServices, memberId: number): Promise<{ added: string[]; removed: string[] }> {
  const none = { added: [], removed: [] }
  const [member] = await services.db.select({ discord_id: members.discord_id, rank: members.rank, banned: members.is_banned }).from(members).where(eq(members.id, memberId))
  if (!member?.discord_id || member.banned || !services.discord.configured) return none
  const [rankMappings, allQualifications, held] = await Promise.all([
    services.db.select().from(rankRoleMappings),
    services.db.select({ id: qualifications.id, role: qualifications.discord_role_id }).from(qualifications),
    services.db.select({ id: memberQualifications.qualification_id }).from(memberQualifications).where(eq(memberQualifications.member_id, memberId)),
  ])
  const heldIds = new Set(held.map((h) => h.id))
  const wanted = new Set<string>()
  const managed = new Set<string>()
  for (const mapping of rankMappings) {
    managed.add(mapping.discord_role_id)
    if (mapping.rank_name === member.rank) wanted.add(mapping.discord_role_id)
  }
  for (const q of allQualifications) {
    if (!q.role) continue
    managed.add(q.role)
    if (heldIds.has(q.id)) wanted.add(q.role)
  }
  if (!managed.size) return none
  const current = await services.discord.getGuildMember(member.discord_id)
  if (!current.ok) return none
  const has = new Set(current.data.roles)
  const added = [...wanted].filter((r) => !has.has(r))
  const removed = [...managed].filter((r) => has.has(r) && !wanted.has(r))
  for (const role of added) await services.discord.addMemberRole(member.discord_id, role, 'Roster sync')
  for (const role of removed) await services.discord.removeMemberRole(member.discord_id, role, 'Roster sync')
  return { added, removed }
}
