import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '#db/client.ts'
import { members, trainingAttendance, trainings, trainingSignups } from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import { discordAvatarUrl } from '../discord/client.ts'
import { Conflict, Forbidden, Invalid, NotFound, Unauthorized } from '../errors.ts'
import { attendanceSchema } from './events.ts'

// Trainings (spec 2 §2 Trainings tab and Public trainings page, §3 Training, §5 Training): admin CRUD, attendance,
// sign-ups; the public list with sign-up / leave for members on the roster.

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/
/** A training that started this long ago still shows on the public page (members check in late). */
const PUBLIC_GRACE_MS = 3 * 3600_000

const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.literal('true'), z.literal('false'), z.literal('on')], {
    error: 'Flags must be true or false.',
  })
  .optional()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on')

export const trainingInputSchema = z.object({
  name: z.string({ error: 'Training name is required.' }).trim().min(1, 'Training name is required.').max(200, 'Training names are limited to 200 characters.'),
  description: z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim() || null)
    .refine((v) => v === null || v.length <= 5000, 'The description is limited to 5,000 characters.'),
  date: z
    .string({ error: 'Training date is required.' })
    .trim()
    .min(1, { error: 'Training date is required.', abort: true })
    .refine((v) => ISO_DATE_TIME.test(v) && Number.isFinite(Date.parse(v)), 'Please enter a valid date and time.')
    .transform((v) => new Date(v)),
  is_hidden: flag,
  is_bmt_training: flag,
})
export type TrainingInput = z.output<typeof trainingInputSchema>
export { attendanceSchema }

export interface TrainingItem {
  id: number
  name: string
  description: string | null
  date: string
  is_hidden: boolean
  is_bmt_training: boolean
  signup_count: number
}

export interface PublicTraining extends TrainingItem {
  is_signed_up: boolean
  /** Started already (shown for a few hours after its start): sign-up and leave are closed. */
  has_started: boolean
}

export interface TrainingSignupItem {
  id: number
  ingame_name: string
  rank: string
  discord_id: string | null
  avatar: string | null
}

const signupCount = sql<number>`(select count(*) from ${trainingSignups} s where s.training_id = ${trainings.id})`.mapWith(Number)

function toItem(row: { id: number; name: string; description: string | null; date: Date; is_hidden: boolean; is_bmt_training: boolean; signup_count: number }): TrainingItem {
  return { ...row, date: row.date.toISOString() }
}

/** Admin list: every training, soonest first. */
export async function listTrainings(db: DbOrTx): Promise<TrainingItem[]> {
  const rows = await db
    .select({ id: trainings.id, name: trainings.name, description: trainings.description, date: trainings.date, is_hidden: trainings.is_hidden, is_bmt_training: trainings.is_bmt_training, signup_count: signupCount })
    .from(trainings)
    .orderBy(asc(trainings.date), asc(trainings.id))
  return rows.map(toItem)
}

/** The member a logged-in user is on the roster as (by Discord id), if any. */
async function memberOfUser(db: DbOrTx, user: User) {
  const [member] = await db.select({ id: members.id, name: members.ingame_name, banned: members.is_banned }).from(members).where(eq(members.discord_id, user.discord_id)).limit(1)
  return member ?? null
}

/** GET /api/roster/trainings/public: visible trainings from a little before now, with is_signed_up for the user. */
export async function listPublicTrainings(db: DbOrTx, user: User | null, now = new Date()): Promise<PublicTraining[]> {
  const member = user ? await memberOfUser(db, user) : null
  const rows = await db
    .select({
      id: trainings.id,
      name: trainings.name,
      description: trainings.description,
      date: trainings.date,
      is_hidden: trainings.is_hidden,
      is_bmt_training: trainings.is_bmt_training,
      signup_count: signupCount,
      is_signed_up: member
        ? sql<boolean>`exists(select 1 from ${trainingSignups} s where s.training_id = ${trainings.id} and s.member_id = ${member.id})`
        : sql<boolean>`false`,
    })
    .from(trainings)
    .where(and(eq(trainings.is_hidden, false), gte(trainings.date, new Date(now.getTime() - PUBLIC_GRACE_MS))))
    .orderBy(asc(trainings.date), asc(trainings.id))
  return rows.map((r) => ({ ...toItem(r), is_signed_up: Boolean(r.is_signed_up), has_started: r.date.getTime() <= now.getTime() }))
}

async function trainingRow(db: DbOrTx, id: number) {
  const [row] = await db.select().from(trainings).where(eq(trainings.id, id)).limit(1)
  if (!row) throw new NotFound('Training not found.')
  return row
}

export async function createTraining(tx: DbOrTx, admin: User, input: TrainingInput): Promise<TrainingItem> {
  const [row] = await tx.insert(trainings).values(input).returning()
  await recordAudit(tx, admin, input.is_bmt_training ? 'BMT training added' : 'Training added', `${input.name} (${input.date.toISOString()})`)
  return toItem({ ...row!, signup_count: 0 })
}

export async function updateTraining(tx: DbOrTx, admin: User, id: number, input: TrainingInput): Promise<TrainingItem> {
  const before = await trainingRow(tx, id)
  await tx.update(trainings).set(input).where(eq(trainings.id, id))
  await recordAudit(tx, admin, 'Training updated', before.name === input.name ? input.name : `${before.name} -> ${input.name}`)
  return (await listTrainings(tx)).find((t) => t.id === id)!
}

export async function deleteTraining(tx: DbOrTx, admin: User, id: number): Promise<void> {
  const [removed] = await tx.delete(trainings).where(eq(trainings.id, id)).returning({ name: trainings.name })
  if (!removed) throw new NotFound('Training not found.')
  await recordAudit(tx, admin, 'Training deleted', removed.name)
}

/** GET /api/roster/trainings/{id}/signups: who signed up, in sign-up order. */
export async function listTrainingSignups(db: DbOrTx, trainingId: number): Promise<TrainingSignupItem[]> {
  await trainingRow(db, trainingId)
  const rows = await db
    .select({ id: members.id, ingame_name: members.ingame_name, rank: members.rank, discord_id: members.discord_id, avatar: users.avatar })
    .from(trainingSignups)
    .innerJoin(members, eq(members.id, trainingSignups.member_id))
    .leftJoin(users, eq(users.discord_id, members.discord_id))
    .where(eq(trainingSignups.training_id, trainingId))
    .orderBy(asc(trainingSignups.created_at), asc(members.id))
  return rows.map((r) => ({ ...r, avatar: r.discord_id ? discordAvatarUrl(r.discord_id, r.avatar) : null }))
}

export const LOGIN_TO_SIGN_UP = 'You must be logged in to sign up for trainings.'

/** A logged-in member on the roster signs up to a visible, upcoming training. */
export async function signUpToTraining(tx: DbOrTx, user: User | null, trainingId: number, now = new Date()): Promise<{ message: string }> {
  if (!user) throw new Unauthorized(LOGIN_TO_SIGN_UP)
  const training = await trainingRow(tx, trainingId)
  if (training.is_hidden) throw new NotFound('Training not found.')
  if (training.date.getTime() < now.getTime()) throw new Conflict('This training has already started.')
  const member = await memberOfUser(tx, user)
  if (!member) throw new Forbidden('You need to be on the company roster to sign up for trainings.')
  if (member.banned) throw new Forbidden('Banned members cannot sign up for trainings.')
  const inserted = await tx.insert(trainingSignups).values({ training_id: trainingId, member_id: member.id }).onConflictDoNothing().returning({ id: trainingSignups.member_id })
  if (!inserted.length) throw new Conflict('You are already signed up for this training.')
  await recordAudit(tx, user, 'Training sign-up', `${member.name} signed up for ${training.name}.`)
  return { message: `You have signed up for ${training.name}.` }
}

export async function leaveTraining(tx: DbOrTx, user: User | null, trainingId: number, now = new Date()): Promise<{ message: string }> {
  if (!user) throw new Unauthorized(LOGIN_TO_SIGN_UP)
  const training = await trainingRow(tx, trainingId)
  if (training.date.getTime() < now.getTime()) throw new Conflict('This training has already started.')
  const member = await memberOfUser(tx, user)
  const removed = member
    ? await tx.delete(trainingSignups).where(and(eq(trainingSignups.training_id, trainingId), eq(trainingSignups.member_id, member.id))).returning({ id: trainingSignups.member_id })
    : []
  if (!removed.length) throw new Conflict('You are not signed up for this training.')
  await recordAudit(tx, user, 'Training sign-up removed', `${member!.name} left ${training.name}.`)
  return { message: `You have left ${training.name}.` }
}

/** DELETE /api/roster/trainings/{id}/signups/{memberId}: an admin removes a sign-up. */
export async function removeTrainingSignup(tx: DbOrTx, admin: User, trainingId: number, memberId: number): Promise<void> {
  const training = await trainingRow(tx, trainingId)
  const removed = await tx
    .delete(trainingSignups)
    .where(and(eq(trainingSignups.training_id, trainingId), eq(trainingSignups.member_id, memberId)))
    .returning({ id: trainingSignups.member_id })
  if (!removed.length) throw new NotFound('Sign-up not found.')
  const [member] = await tx.select({ name: members.ingame_name }).from(members).where(eq(members.id, memberId))
  await recordAudit(tx, admin, 'Training sign-up removed', `${member?.name ?? memberId} from ${training.name} (by an admin).`)
}

export async function getTrainingAttendance(db: DbOrTx, trainingId: number): Promise<{ memberIds: number[] }> {
  await trainingRow(db, trainingId)
  const rows = await db.select({ id: trainingAttendance.member_id }).from(trainingAttendance).where(eq(trainingAttendance.training_id, trainingId)).orderBy(asc(trainingAttendance.member_id))
  return { memberIds: rows.map((r) => r.id) }
}

/** Training attendance is recorded on the member (their Trainings tab); it does not change the event score. */
export async function setTrainingAttendance(tx: DbOrTx, admin: User, trainingId: number, memberIds: number[]): Promise<{ memberIds: number[] }> {
  const training = await trainingRow(tx, trainingId)
  if (memberIds.length) {
    const found = new Set((await tx.select({ id: members.id }).from(members).where(inArray(members.id, memberIds))).map((r) => r.id))
    const missing = memberIds.find((id) => !found.has(id))
    if (missing !== undefined) throw new Invalid(`Member ${missing} does not exist.`)
  }
  await tx.delete(trainingAttendance).where(eq(trainingAttendance.training_id, trainingId))
  if (memberIds.length) await tx.insert(trainingAttendance).values(memberIds.map((member_id) => ({ training_id: trainingId, member_id })))
  await recordAudit(tx, admin, 'Training attendance recorded', `${training.name}: ${memberIds.length} attended.`)
  return { memberIds: [...memberIds].sort((a, b) => a - b) }
}

