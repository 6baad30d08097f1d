import { parseWithZod } from '@conform-to/zod/v4'
import { Link, useLocation } from 'react-router'
import type { Route } from './+types/route'
import { RecruitmentTabs } from './tabs.tsx'
import {
  APPLICATION_STATUSES,
  applicationStatusInputSchema,
  commentInputSchema,
  isOpenStatus,
  RECRUITER_STATUSES,
  RECRUITMENT_INTENTS,
  RECRUITMENT_LIMITS,
  RECRUITMENT_MESSAGES,
  type Application,
  type ApplicationStatus,
} from '#contracts/recruitment.ts'
import { useApplicationTexts } from '#app/components/application-texts.ts'
import { AnswerList, ApplicationStatusBadge, HistoryList } from '#app/components/recruitment.tsx'
import { runUseCase } from '#app/forms/actions.ts'
import { failWithToast, postedId, readAdminPost, succeed, unknownIntent, type AdminPost } from '#app/forms/respond.ts'
import { useFormPost } from '#app/hooks/use-form-post.tsx'
import { primaryButton, secondaryButton } from '#app/ui/button.ts'
import { DateTime } from '#app/ui/date-time.tsx'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { EmptyState, LoadError, selectClass, textareaClass } from '#app/ui/field.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { TabbedPage } from '#app/ui/tabs.tsx'
import { BackToAdminHub } from '#app/ui/admin-page-header.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { Invalid, refusalsSaying } from '#server/errors.ts'
import { pageLanguage, pageMessages } from '#server/http/page-texts.ts'
import { withLoadError } from '#server/load-error.ts'
import { recruitersText } from '#server/recruitment/page-texts.ts'
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
// the /api calls. It speaks the page's language (docs/rules/languages.md): the catalogs' `adminRecruitment`, and
// `applications` for what the applicant's pages say alike (the statuses, the history); the answers, comments and names
// are people's own words, and the use cases' English answers are said in the page's words.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  const { db } = getServices(context)
  const [{ language }, messages] = await Promise.all([
    pageLanguage(request, context),
    pageMessages(request, context, ['adminRecruitment', 'applications']),
  ])
  const pipeline = await withLoadError(
    'admin recruitment',
    async () => {
      const [applications, admins] = await Promise.all([listApplications(db), assignableAdmins(db)])
      return { applications, admins }
    },
    { applications: [] as Application[], admins: [] as Array<{ user_id: number; name: string }> },
    recruitersText(language, RECRUITMENT_MESSAGES.loadFailed),
  )
  return { ...pipeline, messages }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  const services = getServices(context)
  const id = postedId(post) ?? 0
  const { language } = await pageLanguage(request, context)
  const say = (message: string) => recruitersText(language, message)
  const saveFailed = say(RECRUITMENT_MESSAGES.saveFailed)
  switch (post.intent) {
    case RECRUITMENT_INTENTS.move:
      return move(post, id, say)
    case RECRUITMENT_INTENTS.comment: {
      const submission = parseWithZod(post.form, { schema: commentInputSchema })
      if (submission.status !== 'success')
        return failWithToast(post, new Invalid(say(RECRUITMENT_MESSAGES.commentRequired)), saveFailed)
      return runUseCase(post, () => refusalsSaying(say, commentOn(services, post.admin, id, submission.value.text)), {
        success: say(RECRUITMENT_MESSAGES.commented),
        failure: saveFailed,
      })
    }
    case RECRUITMENT_INTENTS.assign: {
      const userId = postedId(post, 'user_id')
      return runUseCase(post, () => refusalsSaying(say, assignApplication(services, post.admin, id, userId)), {
        success: say(RECRUITMENT_MESSAGES.assigned),
        failure: saveFailed,
      })
    }
    default:
      return unknownIntent(post)
  }
}

async function move(post: AdminPost, id: number, say: (message: string) => string) {
  const saveFailed = say(RECRUITMENT_MESSAGES.saveFailed)
  const submission = parseWithZod(post.form, { schema: applicationStatusInputSchema })
  if (submission.status !== 'success') {
    const message = Object.values(submission.error ?? {})[0]?.[0] ?? RECRUITMENT_MESSAGES.saveFailed
    return failWithToast(post, new Invalid(say(message)), saveFailed)
  }
  try {
    const { application } = await refusalsSaying(
      say,
      moveApplication(getServices(post.context), post.admin, id, submission.value),
    )
    return succeed(
      post,
      say(
        application.status === 'accepted'
          ? RECRUITMENT_MESSAGES.accepted(application.applicant.discord_name)
          : RECRUITMENT_MESSAGES.statusChanged(application.status),
      ),
    )
  } catch (error) {
    return failWithToast(post, error, saveFailed)
  }
}

export default function RecruitmentRoute({ loaderData }: Route.ComponentProps) {
  const location = useLocation()
  const t = useT('adminRecruitment')
  const { applications, admins } = loaderData
  const selectedId = new URLSearchParams(location.search).get('application')
  const selected = applications.find((a) => String(a.id) === selectedId) ?? null
  const closeHref = location.pathname
  return (
    <TabbedPage title={t('title')} tabs={<RecruitmentTabs />} back={<BackToAdminHub label={t('backToHub')} />}>
      <LoadError message={'loadError' in loaderData ? loaderData.loadError : undefined} />
      {selected ? <ApplicationDialog application={selected} admins={admins} closeHref={closeHref} /> : null}
      <Pipeline applications={applications} />
      <div className="mt-4 flex justify-end">
        <DownloadCsv href="/api/admin/export/applications.csv" label={t('download')} />
      </div>
    </TabbedPage>
  )
}

/** One group per status: columns side by side from `lg` up, stacked (empty ones left out) below. */
function Pipeline({ applications }: { applications: Application[] }) {
  const t = useT('adminRecruitment')
  const status = useT('applications.status')
  if (!applications.length) return <EmptyState title={t('empty.title')} text={t('empty.text')} />
  return (
    <div className="flex flex-col gap-4 lg:grid lg:grid-cols-6 lg:items-start lg:gap-3" data-testid="pipeline">
      {APPLICATION_STATUSES.map((column) => {
        const items = applications.filter((a) => a.status === column)
        return (
          <section
            key={column}
            aria-label={status(column)}
            data-testid={`column-${column}`}
            className={`${items.length ? 'flex' : 'hidden lg:flex'} min-w-0 flex-col gap-2 rounded-xl border border-zinc-800 bg-zinc-900/40 p-2`}
          >
            <h2 className="flex items-center justify-between gap-1 px-1 text-sm font-semibold break-words text-zinc-200">
              <span className="min-w-0">{status(column)}</span>
              <span className="text-xs font-normal text-zinc-500">{items.length}</span>
            </h2>
            {items.length ? (
              <ul className="flex flex-col gap-2">
                {items.map((a) => (
                  <ApplicationCard key={a.id} application={a} />
                ))}
              </ul>
            ) : (
              <p className="px-1 py-2 text-xs text-zinc-500">{t('none')}</p>
            )}
          </section>
        )
      })}
    </div>
  )
}

/** An account's age in words: the days of a young account (a warning sign), else months or years. */
function useAccountAge(): (days: number) => string {
  const t = useT('adminRecruitment.age')
  return (days) => {
    if (days < 60) return t('days', { days })
    if (days < 730) return t('months', { months: Math.floor(days / 30) })
    return t('years', { years: Math.floor(days / 365) })
  }
}

function ApplicationCard({ application: a }: { application: Application }) {
  const t = useT('adminRecruitment.card')
  const accountAge = useAccountAge()
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
        {t('accountAge', { age: accountAge(a.applicant.account_age_days) })}
        {a.applicant.account_age_days < 30 ? <span className="text-amber-300">{t('new')}</span> : null}
      </span>
      <span className="text-xs text-zinc-500">
        {t.rich('applied', { date: () => <DateTime iso={a.created_at} /> })}
      </span>
      <span className="flex flex-wrap gap-x-2 text-xs text-zinc-400">
        {a.assignee ? <span>{t('assignee', { name: a.assignee.name })}</span> : <span>{t('unassigned')}</span>}
        {a.comments.length ? <span>{t('comments', { count: a.comments.length })}</span> : null}
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
  const t = useT('adminRecruitment.detail')
  const accountAge = useAccountAge()
  const applicationTexts = useApplicationTexts()
  return (
    <UrlDialog
      title={t('title', { name: a.applicant.discord_name })}
      description={<ApplicationStatusBadge status={a.status} label={applicationTexts.status(a.status)} />}
      closeHref={closeHref}
      closeLabel={t('close')}
      size="lg"
      tall
    >
      <div className="flex flex-col gap-5" data-testid="application-detail">
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-zinc-400">{t('discord')}</dt>
          <dd className="break-all text-zinc-100">
            {a.applicant.discord_name} (@{a.applicant.username}, {a.applicant.discord_id})
          </dd>
          <dt className="text-zinc-400">{t('accountAge')}</dt>
          <dd className="text-zinc-100" data-testid="account-age">
            {t.rich('age', {
              age: accountAge(a.applicant.account_age_days),
              date: () => <DateTime iso={a.applicant.account_created_at} />,
            })}
          </dd>
          <dt className="text-zinc-400">{t('applied')}</dt>
          <dd className="text-zinc-100">
            <DateTime iso={a.created_at} />
          </dd>
          {a.reason ? (
            <>
              <dt className="text-zinc-400">{t('reason')}</dt>
              <dd className="break-words text-zinc-100">{a.reason}</dd>
            </>
          ) : null}
          {a.member_id ? (
            <>
              <dt className="text-zinc-400">{t('roster')}</dt>
              <dd>
                <Link to={`/roster/${a.member_id}`} className="text-brand-400 underline">
                  {a.member_name ?? t('newMember')}
                </Link>
              </dd>
            </>
          ) : null}
          <Reach application={a} />
        </dl>
        <section aria-label={t('answers')} className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-zinc-200">{t('answers')}</h3>
          <AnswerList answers={a.answers} words={{ yes: t('yes'), no: t('no'), none: t('noAnswer') }} />
        </section>
        {isOpenStatus(a.status) ? <MoveForm application={a} /> : null}
        <AssignForm application={a} admins={admins} />
        <Comments application={a} />
        <section aria-label={t('history')} className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-zinc-200">{t('history')}</h3>
          <HistoryList history={a.history} texts={applicationTexts.history} />
        </section>
      </div>
    </UrlDialog>
  )
}

/**
 * What reached the applicant: how the last status change's notice went out, and an accepted recruit's Discord roles,
 * with Discord's refusal when it refused (closed direct messages, not on the server).
 */
function Reach({ application: a }: { application: Application }) {
  const t = useT('adminRecruitment')
  const status = useT('applications.status')
  const told = a.applicant_told
  const roles = a.discord_roles
  const notOnServer = roles?.error && /unknown member/i.test(roles.error)
  const pending = roles?.error ? t('detail.rolesPendingError', { error: roles.error }) : t('detail.rolesPending')
  const rolesPending = notOnServer ? `${pending} ${t('detail.notOnServer')}` : pending
  return (
    <>
      {told ? (
        <>
          <dt className="text-zinc-400">{t('detail.told')}</dt>
          <dd className="text-zinc-100" data-testid="applicant-told">
            {t.rich('detail.toldLine', {
              status: status(told.status),
              discord: t(`discordState.${told.discord}`),
              push: t(`pushState.${told.push}`),
              error: () =>
                told.discord === 'failed' && told.discord_error ? (
                  <span className="text-amber-300"> ({told.discord_error})</span>
                ) : null,
            })}
            {told.discord === 'failed' && told.push !== 'sent' ? (
              <span className="block text-amber-300">{t('detail.notTold')}</span>
            ) : null}
          </dd>
        </>
      ) : null}
      {roles ? (
        <>
          <dt className="text-zinc-400">{t('detail.roles')}</dt>
          <dd className="text-zinc-100" data-testid="applicant-roles">
            {roles.state === 'given' ? t('detail.rolesGiven') : <span className="text-amber-300">{rolesPending}</span>}
          </dd>
        </>
      ) : null}
    </>
  )
}

function MoveForm({ application: a }: { application: Application }) {
  const { Form, action, hidden, busy } = useFormPost(`move-${a.id}`)
  const t = useT('adminRecruitment.move')
  const status = useT('applications.status')
  const targets = RECRUITER_STATUSES.filter((s) => s !== a.status)
  const next: ApplicationStatus =
    a.status === 'submitted' ? 'reviewing' : a.status === 'reviewing' ? 'interview' : 'accepted'
  return (
    <Form method="post" action={action} className="flex flex-col gap-2" aria-label={t('form')}>
      {hidden}
      <input type="hidden" name="intent" value={RECRUITMENT_INTENTS.move} />
      <input type="hidden" name="id" value={a.id} />
      <h3 className="text-sm font-semibold text-zinc-200">{t('title')}</h3>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`move-status-${a.id}`} className="text-sm text-zinc-300">
          {t('newStatus')}
        </label>
        <select id={`move-status-${a.id}`} name="status" defaultValue={next} className={selectClass}>
          {targets.map((s) => (
            <option key={s} value={s}>
              {status(s)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`move-reason-${a.id}`} className="text-sm text-zinc-300">
          {t('reason')}
        </label>
        <textarea
          id={`move-reason-${a.id}`}
          name="reason"
          rows={2}
          maxLength={RECRUITMENT_LIMITS.reason}
          className={textareaClass}
        />
      </div>
      <p className="text-xs text-zinc-500">{t('help')}</p>
      <div>
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
          {t('submit')}
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
  const t = useT('adminRecruitment.assign')
  return (
    <Form method="post" action={action} className="flex flex-col gap-1.5" aria-label={t('form')}>
      {hidden}
      <input type="hidden" name="intent" value={RECRUITMENT_INTENTS.assign} />
      <input type="hidden" name="id" value={a.id} />
      <label htmlFor={`assignee-${a.id}`} className="text-sm font-semibold text-zinc-200">
        {t('label')}
      </label>
      <div className="flex flex-wrap gap-2">
        <select
          id={`assignee-${a.id}`}
          name="user_id"
          defaultValue={a.assignee ? String(a.assignee.user_id) : ''}
          className={`${selectClass} min-w-0 flex-1`}
        >
          <option value="">{t('nobody')}</option>
          {admins.map((admin) => (
            <option key={admin.user_id} value={admin.user_id}>
              {admin.name}
            </option>
          ))}
        </select>
        <button type="submit" className={secondaryButton} disabled={busy} aria-busy={busy || undefined}>
          {t('submit')}
        </button>
      </div>
    </Form>
  )
}

function Comments({ application: a }: { application: Application }) {
  const { Form, action, hidden, busy } = useFormPost(`comment-${a.id}`)
  const t = useT('adminRecruitment.comments')
  return (
    <section aria-label={t('title')} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-zinc-200">{t('title')}</h3>
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
        <p className="text-sm text-zinc-500">{t('none')}</p>
      )}
      {/* Keyed by the number of comments: once a comment is added the form starts empty again. */}
      <Form
        key={a.comments.length}
        method="post"
        action={action}
        className="flex flex-col gap-2"
        aria-label={t('form')}
      >
        {hidden}
        <input type="hidden" name="intent" value={RECRUITMENT_INTENTS.comment} />
        <input type="hidden" name="id" value={a.id} />
        <label htmlFor={`comment-${a.id}`} className="sr-only">
          {t('label')}
        </label>
        <textarea
          id={`comment-${a.id}`}
          name="text"
          rows={2}
          maxLength={RECRUITMENT_LIMITS.comment}
          placeholder={t('placeholder')}
          className={textareaClass}
        />
        <div>
          <button type="submit" className={secondaryButton} disabled={busy} aria-busy={busy || undefined}>
            {t('submit')}
          </button>
        </div>
      </Form>
    </section>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  const texts = loaderData?.messages['adminRecruitment'] as { pageTitle?: string } | undefined
  return [{ title: texts?.pageTitle ?? 'Recruitment · Task Force HQ' }]
}
