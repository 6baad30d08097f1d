import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import {
  isOpenStatus,
  OPEN_STATUSES,
  RECRUITMENT_MESSAGES,
  type Application,
  type ApplicationStatus,
  type ApplicationStatusInput,
} from '#contracts/recruitment.ts'
import type { DbOrTx } from '#db/client.ts'
import { applicationComments, applicationEvents, applications, type ApplicationRow } from '#db/schema/recruitment.ts'
import { members } from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { Conflict, Invalid, NotFound } from '../errors.ts'
import { notify } from '../notifications/outbox.ts'
import { markChange } from '../personnel/history.ts'
import { getAdminMember } from '../personnel/member-views.ts'
import { unitToday } from '../leave/days.ts'
import { runTransaction } from '../transaction.ts'
import { emitWebhook } from '../webhooks/emit.ts'
import { statusNotice } from './announcements.ts'
import { applicationOf, memberByDiscord, nameSql, readApplications } from './application-views.ts'

// The recruiters' pipeline (docs/rules/recruitment.md): the list by status, moving an application, comments, the
// assignee, the admin hub's count of open ones. Each write is one use case: its transaction, its audit entry, the
// history row, the applicant's notification (docs/rules/notifications.md). Accepting creates the roster member in the
// same transaction as the status change, which is a conditional update: of two admins pressing Accept at once, one
// changes the row and the other finds it accepted.

/** GET /api/applications[?status=] (admin). */
export function listApplications(db: DbOrTx, status?: ApplicationStatus): Promise<Application[]> {
  return readApplications(db, status ? eq(applications.status, status) : undefined)
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
