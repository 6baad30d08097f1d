import { data, isRouteErrorResponse, Link, useActionData, useLocation, useRouteError } from 'react-router'
import type { Route } from './+types/join.$code'
import { ALLY_MESSAGES, allyMessage, joinAllySchema } from '#contracts/allies.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { LoginButton } from '#app/components/login-button.tsx'
import { failWithToast, readFormPost, succeed, unknownIntent } from '#app/forms/respond.ts'
import { useFormPost } from '#app/hooks/use-form-post.tsx'
import { Badge } from '#app/ui/badge.tsx'
import { buttonClass, primaryButton } from '#app/ui/button.ts'
import { Notice } from '#app/ui/field.tsx'
import { guestUnitOf, joinByInvite, unitOfInvite } from '#server/allies/allies.ts'
import { getUser, requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { userMessageOf } from '#server/errors.ts'
import { memberIdOfUser } from '#server/people.ts'

// An allied unit's invite link (docs/rules/joint-operations.md): the unit's name and tag; a visitor logs in with
// Discord and comes back here; a signed-in person joins it as a guest (a plain form post, so it works without
// JavaScript) and lands on the ORBAT, where the slots reserved for that unit are theirs to take. A roster member stays
// a member; a wrong or expired link is a 404 that says so.

const JOIN_INTENT = 'join-ally'

type Viewer =
  | { kind: 'anonymous' }
  | { kind: 'member' }
  | { kind: 'guest' }
  /** A guest of another allied unit: joining moves them here. */
  | { kind: 'guest-elsewhere'; of: string }
  | { kind: 'visitor' }

/** The allied unit of the link's code, or a 404 with the product's message. */
async function unitOfCode(context: Route.LoaderArgs['context'], code: string) {
  const parsed = joinAllySchema.safeParse({ code })
  const unit = parsed.success ? await unitOfInvite(getServices(context).db, parsed.data.code) : null
  if (!unit) throw data({ error: ALLY_MESSAGES.badCode }, { status: 404 })
  return unit
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const unit = await unitOfCode(context, params.code)
  const services = getServices(context)
  const user = await getUser(services, request)
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
  return { unit: { name: unit.name, tag: unit.tag }, viewer }
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
  try {
    const joined = await joinByInvite(getServices(context), user, params.code)
    return succeed(post, joined.message, { to: '/orbat' })
  } catch (error) {
    const failure = userMessageOf(error, 'Could not join. Please try again.', { intent: post.intent })
    if (failure.status >= 500) return failWithToast(post, error, 'Could not join. Please try again.')
    return data<JoinRefused>({ ok: false, error: failure.message }, { status: failure.status })
  }
}

export default function AllyJoinPage({ loaderData }: Route.ComponentProps) {
  const { unit, viewer } = loaderData
  const refused = useActionData<JoinRefused | undefined>()
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-6 px-4 py-10 sm:px-6 sm:py-16">
      <div className="flex flex-col gap-2">
        <p className="text-sm text-zinc-400">An invitation to a joint operation</p>
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold tracking-tight sm:text-3xl">
          <span className="min-w-0 break-words">{unit.name}</span>
          <Badge shape="tag" data-testid="ally-tag">
            {unit.tag}
          </Badge>
        </h1>
        <p className="text-zinc-300">
          Join as a guest of {unit.name}: you are not on this unit’s roster, and on the ORBAT you may take the slots
          reserved for {unit.name}.
        </p>
      </div>
      {refused ? <Notice>{refused.error}</Notice> : null}
      <Standing name={unit.name} viewer={viewer} />
    </main>
  )
}

function Standing({ name, viewer }: { name: string; viewer: Viewer }) {
  const location = useLocation()
  switch (viewer.kind) {
    case 'anonymous':
      return (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-zinc-300">Log in with Discord first: you come back here to join.</p>
          <LoginButton returnTo={location.pathname} label="Log in with Discord" size="lg" />
        </div>
      )
    case 'member':
      return (
        <div className="flex flex-col items-start gap-3" data-testid="ally-standing">
          <Notice tone="info">{ALLY_MESSAGES.isMember}</Notice>
          <OrbatLink />
        </div>
      )
    case 'guest':
      return (
        <div className="flex flex-col items-start gap-3" data-testid="ally-standing">
          <Notice tone="info">{allyMessage(ALLY_MESSAGES.alreadyGuest, name)}</Notice>
          <OrbatLink />
        </div>
      )
    default:
      return (
        <div className="flex flex-col items-start gap-3">
          {viewer.kind === 'guest-elsewhere' ? (
            <p className="text-sm text-zinc-300" data-testid="ally-standing">
              You are a guest of {viewer.of} now. Joining {name} ends that: you give up the slot and waitlist place you
              hold as their guest.
            </p>
          ) : null}
          <JoinButton name={name} />
        </div>
      )
  }
}

function JoinButton({ name }: { name: string }) {
  const { Form, action, hidden, busy } = useFormPost('join-ally')
  return (
    <Form method="post" action={action} aria-label={`Join ${name}`}>
      {hidden}
      <input type="hidden" name="intent" value={JOIN_INTENT} />
      <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
        {`Join ${name} as a guest`}
      </button>
    </Form>
  )
}

function OrbatLink() {
  return (
    <Link to="/orbat" className={buttonClass('secondary', 'md')}>
      Open the ORBAT
    </Link>
  )
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Join ${loaderData.unit.name} · Task Force HQ` : 'Invite link · Task Force HQ' }]
}

/** A wrong or expired link: what to do about it, not the generic error screen. */
export function ErrorBoundary() {
  const error = useRouteError()
  if (!isRouteErrorResponse(error) || error.status !== 404) return <GeneralErrorBoundary />
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
      <h1 className="text-2xl font-bold">Invite link not valid</h1>
      <p className="text-zinc-300" data-testid="ally-bad-code">
        {ALLY_MESSAGES.badCode}
      </p>
      <Link to="/" className={buttonClass('muted', 'lg')}>
        Back to home
      </Link>
    </main>
  )
}
