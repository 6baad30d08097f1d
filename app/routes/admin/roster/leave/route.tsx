import { parseWithZod } from '@conform-to/zod/v4'
import { useSearchParams } from 'react-router'
import type { Route } from './+types/route'
import { DenyDialog } from './deny-dialog.tsx'
import { LeaveFilters, LeaveTable } from './leave-table.tsx'
import { leaveTextOf } from './leave-texts.ts'
import { LEAVE_FILTERS, LEAVE_INTENTS, LEAVE_MESSAGES, leaveDenySchema, type LeaveTabData } from '#contracts/leave.ts'
import { DEFAULT_UNIT_TIME_ZONE } from '#contracts/time-zone.ts'
import {
  askToConfirm,
  failWithToast,
  invalid,
  postedId,
  readAdminPost,
  succeed,
  unknownIntent,
} from '#app/forms/respond.ts'
import type { AdminPost } from '#app/forms/respond.ts'
import { runUseCase } from '#app/forms/actions.ts'
import { useStateHref } from '#app/hooks/url-state.ts'
import { confirmKeyOf, DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { LoadError } from '#app/ui/field.tsx'
import { useT } from '#app/ui/i18n.tsx'
import type { PageLanguage } from '#contracts/languages.ts'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { refusalsSaying } from '#server/errors.ts'
import { pageLanguage, pageMessages } from '#server/http/page-texts.ts'
import { translate, type CompiledMessages } from '#server/lib/i18n.ts'
import { withLoadError } from '#server/load-error.ts'
import { approveLeave, denyLeave, endLeave, leaveTab } from '#server/leave/leave.ts'
import { DownloadCsv } from '#app/ui/download-link.tsx'

// Leave tab (docs/rules/personnel.md, Leave of absence): the members' requests, pending first by default, filtered
// by ?status= (pending, active, approved, denied, or all); Approve, Deny (a reason, in a dialog) and End now, through
// the same use cases as POST /api/loa/{id}/approve|deny|end. It speaks the page's language (docs/rules/languages.md):
// the catalogs' `adminLeave`, and the member's `account.leave` for what both pages say alike (the phases, the days,
// who decided); the members' reasons are their own words, and the use cases' English answers are said in the page's.

/** The filter the URL asks for: one of LEAVE_FILTERS, `all`, or pending when it names none. */
function filterOf(value: string | null): LeaveTabData['filter'] {
  if (value === 'all') return 'all'
  return LEAVE_FILTERS.find((f) => f === value) ?? 'pending'
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePageUser(request, context, 'admin')
  const filter = filterOf(new URL(request.url).searchParams.get('status'))
  const [{ language }, { account, ...messages }] = await Promise.all([
    pageLanguage(request, context),
    pageMessages(request, context, ['adminLeave', 'account']),
  ])
  const tab = await withLoadError<LeaveTabData>(
    'admin roster: leave',
    () => leaveTab(getServices(context).db, filter),
    {
      filter,
      leaves: [],
      counts: { pending: 0, approved: 0, denied: 0, active: 0 },
      today: '',
      unitTimeZone: DEFAULT_UNIT_TIME_ZONE,
    },
    translate(language, 'adminLeave.loadFailed'),
  )
  // Of the account page's texts, only those the two pages share.
  const shared: CompiledMessages = { ...messages, account: { leave: (account as CompiledMessages)['leave']! } }
  return { ...tab, messages: shared }
}

/** One of the use cases' English answers in the page's language (unchanged when the catalogs do not have it). */
function pageText(language: PageLanguage, message: string): string {
  const text = leaveTextOf(message)
  return text ? translate(language, text.key, text.values) : message
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  const services = getServices(context)
  const id = postedId(post) ?? 0
  const { language } = await pageLanguage(request, context)
  const say = (message: string) => pageText(language, message)
  switch (post.intent) {
    case LEAVE_INTENTS.approve:
      return runUseCase(post, () => refusalsSaying(say, approveLeave(services, post.admin, id)), {
        success: say(LEAVE_MESSAGES.approved),
        failure: say(LEAVE_MESSAGES.requestFailed),
      })
    case LEAVE_INTENTS.deny:
      return deny(post, id, say)
    case LEAVE_INTENTS.end:
      if (!post.confirmed) return askToConfirm(post, confirmKeyOf(LEAVE_INTENTS.end, id))
      return runUseCase(post, () => refusalsSaying(say, endLeave(services, post.admin, id)), {
        success: say(LEAVE_MESSAGES.ended),
        failure: say(LEAVE_MESSAGES.requestFailed),
      })
    default:
      return unknownIntent(post)
  }
}

/**
 * Deny: the reason is checked in the dialog (400 inline, in English: the dialog says it in the page's words); a
 * refusal (no longer pending) closes it with a toast.
 */
async function deny(post: AdminPost, id: number, say: (message: string) => string) {
  const submission = parseWithZod(post.form, { schema: leaveDenySchema })
  if (submission.status !== 'success') return invalid(post, submission)
  try {
    await refusalsSaying(say, denyLeave(getServices(post.context), post.admin, id, submission.value))
  } catch (error) {
    return failWithToast(post, error, say(LEAVE_MESSAGES.requestFailed))
  }
  return succeed(post, say(LEAVE_MESSAGES.denied))
}

export default function LeaveRoute({ loaderData: data }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const closeHref = useStateHref()(null)
  const t = useT('adminLeave')
  const denying =
    params.get('dialog') === 'deny' ? (data.leaves.find((l) => String(l.id) === params.get('leave')) ?? null) : null
  return (
    <div className="flex flex-col gap-5">
      <LoadError message={data.loadError} />
      <DeleteConfirmStep
        intent={LEAVE_INTENTS.end}
        items={data.leaves}
        message={(leave) => t('endConfirm', { name: leave.member_name })}
        confirmLabel={t('endLeave')}
        cancelLabel={t('cancel')}
      />
      {denying && denying.status === 'pending' ? <DenyDialog leave={denying} closeHref={closeHref} /> : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <LeaveFilters data={data} />
        <DownloadCsv href="/api/admin/export/leave.csv" label={t('download')} />
      </div>
      <LeaveTable data={data} />
    </div>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  const texts = loaderData?.messages['adminLeave'] as { title?: string } | undefined
  return [{ title: texts?.title ?? 'Leave · Roster Management · Task Force HQ' }]
}
