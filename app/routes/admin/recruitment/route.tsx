import { parseWithZod } from '@conform-to/zod/v4'
import { Link, useLocation } from 'react-router'
import type { Route } from './+types/route'
import { RecruitmentTabs } from './tabs.tsx'
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  applicationStatusInputSchema,
  commentInputSchema,
  isOpenStatus,
  RECRUITER_STATUSES,
  RECRUITMENT_INTENTS,
  RECRUITMENT_LIMITS,
  RECRUITMENT_MESSAGES,
  type ApplicantNoticeDelivery,
  type Application,
  type ApplicationStatus,
} from '#contracts/recruitment.ts'
import { AnswerList, ApplicationStatusBadge, HistoryList } from '#app/components/recruitment.tsx'
import { runUseCase } from '#app/forms/actions.ts'
import { failWithToast, postedId, readAdminPost, succeed, unknownIntent, type AdminPost } from '#app/forms/respond.ts'
import { useFormPost } from '#app/hooks/use-form-post.tsx'
import { primaryButton, secondaryButton } from '#app/ui/button.ts'
import { DateTime } from '#app/ui/date-time.tsx'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { EmptyState, LoadError, selectClass, textareaClass } from '#app/ui/field.tsx'
import { TabbedPage } from '#app/ui/tabs.tsx'
import { BackToAdminHub } from '#app/ui/admin-page-header.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { Invalid } from '#server/errors.ts'
import { withLoadError } from '#server/load-error.ts'
import {
  assignableAdmins,
  assignApplication,
  commentOn,
  listApplications,
  moveApplication,
} from '#server/recruitment/pipeline.ts'
import { DownloadCsv } from '#app/ui/download-link.tsx'

// The recruiters' pipeline (docs/rules/recruitment.md): applications by status, as columns on wide screens and a list
// on phones; ?application=ID opens one (answers, the applicant's Discord account and its age, comments, assignee,
// history) with its Move, Assign and Comment forms. Every form works without JavaScript, through the same use cases as
// the /api calls.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  const { db } = getServices(context)
  return withLoadError(
    'admin recruitment',
    async () => {
      const [applications, admins] = await Promise.all([listApplications(db), assignableAdmins(db)])
      return { applications, admins }
    },
    { applications: [] as Application[], admins: [] as Array<{ user_id: number; name: string }> },
    RECRUITMENT_MESSAGES.loadFailed,
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  const services = getServices(context)
  const id = postedId(post) ?? 0
  switch (post.intent) {
    case RECRUITMENT_INTENTS.move:
      return move(post, id)
    case RECRUITMENT_INTENTS.comment: {
      const submission = parseWithZod(post.form, { schema: commentInputSchema })
      if (submission.status !== 'success')
        return failWithToast(post, new Invalid(RECRUITMENT_MESSAGES.commentRequired), RECRUITMENT_MESSAGES.saveFailed)
      return runUseCase(post, () => commentOn(services, post.admin, id, submission.value.text), {
        success: RECRUITMENT_MESSAGES.commented,
        failure: RECRUITMENT_MESSAGES.saveFailed,
      })
    }
    case RECRUITMENT_INTENTS.assign: {
      const userId = postedId(post, 'user_id')
      return runUseCase(post, () => assignApplication(services, post.admin, id, userId), {
        success: RECRUITMENT_MESSAGES.assigned,
        failure: RECRUITMENT_MESSAGES.saveFailed,
      })
    }
    default:
      return unknownIntent(post)
  }
}

async function move(post: AdminPost, id: number) {
  const submission = parseWithZod(post.form, { schema: applicationStatusInputSchema })
  if (submission.status !== 'success') {
    const message = Object.values(submission.error ?? {})[0]?.[0] ?? RECRUITMENT_MESSAGES.saveFailed
    return failWithToast(post, new Invalid(message), RECRUITMENT_MESSAGES.saveFailed)
  }
  try {
    const { application } = await moveApplication(getServices(post.context), post.admin, id, submission.value)
    return succeed(
      post,
      application.status === 'accepted'
        ? RECRUITMENT_MESSAGES.accepted(application.applicant.discord_name)
        : RECRUITMENT_MESSAGES.statusChanged(application.status),
    )
  } catch (error) {
    return failWithToast(post, error, RECRUITMENT_MESSAGES.saveFailed)
  }
}

export default function RecruitmentRoute({ loaderData }: Route.ComponentProps) {
  const location = useLocation()
  const { applications, admins } = loaderData
  const selectedId = new URLSearchParams(location.search).get('application')
  const selected = applications.find((a) => String(a.id) === selectedId) ?? null
  const closeHref = location.pathname
  return (
    <TabbedPage title="Recruitment" tabs={<RecruitmentTabs />} back={<BackToAdminHub />}>
      <LoadError message={'loadError' in loaderData ? loaderData.loadError : undefined} />
      {selected ? <ApplicationDialog application={selected} admins={admins} closeHref={closeHref} /> : null}
      <Pipeline applications={applications} />
      <div className="mt-4 flex justify-end">
        <DownloadCsv href="/api/admin/export/applications.csv" label="Download applications (CSV)" />
      </div>
    </TabbedPage>
  )
}

/** One group per status: columns side by side from `lg` up, stacked (empty ones left out) below. */
function Pipeline({ applications }: { applications: Application[] }) {
  if (!applications.length) return <EmptyState title="No applications yet" text="New applications appear here." />
  return (
    <div className="flex flex-col gap-4 lg:grid lg:grid-cols-6 lg:items-start lg:gap-3" data-testid="pipeline">
      {APPLICATION_STATUSES.map((status) => {
        const items = applications.filter((a) => a.status === status)
        return (
          <section
            key={status}
            aria-label={APPLICATION_STATUS_LABELS[status]}
            data-testid={`column-${status}`}
            className={`${items.length ? 'flex' : 'hidden lg:flex'} min-w-0 flex-col gap-2 rounded-xl border border-zinc-800 bg-zinc-900/40 p-2`}
          >
            <h2 className="flex items-center justify-between px-1 text-sm font-semibold text-zinc-200">
              {APPLICATION_STATUS_LABELS[status]}
              <span className="text-xs font-normal text-zinc-500">{items.length}</span>
            </h2>
            {items.length ? (
              <ul className="flex flex-col gap-2">
                {items.map((a) => (
                  <ApplicationCard key={a.id} application={a} />
                ))}
              </ul>
            ) : (
              <p className="px-1 py-2 text-xs text-zinc-500">None</p>
            )}
          </section>
        )
      })}
    </div>
  )
}

/** An account's age in words: the days of a young account (a warning sign), else months or years. */
export function accountAge(days: number): string {
  if (days < 60) return `${days} day${days === 1 ? '' : 's'}`
  if (days < 730) return `${Math.floor(days / 30)} months`
  return `${Math.floor(days / 365)} years`
}

function ApplicationCard({ application: a }: { application: Application }) {
  return (
    <li
      className="flex flex-col gap-1 rounded-lg border border-zinc-800 bg-zinc-950/60 p-2.5 text-sm"
      data-testid="application-card"
    >
      <Link
        to={`?application=${a.id}`}
        preventScrollReset
        className="font-medium break-words text-brand-400 underline-offset-2 hover:underline"
      >
        {a.applicant.discord_name}
      </Link>
      <span className="text-xs text-zinc-400">
        Discord account {accountAge(a.applicant.account_age_days)} old
        {a.applicant.account_age_days < 30 ? <span className="text-amber-300"> (new)</span> : null}
      </span>
      <span className="text-xs text-zinc-500">
        Applied <DateTime iso={a.created_at} />
      </span>
      <span className="flex flex-wrap gap-x-2 text-xs text-zinc-400">
        {a.assignee ? <span>Assignee: {a.assignee.name}</span> : <span>Unassigned</span>}
        {a.comments.length ? (
          <span>
            {a.comments.length} comment{a.comments.length === 1 ? '' : 's'}
          </span>
        ) : null}
      </span>
    </li>
  )
}

function ApplicationDialog({
  application: a,
  admins,
  closeHref,
}: {
  application: Application
  admins: Array<{ user_id: number; name: string }>
  closeHref: string
}) {
  return (
    <UrlDialog
      title={`Application: ${a.applicant.discord_name}`}
      description={<ApplicationStatusBadge status={a.status} />}
      closeHref={closeHref}
      size="lg"
      tall
    >
      <div className="flex flex-col gap-5" data-testid="application-detail">
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-zinc-400">Discord</dt>
          <dd className="break-all text-zinc-100">
            {a.applicant.discord_name} (@{a.applicant.username}, {a.applicant.discord_id})
          </dd>
          <dt className="text-zinc-400">Account age</dt>
          <dd className="text-zinc-100" data-testid="account-age">
            {accountAge(a.applicant.account_age_days)} (made <DateTime iso={a.applicant.account_created_at} />)
          </dd>
          <dt className="text-zinc-400">Applied</dt>
          <dd className="text-zinc-100">
            <DateTime iso={a.created_at} />
          </dd>
          {a.reason ? (
            <>
              <dt className="text-zinc-400">Reason</dt>
              <dd className="break-words text-zinc-100">{a.reason}</dd>
            </>
          ) : null}
          {a.member_id ? (
            <>
              <dt className="text-zinc-400">Roster</dt>
              <dd>
                <Link to={`/roster/${a.member_id}`} className="text-brand-400 underline">
                  {a.member_name ?? 'The new member'}
                </Link>
              </dd>
            </>
          ) : null}
          <Reach application={a} />
        </dl>
        <section aria-label="Answers" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-zinc-200">Answers</h3>
          <AnswerList answers={a.answers} />
        </section>
        {isOpenStatus(a.status) ? <MoveForm application={a} /> : null}
        <AssignForm application={a} admins={admins} />
        <Comments application={a} />
        <section aria-label="History" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-zinc-200">History</h3>
          <HistoryList history={a.history} />
        </section>
      </div>
    </UrlDialog>
  )
}

const DISCORD_STATE: Record<ApplicantNoticeDelivery['discord'], string> = {
  sent: 'Discord message sent',
  pending: 'Discord message on its way',
  skipped: 'no Discord message (not wanted)',
  failed: 'Discord message not delivered',
}
const PUSH_STATE: Record<ApplicantNoticeDelivery['push'], string> = {
  sent: 'push sent',
  pending: 'push on its way',
  skipped: 'no push (no device)',
  failed: 'push not delivered',
}

/**
 * What reached the applicant: how the last status change's notice went out, and an accepted recruit's Discord roles,
 * with Discord's refusal when it refused (closed direct messages, not on the server).
 */
function Reach({ application: a }: { application: Application }) {
  const told = a.applicant_told
  const roles = a.discord_roles
  const notOnServer = roles?.error && /unknown member/i.test(roles.error)
  return (
    <>
      {told ? (
        <>
          <dt className="text-zinc-400">Told</dt>
          <dd className="text-zinc-100" data-testid="applicant-told">
            {APPLICATION_STATUS_LABELS[told.status]}: {DISCORD_STATE[told.discord]}
            {told.discord === 'failed' && told.discord_error ? (
              <span className="text-amber-300"> ({told.discord_error})</span>
            ) : null}
            , {PUSH_STATE[told.push]}.
            {told.discord === 'failed' && told.push !== 'sent' ? (
              <span className="block text-amber-300">
                The applicant has not been told: their Discord direct messages may be closed. Tell them another way.
              </span>
            ) : null}
          </dd>
        </>
      ) : null}
      {roles ? (
        <>
          <dt className="text-zinc-400">Discord roles</dt>
          <dd className="text-zinc-100" data-testid="applicant-roles">
            {roles.state === 'given' ? (
              'Given'
            ) : (
              <span className="text-amber-300">
                Not given yet{roles.error ? ` (${roles.error})` : ''}: tried again until Discord takes them.
                {notOnServer ? ' They are not on the unit’s Discord server; the roles follow once they join.' : ''}
              </span>
            )}
          </dd>
        </>
      ) : null}
    </>
  )
}

function MoveForm({ application: a }: { application: Application }) {
  const { Form, action, hidden, busy } = useFormPost(`move-${a.id}`)
  const targets = RECRUITER_STATUSES.filter((s) => s !== a.status)
  const next: ApplicationStatus =
    a.status === 'submitted' ? 'reviewing' : a.status === 'reviewing' ? 'interview' : 'accepted'
  return (
    <Form method="post" action={action} className="flex flex-col gap-2" aria-label="Move application">
      {hidden}
      <input type="hidden" name="intent" value={RECRUITMENT_INTENTS.move} />
      <input type="hidden" name="id" value={a.id} />
      <h3 className="text-sm font-semibold text-zinc-200">Move</h3>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`move-status-${a.id}`} className="text-sm text-zinc-300">
          New status
        </label>
        <select id={`move-status-${a.id}`} name="status" defaultValue={next} className={selectClass}>
          {targets.map((s) => (
            <option key={s} value={s}>
              {APPLICATION_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`move-reason-${a.id}`} className="text-sm text-zinc-300">
          Reason (required to reject; the applicant reads it)
        </label>
        <textarea
          id={`move-reason-${a.id}`}
          name="reason"
          rows={2}
          maxLength={RECRUITMENT_LIMITS.reason}
          className={textareaClass}
        />
      </div>
      <p className="text-xs text-zinc-500">
        Accepted puts them on the roster as BMT, joined today, and gives them their Discord roles.
      </p>
      <div>
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
          Move application
        </button>
      </div>
    </Form>
  )
}

function AssignForm({
  application: a,
  admins,
}: {
  application: Application
  admins: Array<{ user_id: number; name: string }>
}) {
  const { Form, action, hidden, busy } = useFormPost(`assign-${a.id}`)
  return (
    <Form method="post" action={action} className="flex flex-col gap-1.5" aria-label="Assign application">
      {hidden}
      <input type="hidden" name="intent" value={RECRUITMENT_INTENTS.assign} />
      <input type="hidden" name="id" value={a.id} />
      <label htmlFor={`assignee-${a.id}`} className="text-sm font-semibold text-zinc-200">
        Assignee
      </label>
      <div className="flex flex-wrap gap-2">
        <select
          id={`assignee-${a.id}`}
          name="user_id"
          defaultValue={a.assignee ? String(a.assignee.user_id) : ''}
          className={`${selectClass} min-w-0 flex-1`}
        >
          <option value="">Nobody</option>
          {admins.map((admin) => (
            <option key={admin.user_id} value={admin.user_id}>
              {admin.name}
            </option>
          ))}
        </select>
        <button type="submit" className={secondaryButton} disabled={busy} aria-busy={busy || undefined}>
          Save assignee
        </button>
      </div>
    </Form>
  )
}

function Comments({ application: a }: { application: Application }) {
  const { Form, action, hidden, busy } = useFormPost(`comment-${a.id}`)
  return (
    <section aria-label="Recruiters' comments" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-zinc-200">Recruiters&apos; comments</h3>
      {a.comments.length ? (
        <ul className="flex flex-col gap-2" data-testid="comments">
          {a.comments.map((c) => (
            <li key={c.id} className="rounded-md border border-zinc-800 bg-zinc-950/50 px-3 py-2 text-sm">
              <p className="text-xs text-zinc-400">
                {c.author} · <DateTime iso={c.created_at} />
              </p>
              <p className="break-words whitespace-pre-wrap text-zinc-100">{c.text}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-zinc-500">No comments yet. The applicant never sees them.</p>
      )}
      {/* Keyed by the number of comments: once a comment is added the form starts empty again. */}
      <Form
        key={a.comments.length}
        method="post"
        action={action}
        className="flex flex-col gap-2"
        aria-label="Add a comment"
      >
        {hidden}
        <input type="hidden" name="intent" value={RECRUITMENT_INTENTS.comment} />
        <input type="hidden" name="id" value={a.id} />
        <label htmlFor={`comment-${a.id}`} className="sr-only">
          Comment
        </label>
        <textarea
          id={`comment-${a.id}`}
          name="text"
          rows={2}
          maxLength={RECRUITMENT_LIMITS.comment}
          placeholder="A note for the other recruiters"
          className={textareaClass}
        />
        <div>
          <button type="submit" className={secondaryButton} disabled={busy} aria-busy={busy || undefined}>
            Add comment
          </button>
        </div>
      </Form>
    </section>
  )
}

export function meta() {
  return [{ title: 'Recruitment · Task Force HQ' }]
}
