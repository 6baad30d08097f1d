import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link } from 'react-router'
import type { Route } from './+types/route'
import { MemberWeeksChart } from '#app/components/activity/charts.tsx'
import { Section } from '#app/ui/field.tsx'
import { accountActivity } from '#server/activity/account.ts'
import { ACCOUNT_FORMS, ACCOUNT_INTENTS, type AccountActionData } from './intents.ts'
import { CalendarSection } from './calendar-section.tsx'
import { TokensSection } from './tokens-section.tsx'
import { LeaveSection } from './leave-section.tsx'
import { ApplicationsSection } from './applications-section.tsx'
import { OperationsSection } from './operations-section.tsx'
import { NotificationsSection } from './notifications-section.tsx'
import { GuestSection } from './guest-section.tsx'
import { LanguageSection } from './language-section.tsx'
import { deleteRecord, runUseCase, submitForm } from '#app/forms/actions.ts'
import {
  askToConfirm,
  failInline,
  failWithToast,
  invalid,
  postedId,
  readFormPost,
  succeed,
  unknownIntent,
  type FormPost,
} from '#app/forms/respond.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { apiTokenSchema } from '#contracts/api-tokens.ts'
import { LEAVE_INTENTS, leaveRequestSchema } from '#contracts/leave.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { createApiToken, listApiTokens, revokeApiToken } from '#server/integrations/api-tokens.ts'
import { calendarFeedOf, regenerateCalendarFeed } from '#server/integrations/calendar.ts'
import { accountLeave, endLeave, requestLeave, withdrawLeave } from '#server/leave/leave.ts'
import { RECRUITMENT_INTENTS } from '#contracts/recruitment.ts'
import { myApplications, withdraw } from '#server/recruitment/applying.ts'
import { memberIdOfUser } from '#server/people.ts'
import { guestUnitOf } from '#server/allies/allies.ts'
import { heldSlotsOf } from '#server/personnel/record.ts'
import { notificationChoicesFormSchema } from '#contracts/notifications.ts'
import { accountNotifications } from '#server/notifications/account.ts'
import { setPreferences, unsubscribe } from '#server/notifications/subscriptions.ts'
import { refusalsSaying, userMessageOf } from '#server/errors.ts'
import { buttonClass } from '#app/ui/button.ts'
import { useT } from '#app/ui/i18n.tsx'
import { languageFormSchema } from '#contracts/language-forms.ts'
import { isLanguageCode, type PageLanguage } from '#contracts/languages.ts'
import { savePreferences } from '#server/auth/preferences.ts'
import { pageLanguage, pageMessages } from '#server/http/page-texts.ts'
import { translate } from '#server/lib/i18n.ts'
import { browserLanguage, getUnitLanguage } from '#server/unit/language.ts'
import { accountTextOf } from './contract-texts.ts'

// The signed-in person's own page: their applications to join, the slots they held in recent operations, their leave
// of absence, notifications, calendar feed and API tokens (and server tokens for admins). Forms post here and work without
// JavaScript; a new token comes back in the action's answer, never in a cookie or a URL.

/** Operations the account page lists with the slot held; the service record has them all. */
const HELD_SHOWN = 5

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePageUser(request, context)
  const services = getServices(context)
  const [tokens, feed, leave, applications, memberId, activity, notifications, guestOf, otherwise, messages, page] =
    await Promise.all([
      listApiTokens(services.db, user),
      calendarFeedOf(services.db, user),
      accountLeave(services.db, user),
      myApplications(services.db, user),
      memberIdOfUser(services.db, user),
      accountActivity(services.db, user),
      accountNotifications(services.db, user),
      guestUnitOf(services.db, user.id),
      languageWithoutChoice(request, services.db),
      pageMessages(request, context, ['account', 'applications']),
      pageLanguage(request, context),
    ])
  const held = memberId === null ? [] : await heldSlotsOf(services.db, memberId, HELD_SHOWN)
  // The kinds the person may choose, named in the page's language (the /api's NOTIFICATION_KIND_LABELS stay English);
  // the catalog's names of the others (the admins' kind) never reach the page.
  const choices = notifications.choices.map((choice) => ({
    ...choice,
    label: translate(page.language, `notifications.kinds.${choice.kind}`),
  }))
  return {
    isAdmin: user.is_admin,
    tokens,
    feed,
    leave,
    applications,
    held,
    activity,
    notifications: { ...notifications, choices },
    guestOf,
    pushPublicKey: services.config.push.publicKey,
    appUrl: services.config.appUrl,
    language: { chosen: isLanguageCode(user.language) ? user.language : null, otherwise },
    messages,
  }
}

/** The language the person's pages take when they choose none: their browser's, else the unit's. */
async function languageWithoutChoice(request: Request, db: Parameters<typeof getUnitLanguage>[0]) {
  const asked = browserLanguage(request.headers.get('accept-language'))
  return asked && isLanguageCode(asked) ? asked : getUnitLanguage(db)
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requirePageUser(request, context)
  const post = await readFormPost(request, context)
  // The toasts and refusals in the page's language; the use cases (and the /api) speak English.
  const { language } = await pageLanguage(request, context)
  const say = (key: string) => translate(language, `account.${key}`)
  const inPage = <T,>(work: Promise<T>) => inLanguage(language, work)
  switch (post.intent) {
    case ACCOUNT_INTENTS.createToken:
      return createToken(post, user, language)
    case ACCOUNT_INTENTS.calendarFeed:
      return calendarFeed(post, user, language)
    case LEAVE_INTENTS.request:
      return submitForm(post, leaveRequestSchema, (input) => inPage(requestLeave(getServices(context), user, input)), {
        success: say('leave.requested'),
        failure: say('leave.requestFailed'),
      })
    case LEAVE_INTENTS.withdraw:
      return deleteRecord(post, (id) => inPage(withdrawLeave(getServices(context), user, id)), {
        success: say('leave.withdrawn'),
        failure: say('leave.requestFailed'),
      })
    case LEAVE_INTENTS.end:
      return deleteRecord(post, (id) => inPage(endLeave(getServices(context), user, id)), {
        success: say('leave.ended'),
        failure: say('leave.requestFailed'),
      })
    case RECRUITMENT_INTENTS.withdraw:
      return deleteRecord(post, (id) => inPage(withdraw(getServices(context), user, id)), {
        success: translate(language, 'applications.withdrawn'),
        failure: translate(language, 'applications.saveFailed'),
      })
    case ACCOUNT_INTENTS.notificationChoices:
      return saveChoices(post, user, language)
    case ACCOUNT_INTENTS.removeDevice:
      return runUseCase(post, () => inPage(unsubscribe(getServices(context), user, { id: postedId(post) ?? 0 })), {
        success: say('notifications.deviceRemoved'),
        failure: say('notifications.removeFailed'),
      })
    case ACCOUNT_INTENTS.saveLanguage:
      return saveLanguage(post, user, request)
    case ACCOUNT_INTENTS.revokeToken:
      return deleteRecord(post, (id) => inPage(revokeApiToken(getServices(context), user, id)), {
        success: say('tokens.revoked'),
        failure: say('tokens.revokeFailed'),
      })
    default:
      return unknownIntent(post)
  }
}

/** An English text of the /api (a refusal) in the page's language, when the page has words for it. */
function pageText(language: PageLanguage, message: string): string {
  const text = accountTextOf(message)
  return text ? translate(language, text.key, text.values) : message
}

/** Runs a use case; its refusal (message and fields) comes out in the page's language, for the toast or the form. */
function inLanguage<T>(language: PageLanguage, work: Promise<T>): Promise<T> {
  return refusalsSaying((message) => pageText(language, message), work)
}

/** Saves the person's language; the toast already speaks the language the page comes back in. */
async function saveLanguage(post: FormPost, user: User, request: Request) {
  const { db } = getServices(post.context)
  const next = async (language: string | undefined) =>
    isLanguageCode(language) ? language : await languageWithoutChoice(request, db)
  let shown = await next(undefined)
  return submitForm(
    post,
    languageFormSchema,
    async ({ language }) => {
      shown = await next(language)
      return savePreferences(db, user, { language: language ?? null })
    },
    {
      success: () => translate(shown, 'account.language.saved'),
      failure: translate(shown, 'account.language.failed'),
    },
  )
}

async function createToken(post: FormPost, user: User, language: PageLanguage) {
  const submission = parseWithZod(post.form, { schema: apiTokenSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  try {
    const created = await inLanguage(language, createApiToken(getServices(post.context), user, submission.value))
    return data<AccountActionData>({ ok: true, created })
  } catch (error) {
    return failInline(post, submission, error, translate(language, 'account.tokens.createFailed'))
  }
}

/**
 * The choices table, parsed with its contract schema into the body PUT /api/account/notifications takes: a refusal (a
 * form that does not parse: 400; a kind the person may not choose: 403) shows in the form with its status; anything
 * else is an error toast.
 */
async function saveChoices(post: FormPost, user: User, language: PageLanguage) {
  const failed = translate(language, 'account.notifications.saveFailed')
  const refused = (status: number, message: string) =>
    data<AccountActionData>({ ok: false, form: ACCOUNT_FORMS.notifications, notice: message }, { status })
  const submission = parseWithZod(post.form, { schema: notificationChoicesFormSchema })
  if (submission.status !== 'success')
    return refused(400, pageText(language, Object.values(submission.error ?? {})[0]?.[0] ?? failed))
  try {
    await inLanguage(language, setPreferences(getServices(post.context), user, submission.value))
  } catch (error) {
    const { status, message } = userMessageOf(error, failed, { intent: post.intent })
    if (status >= 500) return failWithToast(post, error, failed)
    return refused(status, message)
  }
  return succeed(post, translate(language, 'account.notifications.saved'))
}

/**
 * Creates the feed, or (confirmed: the old URL stops working) gives it a new URL. The URL comes back in this answer
 * only, as a new token does: the server keeps just its hash.
 */
async function calendarFeed(post: FormPost, user: User, language: PageLanguage) {
  const services = getServices(post.context)
  if (!post.confirmed && (await calendarFeedOf(services.db, user)))
    return askToConfirm(post, ACCOUNT_INTENTS.calendarFeed)
  try {
    const made = await inLanguage(language, regenerateCalendarFeed(services, user))
    return data<AccountActionData>({ ok: true, calendarFeed: made })
  } catch (error) {
    return failWithToast(post, error, translate(language, 'account.calendar.failed'))
  }
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const {
    isAdmin,
    tokens,
    feed,
    leave,
    applications,
    held,
    activity,
    notifications,
    guestOf,
    pushPublicKey,
    appUrl,
    language,
  } = loaderData
  const t = useT('account')
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-zinc-400">{t('intro')}</p>
        <p className="mt-2 text-sm">
          <Link to="/account/record" className="text-brand-400 underline">
            {t('recordLink')}
          </Link>
        </p>
      </div>
      {guestOf ? <GuestSection unit={guestOf} /> : null}
      {applications.length ? <ApplicationsSection applications={applications} /> : null}
      <OperationsSection held={held} />
      {activity ? <ActivitySection activity={activity} /> : null}
      <LanguageSection language={language} />
      <LeaveSection data={leave} />
      <NotificationsSection data={notifications} publicKey={pushPublicKey} />
      <CalendarSection feed={feed} appUrl={appUrl} />
      <TokensSection tokens={tokens} isAdmin={isAdmin} appUrl={appUrl} />
      <Section title={t('data.title')} description={t('data.description')}>
        <div>
          <a href="/api/account/export" download className={buttonClass('secondary', 'md')}>
            {t('data.download')}
          </a>
        </div>
      </Section>
    </main>
  )
}

/** The member's own last 12 weeks (docs/rules/activity.md). */
function ActivitySection({ activity }: { activity: NonNullable<Route.ComponentProps['loaderData']['activity']> }) {
  const t = useT('account.activity')
  const { member, weeks } = activity
  const attended = weeks.reduce((n, w) => n + w.attended, 0)
  const possible = weeks.reduce((n, w) => n + w.possible, 0)
  return (
    <Section title={t('title')} description={t('description')}>
      <MemberWeeksChart
        weeks={weeks}
        caption={t('caption', { attended, possible })}
        texts={{
          week: (day, done, of) => t('week', { day, attended: done, possible: of }),
          key: t('chartKey'),
          operations: t('keyOperations'),
          attended: t('keyAttended'),
        }}
      />
      {member.reliability !== null ? (
        <p className="text-sm text-zinc-400">
          {t('reliability', { percent: Math.round(member.reliability * 100) / 100 })}
        </p>
      ) : null}
    </Section>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  const account = loaderData?.messages['account'] as { pageTitle?: string } | undefined
  return [{ title: account?.pageTitle ?? 'Your account · Task Force HQ' }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
