import { and, count, desc, eq, inArray, sql } from 'drizzle-orm'
import {
  APPLICATIONS_PER_DAY,
  checkAnswers,
  isOpenStatus,
  OPEN_STATUSES,
  RECRUITMENT_MESSAGES,
  type ApplicantApplication,
  type JoinPageData,
} from '#contracts/recruitment.ts'
import type { DbOrTx } from '#db/client.ts'
import { applicationEvents, applications } from '#db/schema/recruitment.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { Conflict, Forbidden, Invalid, NotFound, postgresErrorOf, RateLimited } from '../errors.ts'
import { notify } from '../notifications/outbox.ts'
import { inEveryLanguage } from '../notifications/texts.ts'
import { runTransaction } from '../transaction.ts'
import { emitWebhook } from '../webhooks/emit.ts'
import { announceApplication } from './announcements.ts'
import { applicationOf, DAY_MS, memberByDiscord, readApplicantViews } from './application-views.ts'
import { cooldownDays, publicForm, readForm } from './form.ts'

// Applications as the applicant sees them (docs/rules/recruitment.md): the /join page, applying, withdrawing, their
// own list on /account. Applying is one use case: its transaction checks the form is open, the applicant is no member,
// has no open application, is past the cooldown and the day's limit, and writes the application, its history row, the
// audit entry, the admins' notification (docs/rules/notifications.md) and the webhook delivery; after the commit the
// recruiters channel's post.

/** GET /api/applications/mine. */
export function myApplications(db: DbOrTx, user: User): Promise<ApplicantApplication[]> {
  return readApplicantViews(db, eq(applications.discord_id, user.discord_id))
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
