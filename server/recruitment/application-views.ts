import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import {
  discordAccountCreated,
  RECRUITMENT_MESSAGES,
  type ApplicantApplication,
  type ApplicantNoticeDelivery,
  type Application,
  type ApplicationHistoryEntry,
} from '#contracts/recruitment.ts'
import type { DbOrTx } from '#db/client.ts'
import { applicationComments, applicationEvents, applications, type ApplicationRow } from '#db/schema/recruitment.ts'
import { members } from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { NotFound } from '../errors.ts'

// How applications are read (docs/rules/recruitment.md): as the applicant sees their own (status, reason, answers and
// history, without the recruiters' comments or assignments), and as recruiters see them (also the applicant's Discord
// account and its age, the assignee, comments, whether the applicant was told and the recruit's roles). The applicant's
// side (./applying.ts) and the recruiters' (./pipeline.ts) both read through here.

export const DAY_MS = 86_400_000

export const nameSql = (table: typeof users) => sql<string>`coalesce(${table.display_name}, ${table.username})`

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
export async function readApplicantViews(db: DbOrTx, where: SQL): Promise<ApplicantApplication[]> {
  const rows = await db.select().from(applications).where(where).orderBy(desc(applications.id)).limit(100)
  const history = await historyOf(
    db,
    rows.map((r) => r.id),
    false,
  )
  return rows.map((row) => applicantView(row, history.get(row.id) ?? []))
}

/** Applications as recruiters read them: the applicant's Discord account, the assignee, comments and history. */
export async function readApplications(db: DbOrTx, where: SQL | undefined, limit = 500): Promise<Application[]> {
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

export async function applicationOf(db: DbOrTx, id: number): Promise<Application> {
  const [item] = await readApplications(db, eq(applications.id, id), 1)
  if (!item) throw new NotFound(RECRUITMENT_MESSAGES.notFound)
  return item
}

/** GET /api/applications/{id}: an admin sees everything; the applicant their own, without comments; others 404. */
export async function getApplication(db: DbOrTx, user: User, id: number): Promise<Application | ApplicantApplication> {
  if (user.is_admin) return applicationOf(db, id)
  const [mine] = await readApplicantViews(db, and(eq(applications.id, id), eq(applications.user_id, user.id))!)
  if (!mine) throw new NotFound(RECRUITMENT_MESSAGES.notFound)
  return mine
}

export async function memberByDiscord(db: DbOrTx, discordId: string) {
  const [row] = await db
    .select({ id: members.id, name: members.ingame_name, rank: members.rank, banned: members.is_banned })
    .from(members)
    .where(eq(members.discord_id, discordId))
    .limit(1)
  return row ?? null
}
