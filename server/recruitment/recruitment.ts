import { randomBytes } from 'node:crypto'
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import {
  APPLICATIONS_PER_DAY,
  checkAnswers,
  discordAccountCreated,
  isOpenStatus,
  OPEN_STATUSES,
  RECRUITMENT_MESSAGES,
  type ApplicantApplication,
  type ApplicantNoticeDelivery,
  type Application,
  type ApplicationHistoryEntry,
  type ApplicationStatus,
  type ApplicationStatusInput,
  type JoinPageData,
  type Question,
  type RecruitmentForm,
  type RecruitmentFormInput,
} from '#contracts/recruitment.ts'
import { DEFAULT_RECRUITMENT_COOLDOWN_DAYS, isCooldownDays } from '#contracts/settings.ts'
import type { DbOrTx } from '#db/client.ts'
import {
  applicationComments,
  applicationEvents,
  applications,
  recruitmentForms,
  type ApplicationRow,
} from '#db/schema/recruitment.ts'
import { members } from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { Conflict, Forbidden, Invalid, NotFound, postgresErrorOf, RateLimited } from '../errors.ts'
import { notify } from '../notifications/outbox.ts'
import { inEveryLanguage } from '../notifications/texts.ts'
import { markChange } from '../personnel/history.ts'
import { getAdminMember } from '../personnel/member-views.ts'
import { unitToday } from '../leave/days.ts'
import { sanitizeRichText } from '../rich-text.ts'
import { getSetting } from '../unit/settings.ts'
import { runTransaction } from '../transaction.ts'
import { emitWebhook } from '../webhooks/emit.ts'
import { announceApplication, statusNotice } from './announcements.ts'

// Recruitment (docs/rules/recruitment.md): the unit's form, a logged-in non-member's application, the recruiters'
// pipeline. Each write is one use case: its transaction, its audit entry, the history row, the applicant's or the
// admins' notification (docs/rules/notifications.md), and after the commit the recruiters channel's post. Accepting creates the roster member in the same transaction as the status change, which is a
// conditional update: of two admins pressing Accept at once, one changes the row and the other finds it accepted.

const FORM_ID = 1
const DAY_MS = 86_400_000

/** The form as anyone reads it (closed with no questions until an admin saves one). */
export async function readForm(db: DbOrTx): Promise<RecruitmentForm & { intro: string }> {
  const [row] = await db.select().from(recruitmentForms).where(eq(recruitmentForms.id, FORM_ID)).limit(1)
  return {
    open: row?.open ?? false,
    closed_message: row?.closed_message ?? '',
    intro_html: row?.intro ?? '',
    intro: row?.intro ?? '',
    questions: row?.questions ?? [],
  }
}

/** The public shape of GET /api/recruitment/form. */
export async function publicForm(db: DbOrTx): Promise<RecruitmentForm> {
  const { intro: _intro, ...form } = await readForm(db)
  return form
}

const newQuestionId = () => `q-${randomBytes(4).toString('hex')}`

/** PUT /api/recruitment/form: the whole form; new questions get ids; the introduction is sanitised. */
export async function saveForm(
  services: AppServices,
  admin: User,
  input: RecruitmentFormInput,
): Promise<RecruitmentForm> {
  const intro = input.intro.trim()
    ? await sanitizeRichText(input.intro, {
        tooLong: RECRUITMENT_MESSAGES.introTooLong,
        tooDeep: RECRUITMENT_MESSAGES.introTooDeep,
      })
    : ''
  const questions: Question[] = input.questions.map((q) => ({
    id: q.id ?? newQuestionId(),
    label: q.label,
    kind: q.kind,
    options: q.kind === 'choice' ? q.options : [],
    required: q.required,
  }))
  return runTransaction(
    services,
    async (tx) => {
      const values = {
        open: input.open,
        closed_message: input.closed_message,
        intro,
        questions,
        updated_by_user_id: admin.id,
      }
      await tx
        .insert(recruitmentForms)
        .values({ id: FORM_ID, ...values })
        .onConflictDoUpdate({ target: recruitmentForms.id, set: values })
      await recordAudit(
        tx,
        admin,
        'Recruitment form saved',
        `${input.open ? 'open' : 'closed'}, ${questions.length} question${questions.length === 1 ? '' : 's'}`,
      )
      return publicForm(tx)
    },
    { name: 'save recruitment form', changes: [] },
  )
}

/** Days a rejected applicant waits (setting recruitment_cooldown_days; unset: 30). */
export async function cooldownDays(db: DbOrTx): Promise<number> {
  const value = await getSetting(db, 'recruitment_cooldown_days')
  return isCooldownDays(value) ? Number(value) : DEFAULT_RECRUITMENT_COOLDOWN_DAYS
}

// ---- reading applications ------------------------------------------------------------------------------------------

const nameSql = (table: typeof users) => sql<string>`coalesce(${table.display_name}, ${table.username})`

async function historyOf(db: DbOrTx, ids: number[], withAssignments: boolean) {
  if (!ids.length) return new Map<number, ApplicationHistoryEntry[]>()
  const rows = await db
    .select({
      application_id: applicationEvents.application_id,
      at: applicationEvents.created_at,
      kind: applicationEvents.kind,
      from_status: applicationEvents.from_status,
      to_status: applicationEvents.to_status,
      by: sql<string | null>`coalesce(${users.display_name}, ${users.username})`,
      note: applicationEvents.note,
    })
    .from(applicationEvents)
    .leftJoin(users, eq(users.id, applicationEvents.actor_user_id))
    .where(
      and(
        inArray(applicationEvents.application_id, ids),
        withAssignments ? undefined : sql`${applicationEvents.kind} <> 'assigned'`,
      ),
    )
    .orderBy(asc(applicationEvents.id))
  const map = new Map<number, ApplicationHistoryEntry[]>()
  for (const { application_id, at, ...rest } of rows) {
    const list = map.get(application_id) ?? []
    list.push({ ...rest, at: at.toISOString() })
    map.set(application_id, list)
  }
  return map
}

function applicantView(row: ApplicationRow, history: ApplicationHistoryEntry[]): ApplicantApplication {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    answers: row.answers,
    member_id: row.member_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    history,
  }
}

/** Applications for the applicant: their own, newest first, without recruiters' comments or assignments. */
async function readApplicantViews(db: DbOrTx, where: SQL): Promise<ApplicantApplication[]> {
  const rows = await db.select().from(applications).where(where).orderBy(desc(applications.id)).limit(100)
  const history = await historyOf(
    db,
    rows.map((r) => r.id),
    false,
  )
  return rows.map((row) => applicantView(row, history.get(row.id) ?? []))
}

/** Applications as recruiters read them: the applicant's Discord account, the assignee, comments and history. */
async function readApplications(db: DbOrTx, where: SQL | undefined, limit = 500): Promise<Application[]> {
  const rows = await db
    .select({
      application: applications,
      username: users.username,
      discord_name: nameSql(users),
      assignee_name: sql<
        string | null
      >`(select coalesce(a.display_name, a.username) from users a where a.id = ${applications.assignee_user_id})`,
      member_name: sql<string | null>`(select m.ingame_name from members m where m.id = ${applications.member_id})`,
      // How the last status change reached the applicant: its notice's state per channel (the outbox row the change
      // wrote, keyed by its history entry).
      told: sql<ApplicantNoticeDelivery | null>`(
        select json_build_object('status', e.to_status, 'push', o.push_state, 'discord', o.discord_state,
                                 'discord_error', o.discord_error)
        from application_events e
        join notification_outbox o on o.user_id = ${applications.user_id} and o.event_key = 'application:' || e.id
        where e.application_id = ${applications.id} and e.kind = 'status'
        order by e.id desc limit 1)`,
      // An accepted recruit's role sync still waiting (and Discord's last refusal), or none left.
      roles_waiting: sql<{ error: string | null } | null>`(
        select json_build_object('error', p.last_error) from pending_role_syncs p
        where p.discord_id = ${applications.discord_id})`,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.user_id))
    .where(where)
    .orderBy(desc(applications.created_at), desc(applications.id))
    .limit(limit)
  const ids = rows.map((r) => r.application.id)
  const [history, comments] = await Promise.all([
    historyOf(db, ids, true),
    ids.length
      ? db
          .select({
            id: applicationComments.id,
            application_id: applicationComments.application_id,
            author: sql<string>`coalesce(${users.display_name}, ${users.username}, 'Deleted user')`,
            text: applicationComments.text,
            created_at: applicationComments.created_at,
          })
          .from(applicationComments)
          .leftJoin(users, eq(users.id, applicationComments.author_user_id))
          .where(inArray(applicationComments.application_id, ids))
          .orderBy(asc(applicationComments.id))
      : Promise.resolve([]),
  ])
  const now = Date.now()
  return rows.map(({ application: row, username, discord_name, assignee_name, member_name, told, roles_waiting }) => {
    const created = discordAccountCreated(row.discord_id)
    return {
      ...applicantView(row, history.get(row.id) ?? []),
      applicant: {
        user_id: row.user_id,
        discord_id: row.discord_id,
        discord_name,
        username,
        account_created_at: created.toISOString(),
        account_age_days: Math.max(0, Math.floor((now - created.getTime()) / DAY_MS)),
      },
      assignee: row.assignee_user_id && assignee_name ? { user_id: row.assignee_user_id, name: assignee_name } : null,
      comments: comments
        .filter((c) => c.application_id === row.id)
        .map((c) => ({ id: c.id, author: c.author, text: c.text, created_at: c.created_at.toISOString() })),
      member_name,
      applicant_told: told,
      // Only while the recruit is on the roster: a member removed since has no roles to give.
      discord_roles:
        row.status === 'accepted' && row.member_id !== null
          ? roles_waiting
            ? { state: 'pending' as const, error: roles_waiting.error }
            : { state: 'given' as const, error: null }
          : null,
    }
  })
}

async function applicationOf(db: DbOrTx, id: number): Promise<Application> {
  const [item] = await readApplications(db, eq(applications.id, id), 1)
  if (!item) throw new NotFound(RECRUITMENT_MESSAGES.notFound)
  return item
}

/** GET /api/applications[?status=] (admin). */
export function listApplications(db: DbOrTx, status?: ApplicationStatus): Promise<Application[]> {
  return readApplications(db, status ? eq(applications.status, status) : undefined)
}

/** GET /api/applications/{id}: an admin sees everything; the applicant their own, without comments; others 404. */
export async function getApplication(db: DbOrTx, user: User, id: number): Promise<Application | ApplicantApplication> {
  if (user.is_admin) return applicationOf(db, id)
  const [mine] = await readApplicantViews(db, and(eq(applications.id, id), eq(applications.user_id, user.id))!)
  if (!mine) throw new NotFound(RECRUITMENT_MESSAGES.notFound)
  return mine
}

/** GET /api/applications/mine. */
export function myApplications(db: DbOrTx, user: User): Promise<ApplicantApplication[]> {
  return readApplicantViews(db, eq(applications.discord_id, user.discord_id))
}

/** The admin users a recruiter may assign. */
export async function assignableAdmins(db: DbOrTx) {
  const rows = await db
    .select({ user_id: users.id, name: nameSql(users) })
    .from(users)
    .where(eq(users.is_admin, true))
    .orderBy(asc(users.username))
  return rows
}

// ---- applying ------------------------------------------------------------------------------------------------------

async function memberByDiscord(db: DbOrTx, discordId: string) {
  const [row] = await db
    .select({ id: members.id, name: members.ingame_name, rank: members.rank, banned: members.is_banned })
    .from(members)
    .where(eq(members.discord_id, discordId))
    .limit(1)
  return row ?? null
}

/** When a rejected applicant may apply again (YYYY-MM-DD, UTC), or null. */
async function cooldownUntil(db: DbOrTx, discordId: string): Promise<string | null> {
  const [last] = await db
    .select({ decided_at: applications.decided_at })
    .from(applications)
    .where(and(eq(applications.discord_id, discordId), eq(applications.status, 'rejected')))
    .orderBy(desc(applications.decided_at))
    .limit(1)
  if (!last?.decided_at) return null
  const until = last.decided_at.getTime() + (await cooldownDays(db)) * DAY_MS
  return until > Date.now() ? new Date(until).toISOString() : null
}

/** The /join page: the form, and who is looking (a member's standing, or an applicant's open or last application). */
export async function joinPage(db: DbOrTx, user: User | null): Promise<JoinPageData> {
  const form = await publicForm(db)
  if (!user) return { form, viewer: { kind: 'anonymous' } }
  const member = await memberByDiscord(db, user.discord_id)
  if (member) return { form, viewer: { kind: 'member', name: member.name, rank: member.rank, banned: member.banned } }
  const [mine, until] = await Promise.all([myApplications(db, user), cooldownUntil(db, user.discord_id)])
  return {
    form,
    viewer: {
      kind: 'applicant',
      open: mine.find((a) => isOpenStatus(a.status)) ?? null,
      cooldownUntil: until,
      last: mine[0] ?? null,
    },
  }
}

/**
 * POST /api/applications: a logged-in non-member applies while the form is open; one open application per Discord
 * account (the unique index decides a race), none during the cooldown after a rejection, answers checked against the
 * current questions.
 */
export async function apply(services: AppServices, user: User, raw: Record<string, unknown>): Promise<{ id: number }> {
  try {
    return await runTransaction(
      services,
      async (tx) => {
        const form = await readForm(tx)
        if (!form.open) throw new Forbidden(form.closed_message || RECRUITMENT_MESSAGES.closedDefault)
        const member = await memberByDiscord(tx, user.discord_id)
        if (member?.banned) throw new Forbidden(RECRUITMENT_MESSAGES.banned)
        if (member) throw new Conflict(RECRUITMENT_MESSAGES.alreadyMember)
        const [open] = await tx
          .select({ id: applications.id })
          .from(applications)
          .where(and(eq(applications.discord_id, user.discord_id), inArray(applications.status, [...OPEN_STATUSES])))
          .limit(1)
        if (open) throw new Conflict(RECRUITMENT_MESSAGES.openExists)
        // Withdrawing and applying again posts to the recruiters' channel every time: a few a day per account.
        const [{ sent } = { sent: 0 }] = await tx
          .select({ sent: count() })
          .from(applications)
          .where(
            and(
              eq(applications.discord_id, user.discord_id),
              sql`${applications.created_at} > now() - interval '1 day'`,
            ),
          )
        if (sent >= APPLICATIONS_PER_DAY) throw new RateLimited(RECRUITMENT_MESSAGES.tooManyToday, 3600)
        const until = await cooldownUntil(tx, user.discord_id)
        if (until) throw new Conflict(RECRUITMENT_MESSAGES.cooldown(until.slice(0, 10)))
        const { answers, errors } = checkAnswers(form.questions, raw)
        const first = Object.values(errors)[0]?.[0]
        if (first) throw new Invalid(first, errors)
        const [created] = await tx
          .insert(applications)
          .values({ user_id: user.id, discord_id: user.discord_id, answers })
          .returning({ id: applications.id })
        await tx.insert(applicationEvents).values({
          application_id: created!.id,
          kind: 'submitted',
          to_status: 'submitted',
        })
        await recordAudit(tx, user, 'Application submitted', `#${created!.id} by ${user.display_name ?? user.username}`)
        await notify(
          tx,
          { admins: true, except: user.id },
          {
            kind: 'admin_queue',
            event: `application-new:${created!.id}`,
            title: inEveryLanguage('notifications.newApplication.title'),
            body: inEveryLanguage('notifications.newApplication.body', { name: user.display_name ?? user.username }),
            url: `/admin/recruitment?application=${created!.id}`,
          },
        )
        await emitWebhook(tx, 'application.submitted', () => applicationOf(tx, created!.id))
        return { id: created!.id }
      },
      {
        name: 'apply',
        changes: [],
        after: ({ id }) => announceApplication(services, id, user),
      },
    )
  } catch (error) {
    if (postgresErrorOf(error)?.code === '23505') throw new Conflict(RECRUITMENT_MESSAGES.openExists)
    throw error
  }
}

/** POST /api/applications/{id}/withdraw: the applicant withdraws their own open application. */
export async function withdraw(services: AppServices, user: User, id: number): Promise<ApplicantApplication> {
  return runTransaction(
    services,
    async (tx) => {
      const [row] = await tx.select().from(applications).where(eq(applications.id, id)).limit(1).for('update')
      if (!row || row.user_id !== user.id) throw new NotFound(RECRUITMENT_MESSAGES.notFound)
      if (!isOpenStatus(row.status)) throw new Conflict(RECRUITMENT_MESSAGES.notOpen(row.status))
      await tx.update(applications).set({ status: 'withdrawn', decided_at: new Date() }).where(eq(applications.id, id))
      await tx
        .insert(applicationEvents)
        .values({ application_id: id, kind: 'withdrawn', from_status: row.status, to_status: 'withdrawn' })
      await recordAudit(tx, user, 'Application withdrawn', `#${id}`)
      const [view] = await readApplicantViews(tx, eq(applications.id, id))
      return view!
    },
    { name: 'withdraw application', changes: [] },
  )
}

// ---- the pipeline --------------------------------------------------------------------------------------------------

interface Move {
  application: Application
  memberId: number | null
  discordId: string
  status: ApplicationStatus
}

/**
 * POST /api/applications/{id}/status: a recruiter moves an open application. Accepting creates the roster member
 * (rank BMT, joined today in the unit's zone, linked by Discord id) and queues their role sync; rejecting stores the
 * reason the applicant reads. The status changes by a conditional update (only while it is still what was read), so
 * of two concurrent moves one wins and the other answers 409.
 */
export async function moveApplication(
  services: AppServices,
  admin: User,
  id: number,
  input: ApplicationStatusInput,
): Promise<{ application: Application; member_id: number | null }> {
  const move = await runTransaction(
    services,
    async (tx): Promise<Move> => {
      const [row] = await tx.select().from(applications).where(eq(applications.id, id)).limit(1)
      if (!row) throw new NotFound(RECRUITMENT_MESSAGES.notFound)
      if (!isOpenStatus(row.status)) throw new Conflict(RECRUITMENT_MESSAGES.notOpen(row.status))
      if (row.status === input.status) throw new Conflict(RECRUITMENT_MESSAGES.sameStatus(row.status))
      const final = input.status === 'accepted' || input.status === 'rejected'
      const [changed] = await tx
        .update(applications)
        .set({
          status: input.status,
          reason: input.status === 'rejected' ? input.reason : null,
          decided_at: final ? new Date() : null,
        })
        .where(and(eq(applications.id, id), eq(applications.status, row.status)))
        .returning({ id: applications.id })
      if (!changed) {
        const [now] = await tx.select({ status: applications.status }).from(applications).where(eq(applications.id, id))
        throw new Conflict(RECRUITMENT_MESSAGES.notOpen(now?.status ?? row.status))
      }
      const memberId = input.status === 'accepted' ? await createRecruit(tx, admin, row) : null
      if (memberId) await tx.update(applications).set({ member_id: memberId }).where(eq(applications.id, id))
      const [event] = await tx
        .insert(applicationEvents)
        .values({
          application_id: id,
          kind: 'status',
          from_status: row.status,
          to_status: input.status,
          actor_user_id: admin.id,
          note: input.status === 'rejected' ? input.reason : null,
        })
        .returning({ id: applicationEvents.id })
      // The applicant hears of it once the change commits (an applicant is not a member: by Discord message until they
      // subscribe a device).
      const reason = input.status === 'rejected' ? input.reason : null
      await notify(
        tx,
        { userId: row.user_id, except: admin.id },
        {
          kind: 'applications',
          event: `application:${event!.id}`,
          url: '/account',
          ...statusNotice(services.config.appUrl, input.status, reason ?? null),
        },
      )
      await recordAudit(
        tx,
        admin,
        'Application moved',
        `#${id}: ${row.status} -> ${input.status}${input.reason && input.status === 'rejected' ? `: ${input.reason}` : ''}`,
      )
      const application = await applicationOf(tx, id)
      await emitWebhook(tx, 'application.status_changed', application)
      // The recruit is a new roster member: subscribers hear of it as of a member an admin added.
      if (memberId !== null) await emitWebhook(tx, 'member.created', () => getAdminMember(tx, memberId))
      return { application, memberId, discordId: row.discord_id, status: input.status }
    },
    {
      name: 'move application',
      changes: (move) => (move.memberId ? ['roster', 'orbat'] : []),
      syncRoles: (move) => (move.memberId ? [move.discordId] : []),
    },
  )
  return { application: move.application, member_id: move.memberId }
}

/** The roster member an acceptance creates; refused when this Discord account already has one. */
async function createRecruit(tx: DbOrTx, admin: User, row: ApplicationRow): Promise<number> {
  const existing = await memberByDiscord(tx, row.discord_id)
  if (existing) throw new Conflict(RECRUITMENT_MESSAGES.memberExists(existing.name))
  const [user] = await tx
    .select({ name: nameSql(users) })
    .from(users)
    .where(eq(users.id, row.user_id))
    .limit(1)
  const { today } = await unitToday(tx)
  const name = (user?.name ?? '').trim() || `Recruit ${row.discord_id}`
  await markChange(tx, 'admin', admin)
  const [member] = await tx
    .insert(members)
    .values({ ingame_name: name, rank: 'BMT', join_date: today, discord_id: row.discord_id })
    .returning({ id: members.id })
  await recordAudit(tx, admin, 'Member added', `${name} (BMT), from application #${row.id}`)
  return member!.id
}

/** POST /api/applications/{id}/comments: a recruiter's note, never shown to the applicant. */
export async function commentOn(services: AppServices, admin: User, id: number, text: string) {
  return runTransaction(
    services,
    async (tx) => {
      const [row] = await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, id))
      if (!row) throw new NotFound(RECRUITMENT_MESSAGES.notFound)
      const [comment] = await tx
        .insert(applicationComments)
        .values({ application_id: id, author_user_id: admin.id, text })
        .returning()
      await recordAudit(tx, admin, 'Application comment', `#${id}`)
      return {
        id: comment!.id,
        author: admin.display_name ?? admin.username,
        text: comment!.text,
        created_at: comment!.created_at.toISOString(),
      }
    },
    { name: 'comment on application', changes: [] },
  )
}

/** POST /api/applications/{id}/assign: an admin takes it on (or a recruiter hands it over); null clears it. */
export async function assignApplication(
  services: AppServices,
  admin: User,
  id: number,
  userId: number | null,
): Promise<Application> {
  return runTransaction(
    services,
    async (tx) => {
      const [row] = await tx.select().from(applications).where(eq(applications.id, id)).limit(1).for('update')
      if (!row) throw new NotFound(RECRUITMENT_MESSAGES.notFound)
      let name: string | null = null
      if (userId !== null) {
        const [assignee] = await tx
          .select({ name: nameSql(users), is_admin: users.is_admin })
          .from(users)
          .where(eq(users.id, userId))
        if (!assignee?.is_admin)
          throw new Invalid(RECRUITMENT_MESSAGES.assigneeNotAdmin, { user_id: [RECRUITMENT_MESSAGES.assigneeNotAdmin] })
        name = assignee.name
      }
      await tx.update(applications).set({ assignee_user_id: userId }).where(eq(applications.id, id))
      await tx.insert(applicationEvents).values({
        application_id: id,
        kind: 'assigned',
        actor_user_id: admin.id,
        note: name ?? 'Unassigned',
      })
      await recordAudit(tx, admin, 'Application assigned', `#${id}: ${name ?? 'nobody'}`)
      return applicationOf(tx, id)
    },
    { name: 'assign application', changes: [] },
  )
}

/** The admin hub's count of applications waiting for a recruiter. */
export async function openApplicationCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(applications)
    .where(inArray(applications.status, [...OPEN_STATUSES]))
  return row?.n ?? 0
}
