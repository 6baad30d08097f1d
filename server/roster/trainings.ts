import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type { AttendanceResult } from '#contracts/attendance.ts'
import type { ListCursor } from '#contracts/paging.ts'
import type { PublicTraining, TrainingInput, TrainingItem, TrainingSignupItem } from '#contracts/trainings.ts'
import type { DbOrTx } from '#db/client.ts'
import { members, trainingAttendance, trainings, trainingSignups } from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { discordAvatarUrl } from '../discord/client.ts'
import { Conflict, Forbidden, NotFound, Unauthorized } from '../errors.ts'
import { runTransaction } from '../transaction.ts'
import { emitWebhook } from '../webhooks/emit.ts'
import { enqueueDiscordEvent, publishedByDefault, wakeDiscordEvents } from '../discord/scheduled-events.ts'
import { assertMembersExist } from './attendance.ts'
import { pastPage, startsBefore, type PastPage } from './list-pages.ts'
import { getUnitTimeZone } from '../unit/time-zone.ts'
import { instantOf, zonedIso } from '../lib/wall-time.ts'

// Trainings (docs/rules/roster.md, Trainings): admin CRUD, attendance, sign-ups; the public list with sign-up / leave
// for members on the roster. Each change is one use case (its own transaction and audit entry) for the pages' actions
// and the /api routes alike. Lists read the stored signup_count (kept by a trigger), walk the (date, id) index, and
// name a few of each training's sign-ups with one query for the whole page
// (docs/decisions/033-stored-counts-and-keyset-pages.md).

export type { PublicTraining, TrainingInput, TrainingItem, TrainingSignupItem }

/** A training that started this long ago still shows on the public page (members check in late). */
const PUBLIC_GRACE_MS = 3 * 3600_000
/** Past trainings a page of the Trainings tab shows, and of the public page. */
export const TRAININGS_PAGE = 20
export const PUBLIC_PAST_PAGE = 5
/** Upcoming trainings the public page shows before "Show all upcoming trainings". */
export const PUBLIC_UPCOMING_MAX = 10
/** Sign-ups a list names before "Show all"; the rest come on demand (View Signups, the page's Show all). */
export const SIGNUP_PREVIEW = 5
/** The most one training's full list shows on the public page (the /api answers every one). */
export const SIGNUP_LIST_MAX = 300

type TrainingRowOut = Omit<TrainingItem, 'date'> & { date: Date }

/** A training as the answers give it, its start on the unit's clock (zonedIso). */
function toItem<R extends TrainingRowOut>(row: R, zone: string): Omit<R, 'date'> & { date: string } {
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
  signup_count: trainings.signup_count,
  discord_event: trainings.discord_event,
  discord_event_id: trainings.discord_event_id,
}

/**
 * Admin list: every training, soonest first. With a page (GET /api/roster/trainings?limit=&before=): at most `limit`,
 * newest first, those before the cursor.
 */
export async function listTrainings(
  db: DbOrTx,
  page: { limit: number; before: ListCursor | null } | null = null,
): Promise<TrainingItem[]> {
  const query = db.select(itemColumns).from(trainings).$dynamic()
  const rows = page
    ? query
        .where(page.before ? startsBefore(trainings.date, trainings.id, page.before) : undefined)
        .orderBy(desc(trainings.date), desc(trainings.id))
        .limit(page.limit)
    : query.orderBy(asc(trainings.date), asc(trainings.id))
  const [zone, list] = await Promise.all([getUnitTimeZone(db), rows])
  return list.map((row) => toItem(row, zone))
}

/** One training as the lists give it, or null. */
export async function findTraining(db: DbOrTx, id: number): Promise<TrainingItem | null> {
  const [zone, [row]] = await Promise.all([
    getUnitTimeZone(db),
    db.select(itemColumns).from(trainings).where(eq(trainings.id, id)).limit(1),
  ])
  return row ? toItem(row, zone) : null
}

/** Visible trainings since `since` (the unit's calendar feed), soonest first. */
export async function visibleTrainingsSince(db: DbOrTx, since: Date): Promise<TrainingItem[]> {
  const [zone, rows] = await Promise.all([
    getUnitTimeZone(db),
    db
      .select(itemColumns)
      .from(trainings)
      .where(and(eq(trainings.is_hidden, false), gte(trainings.date, since)))
      .orderBy(asc(trainings.date), asc(trainings.id)),
  ])
  return rows.map((row) => toItem(row, zone))
}

/** The Trainings tab: every upcoming training (soonest first), one page of past ones (newest first), how many in all. */
export interface TrainingsTab extends PastPage<TrainingItem> {
  upcoming: TrainingItem[]
  total: number
}

export async function trainingsTab(
  db: DbOrTx,
  options: { before: ListCursor | null; now?: Date; pageSize?: number },
): Promise<TrainingsTab> {
  const now = options.now ?? new Date()
  const pageSize = options.pageSize ?? TRAININGS_PAGE
  const before = options.before ?? { start: now, id: null }
  const [zone, upcoming, past, [total]] = await Promise.all([
    getUnitTimeZone(db),
    db
      .select(itemColumns)
      .from(trainings)
      .where(gte(trainings.date, now))
      .orderBy(asc(trainings.date), asc(trainings.id)),
    db
      .select(itemColumns)
      .from(trainings)
      .where(and(lt(trainings.date, now), startsBefore(trainings.date, trainings.id, before)))
      .orderBy(desc(trainings.date), desc(trainings.id))
      .limit(pageSize + 1),
    db.select({ n: count() }).from(trainings),
  ])
  const items = (rows: TrainingRowOut[]) => rows.map((row) => toItem(row, zone))
  return { upcoming: items(upcoming), ...pastPage(items(past), pageSize), total: total?.n ?? 0 }
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

/** Whether the member signed up: answered by the primary key, inside the list's one query. */
function signedUpColumn(memberId: number | null) {
  return memberId === null
    ? sql<boolean>`false`
    : sql<boolean>`exists(select 1 from ${trainingSignups} s where s.training_id = ${trainings.id} and s.member_id = ${memberId})`
}

/**
 * GET /api/roster/trainings/public: visible trainings from a little before now, soonest first, with is_signed_up for
 * the user (the first `limit` of them when given).
 */
export async function listPublicTrainings(
  db: DbOrTx,
  user: User | null,
  now = new Date(),
  limit?: number,
): Promise<PublicTraining[]> {
  const [member, zone] = await Promise.all([user ? memberOfUser(db, user) : null, getUnitTimeZone(db)])
  const query = db
    .select({ ...itemColumns, is_signed_up: signedUpColumn(member?.id ?? null) })
    .from(trainings)
    .where(and(eq(trainings.is_hidden, false), gte(trainings.date, new Date(now.getTime() - PUBLIC_GRACE_MS))))
    .orderBy(asc(trainings.date), asc(trainings.id))
    .$dynamic()
  const rows = await (limit === undefined ? query : query.limit(limit))
  return rows.map((r) => ({
    ...toItem(r, zone),
    is_signed_up: Boolean(r.is_signed_up),
    has_started: r.date.getTime() <= now.getTime(),
  }))
}

/** A past training on the public page: its facts and sign-up count (no sign-up action any more). */
export type PastPublicTraining = TrainingItem

/**
 * The public page (/trainings): the visible upcoming trainings (as the /api lists them: the first
 * PUBLIC_UPCOMING_MAX unless `allUpcoming`, and whether there are more) and one page of past ones, newest first. The
 * sign-up names are signupPreviews' business.
 */
export async function publicTrainingsPage(
  db: DbOrTx,
  user: User | null,
  options: { before: ListCursor | null; allUpcoming?: boolean; now?: Date; pageSize?: number },
): Promise<{ upcoming: PublicTraining[]; moreUpcoming: boolean } & PastPage<PastPublicTraining>> {
  const now = options.now ?? new Date()
  const pageSize = options.pageSize ?? PUBLIC_PAST_PAGE
  const ended = new Date(now.getTime() - PUBLIC_GRACE_MS)
  const before = options.before ?? { start: ended, id: null }
  const [coming, zone, past] = await Promise.all([
    listPublicTrainings(db, user, now, options.allUpcoming ? undefined : PUBLIC_UPCOMING_MAX + 1),
    getUnitTimeZone(db),
    db
      .select(itemColumns)
      .from(trainings)
      .where(
        and(
          eq(trainings.is_hidden, false),
          lt(trainings.date, ended),
          startsBefore(trainings.date, trainings.id, before),
        ),
      )
      .orderBy(desc(trainings.date), desc(trainings.id))
      .limit(pageSize + 1),
  ])
  return {
    upcoming: options.allUpcoming ? coming : coming.slice(0, PUBLIC_UPCOMING_MAX),
    moreUpcoming: !options.allUpcoming && coming.length > PUBLIC_UPCOMING_MAX,
    ...pastPage(
      past.map((row) => toItem(row, zone)),
      pageSize,
    ),
  }
}

function toSignupItem(r: Omit<TrainingSignupItem, 'avatar'> & { avatar: string | null }): TrainingSignupItem {
  return {
    id: r.id,
    ingame_name: r.ingame_name,
    rank: r.rank,
    discord_id: r.discord_id,
    avatar: r.discord_id ? discordAvatarUrl(r.discord_id, r.avatar) : null,
  }
}

/**
 * The first `n` sign-ups (in sign-up order) of each of these trainings, in one query: the training_signups index gives
 * each training's first rows as a range, whatever its size.
 */
export async function signupPreviews(
  db: DbOrTx,
  trainingIds: number[],
  n = SIGNUP_PREVIEW,
): Promise<Map<number, TrainingSignupItem[]>> {
  const previews = new Map<number, TrainingSignupItem[]>(trainingIds.map((id) => [id, []]))
  if (!trainingIds.length) return previews
  const rows = await db.execute<{
    training_id: number
    id: number
    ingame_name: string
    rank: string
    discord_id: string | null
    avatar: string | null
  }>(sql`
    select s.training_id, m.id, m.ingame_name, m.rank, m.discord_id, u.avatar
      from unnest(${`{${trainingIds.join(',')}}`}::int[]) as t(id)
      cross join lateral (
        select x.training_id, x.member_id, x.created_at from ${trainingSignups} x
         where x.training_id = t.id
         order by x.created_at, x.member_id
         limit ${n}
      ) s
      join ${members} m on m.id = s.member_id
      left join ${users} u on u.discord_id = m.discord_id
     order by s.training_id, s.created_at, s.member_id`)
  for (const row of rows) previews.get(row.training_id)?.push(toSignupItem(row))
  return previews
}

type TrainingRow = typeof trainings.$inferSelect

async function trainingRow(db: DbOrTx, id: number): Promise<TrainingRow> {
  const [row] = await db.select().from(trainings).where(eq(trainings.id, id)).limit(1)
  if (!row) throw new NotFound('Training not found.')
  return row
}

/**
 * The columns a parsed form or body sets: the date becomes its instant (a form's day and time in the admin's zone).
 * Without discord_event, `published` decides (the default for a new one, the training's own on an edit).
 */
function trainingValues(input: TrainingInput, published: boolean) {
  const { name, description, is_hidden, is_bmt_training } = input
  return {
    name,
    description,
    is_hidden,
    is_bmt_training,
    discord_event: input.discord_event ?? published,
    date: instantOf(input),
  }
}

/** A training's Discord event follows it: created, edited, or deleted when unticked or hidden. */
const onDiscord = (row: { discord_event: boolean; discord_event_id: string | null }) =>
  row.discord_event || row.discord_event_id !== null

export async function createTraining(services: AppServices, admin: User, input: TrainingInput): Promise<TrainingItem> {
  return runTransaction(
    services,
    async (tx) => {
      const values = trainingValues(input, input.discord_event ?? (await publishedByDefault(tx)))
      const [row] = await tx.insert(trainings).values(values).returning()
      if (row!.discord_event) await enqueueDiscordEvent(tx, 'training', row!.id)
      await recordAudit(
        tx,
        admin,
        values.is_bmt_training ? 'BMT training added' : 'Training added',
        `${values.name} (${values.date.toISOString()})`,
      )
      const training = toItem(row!, await getUnitTimeZone(tx))
      await emitWebhook(tx, 'training.created', training)
      return training
    },
    // Trainings show on neither the ORBAT nor the public roster (their attendance is not the event score).
    {
      name: 'create training',
      changes: [],
      after: (training) => training.discord_event && wakeDiscordEvents(services),
    },
  )
}

export async function updateTraining(
  services: AppServices,
  admin: User,
  id: number,
  input: TrainingInput,
): Promise<TrainingItem> {
  const { training } = await runTransaction(
    services,
    async (tx) => {
      const before = await trainingRow(tx, id)
      const values = trainingValues(input, before.discord_event)
      await tx.update(trainings).set(values).where(eq(trainings.id, id))
      const queued = onDiscord(before) || values.discord_event
      if (queued) await enqueueDiscordEvent(tx, 'training', id)
      await recordAudit(
        tx,
        admin,
        'Training updated',
        before.name === values.name ? values.name : `${before.name} -> ${values.name}`,
      )
      const training = (await findTraining(tx, id))!
      await emitWebhook(tx, 'training.updated', training)
      return { training, queued }
    },
    // The drain is woken only when there is something for it (a training never published queues nothing).
    { name: 'update training', changes: [], after: ({ queued }) => queued && wakeDiscordEvents(services) },
  )
  return training
}

export async function deleteTraining(services: AppServices, admin: User, id: number): Promise<void> {
  await runTransaction(
    services,
    async (tx) => {
      // The training as it was (a delete that finds nothing rolls back, and with it this).
      await emitWebhook(tx, 'training.deleted', () => findTraining(tx, id))
      const [removed] = await tx.delete(trainings).where(eq(trainings.id, id)).returning({
        name: trainings.name,
        discord_event: trainings.discord_event,
        discord_event_id: trainings.discord_event_id,
      })
      if (!removed) throw new NotFound('Training not found.')
      const queued = onDiscord(removed)
      if (queued) await enqueueDiscordEvent(tx, 'training', id, removed.discord_event_id)
      await recordAudit(tx, admin, 'Training deleted', removed.name)
      return queued
    },
    { name: 'delete training', changes: [], after: (queued) => queued && wakeDiscordEvents(services) },
  )
}

/** GET /api/roster/trainings/{id}/signups: who signed up, in sign-up order (at most `limit` of them when given). */
export async function listTrainingSignups(
  db: DbOrTx,
  trainingId: number,
  limit?: number,
): Promise<TrainingSignupItem[]> {
  await trainingRow(db, trainingId)
  const query = db
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
    .orderBy(asc(trainingSignups.created_at), asc(trainingSignups.member_id))
    .$dynamic()
  const rows = limit === undefined ? await query : await query.limit(limit)
  return rows.map(toSignupItem)
}

const LOGIN_TO_SIGN_UP = 'You must be logged in to sign up for trainings.'

type RosterMember = NonNullable<Awaited<ReturnType<typeof memberOfUser>>>

/**
 * Why a user can sign up to no training: the /api's English text of each reason. The trainings page shows the same
 * reason in its own language (`trainings.refusal.<reason>` in contracts/i18n/).
 */
export const TRAINING_SIGN_UP_REFUSALS = {
  notOnRoster: 'You need to be on the company roster to sign up for trainings.',
  banned: 'Banned members cannot sign up for trainings.',
} as const
export type TrainingSignUpRefusal = keyof typeof TRAINING_SIGN_UP_REFUSALS

/** Why this user can sign up to no training (not on the roster, banned), or null. */
function signUpRefusal(member: RosterMember | null): TrainingSignUpRefusal | null {
  if (!member) return 'notOnRoster'
  if (member.banned) return 'banned'
  return null
}

function assertMaySignUp(member: RosterMember | null): asserts member is RosterMember {
  const refusal = signUpRefusal(member)
  if (refusal) throw new Forbidden(TRAINING_SIGN_UP_REFUSALS[refusal])
}

/** The public page offers Sign Up only when it can succeed: otherwise it shows this reason (the rule signUpToTraining applies). */
export async function trainingSignUpRefusal(db: DbOrTx, user: User): Promise<TrainingSignUpRefusal | null> {
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
    // The training and the sign-up, as GET /api/roster/trainings/{id} and its /signups show them.
    await emitWebhook(tx, 'training.signup', async () => ({
      training: await findTraining(tx, trainingId),
      signup: (await listTrainingSignups(tx, trainingId)).find((s) => s.id === member.id) ?? null,
    }))
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
