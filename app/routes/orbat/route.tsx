import { useMemo } from 'react'
import { redirectDocument, useSearchParams } from 'react-router'
import type { Route } from './+types/route'
import { LockBanner } from './lock-banner.tsx'
import { LeaveConfirm, LoginPrompt, OrbatTitle, StaticWaitlistPanel, WaitlistButton } from './overlays.tsx'
import { useLiveOrbat } from './use-live-orbat.ts'
import { askToConfirm, failWithToast, postedId, readFormPost, succeed } from '#app/admin/respond.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { OrbatCanvas } from '#app/components/orbat/orbat-canvas.tsx'
import { INTENTS, ORBAT_PATH, ViewerProvider, type OrbatViewer } from '#app/components/orbat/viewer.tsx'
import { useOptionalUser } from '#app/root.tsx'
import { parseIdText } from '#contracts/fields.ts'
import { waitlistJoinSchema } from '#contracts/waitlist.ts'
import type { User } from '#db/schema/users-sessions.ts'
import type { DbOrTx } from '#db/client.ts'
import { parseInput } from '#server/admin/request.ts'
import { getUser, requireUser } from '#server/auth/user.ts'
import { getServices, requestContext } from '#server/context.ts'
import { assertSignupRate } from '#server/http/security.ts'
import { Invalid, Unauthorized } from '#server/errors.ts'
import { joinTheWaitlist, leave, leaveTheWaitlist, signUp } from '#server/orbat/actions.ts'
import { getSnapshot, liveDataOf } from '#server/orbat/live.ts'
import { eligibleRoleIds, qualifiesForLock } from '#server/orbat/orbat.ts'
import { slotIdOf } from '#server/orbat/slots.ts'

// The public order of battle (spec 1 §2 "Public ORBAT screen"): a read-only diagram, slot sign-up and leave, the
// waitlist sheet and the time-lock banner. Server-rendered from the live snapshot, then kept current over /api/live.

const SLOT_FALLBACK = 'Failed to perform slot action.'
const WAITLIST_FALLBACK = 'Failed to perform waitlist action.'
const SUCCESS: Record<string, string> = {
  [INTENTS.signup]: 'Successfully signed up!',
  [INTENTS.leave]: 'You have left the slot.',
  [INTENTS.joinWaitlist]: 'Successfully joined the waitlist!',
  [INTENTS.leaveWaitlist]: 'You have left the waitlist.',
}
const WAITLIST_RETURN = `${ORBAT_PATH}?sheet=waitlist`

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context)
  const [snapshot, user] = await Promise.all([getSnapshot(services.db), getUser(services, request)])
  return {
    // The same bytes /api/orbat, /api/waitlist, /api/settings and /api/waitlist/squads serve (no extra queries).
    live: liveDataOf(snapshot),
    qualifiedLocks: user ? await qualifiedLocks(services.db, user) : [],
    // The lock banner and LOCKED labels are decided with the server's clock in the server render and hydration.
    serverNow: Date.now(),
  }
}

/** The role-lock names whose Discord roles the user holds (what sign-up checks), to offer Sign up only where it can work. */
async function qualifiedLocks(db: DbOrTx, user: User): Promise<string[]> {
  const roles = await eligibleRoleIds(db)
  return [...roles.keys()].filter((name) => qualifiesForLock(name, user.discord_roles, roles))
}

/**
 * The page's forms (intent: signup, leave, join-waitlist, leave-waitlist) call the same services as the /api routes
 * and answer with a redirect carrying a flash toast, so they work without JavaScript; fetchers follow the redirect
 * in place (X-Remix-Replace keeps the history clean), which also reloads the data, after a failure too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const post = await readFormPost(request, context)
  const services = getServices(context)
  const back = { to: post.form.get('redirectTo') === WAITLIST_RETURN ? WAITLIST_RETURN : ORBAT_PATH, headers: { 'X-Remix-Replace': 'true' } }

  let user: User
  try {
    user = await requireUser(request, context)
  } catch (error) {
    if (error instanceof Unauthorized) throw redirectDocument(`/auth/discord?returnTo=${encodeURIComponent(back.to)}`)
    throw error
  }

  const isSlotAction = post.intent === INTENTS.signup || post.intent === INTENTS.leave
  try {
    assertSignupRate(services.config, context.get(requestContext).clientIp)
    switch (post.intent) {
      case INTENTS.signup:
        await signUp(services, user, slotIdOf(post.form.get('slotId')))
        break
      case INTENTS.leave:
        // Without JavaScript the Leave button arrives unconfirmed: the page asks first, about the slot ?leave= names.
        if (!post.confirmed) return askToConfirm({ ...post, back: `${ORBAT_PATH}?leave=${postedId(post, 'slotId') ?? 0}` }, INTENTS.leave)
        await leave(services, user, slotIdOf(post.form.get('slotId')))
        break
      case INTENTS.joinWaitlist:
        await joinTheWaitlist(services, user, parseInput(waitlistJoinSchema, { squad_preference: post.form.get('squad_preference') }).squad_preference)
        break
      case INTENTS.leaveWaitlist:
        await leaveTheWaitlist(services, user)
        break
      default:
        throw new Invalid('Unknown action.')
    }
  } catch (error) {
    return failWithToast(post, error, isSlotAction ? SLOT_FALLBACK : WAITLIST_FALLBACK, back)
  }
  return succeed(post, SUCCESS[post.intent] ?? 'Done.', back)
}

export default function OrbatPage({ loaderData }: Route.ComponentProps) {
  const user = useOptionalUser()
  const { view, store, status } = useLiveOrbat(loaderData.live, loaderData.serverNow)
  const [searchParams] = useSearchParams()
  const qualified = useMemo(() => new Set(loaderData.qualifiedLocks), [loaderData.qualifiedLocks])
  const viewer = useMemo<OrbatViewer>(
    () => ({ userId: user?.id ?? null, qualifiedLocks: qualified, locked: view.locked }),
    [user?.id, qualified, view.locked],
  )
  const leaveSlotId = parseIdText(searchParams.get('leave'))

  return (
    // NOTE: full-bleed under the top bar (h-14 plus its 1 px bottom border), so the page itself never scrolls.
    <main className="relative h-[calc(100dvh-3.5rem-1px)] overflow-hidden bg-zinc-950" data-testid="orbat-page">
      <ViewerProvider value={viewer}>
        <OrbatCanvas orbat={view.data.orbat} />
      </ViewerProvider>

      <div className="pointer-events-none absolute inset-x-0 top-0 z-20 flex flex-wrap items-center gap-2 p-3">
        <OrbatTitle status={status} />
        {/* Between the title and the buttons on wide screens, on a row of its own below them on narrow ones. */}
        <div className="order-last flex basis-full justify-center empty:hidden lg:order-none lg:flex-1 lg:basis-auto">
          <LockBanner store={store} />
        </div>
        <div className="ml-auto flex items-center gap-2">
          {user ? null : <LoginPrompt />}
          <WaitlistButton store={store} />
        </div>
      </div>

      {searchParams.get('sheet') === 'waitlist' ? <StaticWaitlistPanel store={store} /> : null}
      {leaveSlotId !== null ? (
        <LeaveConfirm orbat={view.data.orbat} slotId={leaveSlotId} userId={user?.id ?? null} />
      ) : null}
    </main>
  )
}

export function meta() {
  return [{ title: 'ORBAT · Task Force HQ' }, { name: 'description', content: 'The live order of battle: squads, teams and slots.' }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
