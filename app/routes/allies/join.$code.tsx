import { data, isRouteErrorResponse, Link, useActionData, useLocation, useRouteError } from 'react-router'
import type { Route } from './+types/join.$code'
import { ALLY_MESSAGES, joinAllySchema } from '#contracts/allies.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { LoginButton } from '#app/components/login-button.tsx'
import { failWithToast, readFormPost, succeed, unknownIntent } from '#app/forms/respond.ts'
import { useFormPost } from '#app/hooks/use-form-post.tsx'
import { Badge } from '#app/ui/badge.tsx'
import { buttonClass, primaryButton } from '#app/ui/button.ts'
import { Notice } from '#app/ui/field.tsx'
import { MoreMessages, useT } from '#app/ui/i18n.tsx'
import type { AbstractIntlMessages } from 'use-intl'
import { translate } from '#server/lib/i18n.ts'
import { allyJoinText } from '#server/allies/page-texts.ts'
import { pageLanguage, pageMessages } from '#server/http/page-texts.ts'
import { guestUnitOf, joinByInvite, unitOfInvite } from '#server/allies/allies.ts'
import { getUser, requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { userMessageOf } from '#server/errors.ts'
import { memberIdOfUser } from '#server/people.ts'

// An allied unit's invite link (docs/rules/joint-operations.md): the unit's name and tag; a visitor logs in with
// Discord and comes back here; a signed-in person joins it as a guest (a plain form post, so it works without
// JavaScript) and lands on the ORBAT, where the slots reserved for that unit are theirs to take. A roster member stays
// a member; a wrong or expired link is a 404 that says so. Its texts are the catalogs' `allyJoin`, in the page's
// language (a guest is often of another community, and of another language: docs/rules/languages.md); the unit's
// name and tag are as its admins wrote them.

const JOIN_INTENT = 'join-ally'

type Viewer =
  | { kind: 'anonymous' }
  | { kind: 'member' }
  | { kind: 'guest' }
  /** A guest of another allied unit: joining moves them here. */
  | { kind: 'guest-elsewhere'; of: string }
  | { kind: 'visitor' }

/** The allied unit of the link's code, or a 404 with the product's message. */
async function unitOfCode(request: Request, context: Route.LoaderArgs['context'], code: string) {
  const parsed = joinAllySchema.safeParse({ code })
  const unit = parsed.success ? await unitOfInvite(getServices(context).db, parsed.data.code) : null
  if (!unit) {
    const messages = await pageMessages(request, context, ['allyJoin'])
    throw data({ error: ALLY_MESSAGES.badCode, messages }, { status: 404 })
  }
  return unit
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const unit = await unitOfCode(request, context, params.code)
  const services = getServices(context)
  const [user, messages, { language }] = await Promise.all([
    getUser(services, request),
    pageMessages(request, context, ['allyJoin']),
    pageLanguage(request, context),
  ])
  let viewer: Viewer = { kind: 'anonymous' }
  if (user) {
    const [memberId, guestOf] = await Promise.all([
      memberIdOfUser(services.db, user),
      guestUnitOf(services.db, user.id),
    ])
    viewer =
      memberId !== null
        ? { kind: 'member' }
        : guestOf?.id === unit.id
          ? { kind: 'guest' }
          : guestOf
            ? { kind: 'guest-elsewhere', of: guestOf.name }
            : { kind: 'visitor' }
  }
  const title = translate(language, 'allyJoin.pageTitle', { unit: unit.name })
  return { unit: { name: unit.name, tag: unit.tag }, viewer, messages, title }
}

/** A refused join: the message shown on the page, with its status. */
interface JoinRefused {
  ok: false
  error: string
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requirePageUser(request, context)
  const post = await readFormPost(request, context)
  if (post.intent !== JOIN_INTENT) return unknownIntent(post)
  const { language } = await pageLanguage(request, context)
  const say = (message: string) => allyJoinText(language, message)
  const failed = translate(language, 'allyJoin.failed')
  try {
    const joined = await joinByInvite(getServices(context), user, params.code)
    return succeed(post, say(joined.message), { to: '/orbat' })
  } catch (error) {
    const failure = userMessageOf(error, failed, { intent: post.intent })
    if (failure.status >= 500) return failWithToast(post, error, failed)
    return data<JoinRefused>({ ok: false, error: say(failure.message) }, { status: failure.status })
  }
}

export default function AllyJoinPage({ loaderData }: Route.ComponentProps) {
  const { unit, viewer } = loaderData
  const refused = useActionData<JoinRefused | undefined>()
  const t = useT('allyJoin')
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-16">
      <div className="flex flex-col gap-2">
        <p className="text-sm text-zinc-400">{t('invitation')}</p>
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight sm:text-3xl">
          <span className="min-w-0 break-words">{unit.name}</span>
          <Badge shape="tag" data-testid="ally-tag">
            {unit.tag}
          </Badge>
        </h1>
        <p className="text-zinc-300">{t('intro', { unit: unit.name })}</p>
      </div>
      {refused ? <Notice>{refused.error}</Notice> : null}
      <Standing name={unit.name} viewer={viewer} />
    </main>
  )
}

function Standing({ name, viewer }: { name: string; viewer: Viewer }) {
  const location = useLocation()
  const t = useT('allyJoin')
  switch (viewer.kind) {
    case 'anonymous':
      return (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-zinc-300">{t('loginFirst')}</p>
          <LoginButton returnTo={location.pathname} label={t('login')} size="lg" />
        </div>
      )
    case 'member':
      return (
        <div className="flex flex-col items-start gap-3" data-testid="ally-standing">
          <Notice tone="info">{t('messages.isMember')}</Notice>
          <OrbatLink />
        </div>
      )
    case 'guest':
      return (
        <div className="flex flex-col items-start gap-3" data-testid="ally-standing">
          <Notice tone="info">{t('messages.alreadyGuest', { unit: name })}</Notice>
          <OrbatLink />
        </div>
      )
    default:
      return (
        <div className="flex flex-col items-start gap-3">
          {viewer.kind === 'guest-elsewhere' ? (
            <p className="text-sm text-zinc-300" data-testid="ally-standing">
              {t('guestElsewhere', { other: viewer.of, unit: name })}
            </p>
          ) : null}
          <JoinButton name={name} />
        </div>
      )
  }
}

function JoinButton({ name }: { name: string }) {
  const { Form, action, hidden, busy } = useFormPost('join-ally')
  const t = useT('allyJoin')
  return (
    <Form method="post" action={action} aria-label={t('joinLabel', { unit: name })}>
      {hidden}
      <input type="hidden" name="intent" value={JOIN_INTENT} />
      <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
        {t('join', { unit: name })}
      </button>
    </Form>
  )
}

function OrbatLink() {
  const t = useT('allyJoin')
  return (
    <Link to="/orbat" className={buttonClass('secondary', 'md')}>
      {t('openOrbat')}
    </Link>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? 'Invite link · Task Force HQ' }]
}

/** A wrong or expired link: what to do about it, not the generic error screen. */
export function ErrorBoundary() {
  const error = useRouteError()
  if (!isRouteErrorResponse(error) || error.status !== 404) return <GeneralErrorBoundary />
  const { messages } = (error.data ?? {}) as { messages?: AbstractIntlMessages }
  return (
    <MoreMessages messages={messages}>
      <BadLink />
    </MoreMessages>
  )
}

/** The 404 of a wrong or expired link, in the page's language (its texts came with the 404). */
function BadLink() {
  const t = useT('allyJoin')
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
      <h1 className="text-2xl font-bold">{t('badCodeTitle')}</h1>
      <p className="text-zinc-300" data-testid="ally-bad-code">
        {t('messages.badCode')}
      </p>
      <Link to="/" className={buttonClass('muted', 'lg')}>
        {t('backHome')}
      </Link>
    </main>
  )
}
