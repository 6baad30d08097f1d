import { and, asc, eq, gte, sql } from 'drizzle-orm'
import type { AttendanceResult } from '#contracts/attendance.ts'
import type { PublicTraining, TrainingInput, TrainingItem, TrainingSignupItem } from '#contracts/trainings.ts'
import type { DbOrTx } from '#db/client.ts'
import { members, trainingAttendance, trainings, trainingSignups } from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { discordAvatarUrl } from '../discord/client.ts'
import { Conflict, Forbidden, NotFound, Unauthorized } from '../errors.ts'
import { runTransaction } from '../transaction.ts'
import { assertMembersExist } from './attendance.ts'
import { getUnitTimeZone } from '../settings/unit-time-zone.ts'
import { instantOf, zonedIso } from './wall-time.ts'

// Trainings (docs/rules/roster.md, Trainings): admin CRUD, attendance, sign-ups; the public list with sign-up / leave
// for members on the roster. Each change is one use case (its own transaction and audit entry) for the pages' actions
// and the /api routes alike.

export type { PublicTraining, TrainingInput, TrainingItem, TrainingSignupItem }

/** A training that started this long ago still shows on the public page (members check in late). */
const PUBLIC_GRACE_MS = 3 * 3600_000

const signupCount =
  sql<number>`(select count(*) from ${trainingSignups} s where s.training_id = ${trainings.id})`.mapWith(Number)

/** A training as the answers give it, its start on the unit's clock (zonedIso). */
function toItem(
  row: {
    id: number
    name: string
    description: string | null
    date: Date
    is_hidden: boolean
    is_bmt_training: boolean
    signup_count: number
  },
  zone: string,
): TrainingItem {
  return { ...row, date: zonedIso(row.date, zone) }
}

/** The columns of a TrainingItem. */
const itemColumns = {
  id: trainings.id,
  name: trainings.name,
  description: trainings.description,
  date: trainings.date,
  is_hidden: trainings.is_hidden,
  is_bmt_training: trainings.is_bmt_training,
  signup_count: signupCount,
}

/** Admin list: every training, soonest first. */
export async function listTrainings(db: DbOrTx): Promise<TrainingItem[]> {
  const zone = await getUnitTimeZone(db)
  const rows = await db.select(itemColumns).from(trainings).orderBy(asc(trainings.date), asc(trainings.id))
  return rows.map((row) => toItem(row, zone))
}

/** The member a logged-in user is on the roster as (by Discord id), if any. */
async function memberOfUser(db: DbOrTx, user: User) {
  const [member] = await db
    .select({ id: members.id, name: members.ingame_name, banned: members.is_banned })
    .from(members)
    .where(eq(members.discord_id, user.discord_id))
    .limit(1)
  return member ?? null
}

/** GET /api/roster/trainings/public: visible trainings from a little before now, with is_signed_up for the user. */
export async function listPublicTrainings(db: DbOrTx, user: User | null, now = new Date()): Promise<PublicTraining[]> {
  const member = user ? await memberOfUser(db, user) : null
  const zone = await getUnitTimeZone(db)
  const rows = await db
    .select({
      ...itemColumns,
      is_signed_up: member
        ? sql<boolean>`exists(select 1 from ${trainingSignups} s where s.training_id = ${trainings.id} and s.member_id = ${member.id})`
        : sql<boolean>`false`,
    })
    .from(trainings)
    .where(and(eq(trainings.is_hidden, false), gte(trainings.date, new Date(now.getTime() - PUBLIC_GRACE_MS))))
    .orderBy(asc(trainings.date), asc(trainings.id))
  return rows.map((r) => ({
    ...toItem(r, zone),
    is_signed_up: Boolean(r.is_signed_up),
    has_started: r.date.getTime() <= now.getTime(),
  }))
}

type TrainingRow = typeof trainings.$inferSelect

async function trainingRow(db: DbOrTx, id: number): Promise<TrainingRow> {
  const [row] = await db.select().from(trainings).where(eq(trainings.id, id)).limit(1)
  if (!row) throw new NotFound('Training not found.')
  return row
}

/** The columns a parsed form or body sets: the date becomes its instant (a form's day and time in the admin's zone). */
function trainingValues(input: TrainingInput) {
  const { name, description, is_hidden, is_bmt_training } = input
  return { name, description, is_hidden, is_bmt_training, date: instantOf(input) }
}

export async function createTraining(services: AppServices, admin: User, input: TrainingInput): Promise<TrainingItem> {
  const values = trainingValues(input)
  return runTransaction(
    services,
    async (tx) => {
      const [row] = await tx.insert(trainings).values(values).returning()
      await recordAudit(
        tx,
        admin,
        values.is_bmt_training ? 'BMT training added' : 'Training added',
        `${values.name} (${values.date.toISOString()})`,
      )
      return toItem({ ...row!, signup_count: 0 }, await getUnitTimeZone(tx))
    },
    // Trainings show on neither the ORBAT nor the public roster (their attendance is not the event score).
    { name: 'create training', changes: [] },
  )
}

export async function updateTraining(
  services: AppServices,
  admin: User,
  id: number,
  input: TrainingInput,
): Promise<TrainingItem> {
  const values = trainingValues(input)
  return runTransaction(
    services,
    async (tx) => {
      const before = await trainingRow(tx, id)
      await tx.update(trainings).set(values).where(eq(trainings.id, id))
      await recordAudit(
        tx,
        admin,
        'Training updated',
        before.name === values.name ? values.name : `${before.name} -> ${values.name}`,
      )
      return (await listTrainings(tx)).find((t) => t.id === id)!
    },
    { name: 'update training', changes: [] },
  )
}

export async function deleteTraining(services: AppServices, admin: User, id: number): Promise<void> {
  return runTransaction(
    services,
    async (tx) => {
      const [removed] = await tx.delete(trainings).where(eq(trainings.id, id)).returning({ name: trainings.name })
      if (!removed) throw new NotFound('Training not found.')
      await recordAudit(tx, admin, 'Training deleted', removed.name)
    },
    { name: 'delete training', changes: [] },
  )
}

/** GET /api/roster/trainings/{id}/signups: who signed up, in sign-up order. */
export async function listTrainingSignups(db: DbOrTx, trainingId: number): Promise<TrainingSignupItem[]> {
  await trainingRow(db, trainingId)
  const rows = await db
    .select({
      id: members.id,
      ingame_name: members.ingame_name,
      rank: members.rank,
      discord_id: members.discord_id,
      avatar: users.avatar,
    })
    .from(trainingSignups)
    .innerJoin(members, eq(members.id, trainingSignups.member_id))
    .leftJoin(users, eq(users.discord_id, members.discord_id))
    .where(eq(trainingSignups.training_id, trainingId))
    .orderBy(asc(trainingSignups.created_at), asc(members.id))
  return rows.map((r) => ({ ...r, avatar: r.discord_id ? discordAvatarUrl(r.discord_id, r.avatar) : null }))
}

const LOGIN_TO_SIGN_UP = 'You must be logged in to sign up for trainings.'

type RosterMember = NonNullable<Awaited<ReturnType<typeof memberOfUser>>>

/** Why this user can sign up to no training (not on the roster, banned), or null. */
function signUpRefusal(member: RosterMember | null): string | null {
  if (!member) return 'You need to be on the company roster to sign up for trainings.'
  if (member.banned) return 'Banned members cannot sign up for trainings.'
  return null
}

function assertMaySignUp(member: RosterMember | null): asserts member is RosterMember {
  const refusal = signUpRefusal(member)
  if (refusal) throw new Forbidden(refusal)
}

/** The public page offers Sign Up only when it can succeed: otherwise it shows this reason (the rule signUpToTraining applies). */
export async function trainingSignUpRefusal(db: DbOrTx, user: User): Promise<string | null> {
  return signUpRefusal(await memberOfUser(db, user))
}

/**
 * A member's own change to their sign-up, in one transaction: a logged-in user (401), the training (404; with
 * `visibleOnly` a hidden one too), not started yet (409), then `change` with the member the user is on the roster.
 */
function changeOwnSignup<T>(
  services: AppServices,
  user: User | null,
  trainingId: number,
  options: { now: Date; name: string; visibleOnly?: boolean },
  change: (tx: DbOrTx, training: TrainingRow, member: RosterMember | null, user: User) => Promise<T>,
): Promise<T> {
  if (!user) throw new Unauthorized(LOGIN_TO_SIGN_UP)
  return runTransaction(
    services,
    async (tx) => {
      const training = await trainingRow(tx, trainingId)
      if (options.visibleOnly && training.is_hidden) throw new NotFound('Training not found.')
      if (training.date.getTime() < options.now.getTime()) throw new Conflict('This training has already started.')
      return change(tx, training, await memberOfUser(tx, user), user)
    },
    { name: options.name, changes: [] },
  )
}

/** A logged-in member on the roster signs up to a visible, upcoming training. */
export function signUpToTraining(
  services: AppServices,
  user: User | null,
  trainingId: number,
  now = new Date(),
): Promise<{ message: string }> {
  const options = { now, name: 'training sign-up', visibleOnly: true }
  return changeOwnSignup(services, user, trainingId, options, async (tx, training, member, actor) => {
    assertMaySignUp(member)
    const inserted = await tx
      .insert(trainingSignups)
      .values({ training_id: trainingId, member_id: member.id })
      .onConflictDoNothing()
      .returning({ id: trainingSignups.member_id })
    if (!inserted.length) throw new Conflict('You are already signed up for this training.')
    await recordAudit(tx, actor, 'Training sign-up', `${member.name} signed up for ${training.name}.`)
    return { message: `You have signed up for ${training.name}.` }
  })
}

export function leaveTraining(
  services: AppServices,
  user: User | null,
  trainingId: number,
  now = new Date(),
): Promise<{ message: string }> {
  return changeOwnSignup(
    services,
    user,
    trainingId,
    { now, name: 'leave training' },
    async (tx, training, member, actor) => {
      const removed = member
        ? await tx
            .delete(trainingSignups)
            .where(and(eq(trainingSignups.training_id, trainingId), eq(trainingSignups.member_id, member.id)))
            .returning({ id: trainingSignups.member_id })
        : []
      if (!removed.length) throw new Conflict('You are not signed up for this training.')
      await recordAudit(tx, actor, 'Training sign-up removed', `${member!.name} left ${training.name}.`)
      return { message: `You have left ${training.name}.` }
    },
  )
}

/** DELETE /api/roster/trainings/{id}/signups/{memberId}: an admin removes a sign-up. */
export async function removeTrainingSignup(
  services: AppServices,
  admin: User,
  trainingId: number,
  memberId: number,
): Promise<void> {
  return runTransaction(
    services,
    async (tx) => {
      const training = await trainingRow(tx, trainingId)
      const removed = await tx
        .delete(trainingSignups)
        .where(and(eq(trainingSignups.training_id, trainingId), eq(trainingSignups.member_id, memberId)))
        .returning({ id: trainingSignups.member_id })
      if (!removed.length) throw new NotFound('Sign-up not found.')
      const [member] = await tx.select({ name: members.ingame_name }).from(members).where(eq(members.id, memberId))
      await recordAudit(
        tx,
        admin,
        'Training sign-up removed',
        `${member?.name ?? memberId} from ${training.name} (by an admin).`,
      )
    },
    { name: 'remove training sign-up', changes: [] },
  )
}

export async function getTrainingAttendance(db: DbOrTx, trainingId: number): Promise<AttendanceResult> {
  await trainingRow(db, trainingId)
  const rows = await db
    .select({ id: trainingAttendance.member_id })
    .from(trainingAttendance)
    .where(eq(trainingAttendance.training_id, trainingId))
    .orderBy(asc(trainingAttendance.member_id))
  return { memberIds: rows.map((r) => r.id) }
}

/** Training attendance is recorded on the member (their Trainings tab); it does not change the event score. */
export async function setTrainingAttendance(
  services: AppServices,
  admin: User,
  trainingId: number,
  memberIds: number[],
): Promise<AttendanceResult> {
  return runTransaction(
    services,
    async (tx) => {
      const training = await trainingRow(tx, trainingId)
      await assertMembersExist(tx, memberIds)
      await tx.delete(trainingAttendance).where(eq(trainingAttendance.training_id, trainingId))
      if (memberIds.length)
        await tx
          .insert(trainingAttendance)
          .values(memberIds.map((member_id) => ({ training_id: trainingId, member_id })))
      await recordAudit(tx, admin, 'Training attendance recorded', `${training.name}: ${memberIds.length} attended.`)
      return { memberIds: [...memberIds].sort((a, b) => a - b) }
    },
    { name: 'set training attendance', changes: [] },
  )
}
