import { useMemo, useState } from 'react'
import { redirect, useSearchParams } from 'react-router'
import type { Route } from './+types/route'
import { OrbatList } from './list-view.tsx'
import { LockBanner } from './lock-banner.tsx'
import { LeaveConfirm, LoginPrompt, OrbatTitle, StaticWaitlistPanel, WaitlistButton } from './overlays.tsx'
import { useLiveOrbat } from './use-live-orbat.ts'
import {
  parseViewChoice,
  useDefaultView,
  VIEW_INTENT,
  viewChoiceOf,
  viewCookie,
  type OrbatViewChoice,
} from './view-choice.ts'
import { ViewToggle } from './view-toggle.tsx'
import { askToConfirm, failWithToast, postedId, readFormPost, succeed } from '#app/forms/respond.ts'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import diagramCss from '#app/components/orbat/diagram.css?url'
import { DIAGRAM_MARK, OrbatDiagram } from '#app/components/orbat/lazy-canvas.tsx'
import { INTENTS, ORBAT_PATH, ViewerProvider, type OrbatViewer } from '#app/components/orbat/viewer.tsx'
import { hrefWithState } from '#app/hooks/url-state.ts'
import { useOptionalUser } from '#app/root.tsx'
import { parseIdText } from '#contracts/ids.ts'
import { answerMemberWrite, isMemberWrite, type MemberWriteAnswer } from '#server/http/member-writes.ts'
import { readSessionId } from '#server/auth/session.ts'
import { getUser, requirePageUser } from '#server/auth/user.ts'
import { getServices, requestContext } from '#server/context.ts'
import { assertSignupRate } from '#server/http/security.ts'
import { Invalid, refusalSaid } from '#server/errors.ts'
import { pageLanguage, pageMessages } from '#server/http/page-texts.ts'
import { getSnapshot, liveDataOf } from '#server/orbat/live.ts'
import { ORBAT_FALLBACKS, orbatText } from '#server/orbat/page-texts.ts'
import { orbatRights } from '#server/orbat/rights.ts'
import type { Writer } from '#server/orbat/slots.ts'

// The public order of battle (docs/rules/orbat.md): a read-only diagram or, the default on phones, a list; slot sign-up
// and leave, the waitlist sheet and the time-lock banner. Server-rendered from the live snapshot, then kept current
// over /api/live. Actions the server would refuse show their reason instead. Its texts are the catalogs' `orbat` and the
// kit's (the slot badges), in the page's language, its forms' answers too (docs/rules/languages.md).

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = getServices(context)
  const [snapshot, user] = await Promise.all([getSnapshot(services.db), getUser(services, request)])
  // A visitor is offered the login, never a refusal: the refusals' texts go to signed-in people only.
  const [rights, messages] = await Promise.all([
    user ? orbatRights(services.db, user) : null,
    pageMessages(request, context, user ? ['orbat', 'orbatRefusals', 'kit'] : ['orbat', 'kit']),
  ])
  return {
    // The same bytes /api/orbat, /api/waitlist, /api/settings and /api/waitlist/squads serve (no extra queries).
    live: liveDataOf(snapshot),
    // What this member may do, by the server's own rules: the page offers only what can succeed.
    rights,
    view: viewChoiceOf(request.headers.get('Cookie')),
    // The lock banner and LOCKED labels are decided with the server's clock in the server render and hydration.
    serverNow: Date.now(),
    messages,
  }
}

/** Where a post comes back to: the ORBAT with its squad filter and open waitlist panel, nothing else. */
function returnPath(posted: string): string {
  const asked = new URL(posted, 'http://orbat.invalid').searchParams
  const kept = new URLSearchParams()
  const squad = asked.get('squad')
  if (squad && /^\d{1,10}$/.test(squad)) kept.set('squad', squad)
  if (asked.get('sheet') === 'waitlist') kept.set('sheet', 'waitlist')
  return kept.size ? `${ORBAT_PATH}?${kept}` : ORBAT_PATH
}

/**
 * The page's forms (intent: signup, leave, join-waitlist, leave-waitlist) go through the one handler of the /api
 * routes (answerMemberWrite) and answer with a redirect carrying a flash toast, so they work without JavaScript;
 * fetchers follow the redirect in place (X-Remix-Replace keeps the history clean), which also reloads the data, after a
 * failure too. The view toggle posts here only without JavaScript: it remembers the choice and comes back.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const post = await readFormPost(request, context)
  const services = getServices(context)
  const redirectTo = post.form.get('redirectTo')
  const to = returnPath(typeof redirectTo === 'string' ? redirectTo : post.back)
  if (post.intent === VIEW_INTENT) {
    const choice = parseViewChoice(post.form.get('view'))
    return redirect(to, choice ? { headers: { 'Set-Cookie': viewCookie(choice, services.config.secure) } } : undefined)
  }
  const back = { to, headers: { 'X-Remix-Replace': 'true' } }

  const user = await requirePageUser(request, context, 'user', back.to)

  // The session goes along, as on the /api light path: the database checks it is still live in the same statement.
  const writer: Writer = { id: user.id, sessionId: (await readSessionId(services.config, request)) ?? undefined }
  const isSlotAction = post.intent === INTENTS.signup || post.intent === INTENTS.leave
  const { language } = await pageLanguage(request, context)
  const say = (message: string) => orbatText(language, message)
  const fallback = say(isSlotAction ? ORBAT_FALLBACKS.slotFailed : ORBAT_FALLBACKS.waitlistFailed)
  let answer: MemberWriteAnswer
  try {
    assertSignupRate(services.config, context.get(requestContext).clientIp)
    if (!isMemberWrite(post.intent)) throw new Invalid('Unknown action.')
    // Without JavaScript the Leave button arrives unconfirmed: the page asks first, about the slot ?leave= names.
    if (post.intent === INTENTS.leave && !post.confirmed) {
      const page = new URL(to, 'http://orbat.invalid')
      return askToConfirm(
        { ...post, back: hrefWithState(page, { leave: postedId(post, 'slotId') ?? 0 }) },
        INTENTS.leave,
      )
    }
    // The same handler as the /api light path: the same use case, the same answer and refusals.
    answer = await answerMemberWrite(services, writer, post.intent, {
      slotId: post.form.get('slotId'),
      body: () => ({ squad_preference: post.form.get('squad_preference') }),
    })
  } catch (error) {
    return failWithToast(post, refusalSaid(say, error), fallback, back)
  }
  return succeed(post, say(answer.message), back)
}

// The page's frame for each view; `auto` (no choice made) lets CSS pick: the list below `md`, the diagram from it.
// NOTE: which view shows in `auto` is an inline style, in force from the first byte: before the stylesheet arrives
// the hidden view would otherwise count as shown (a second copy of every squad for screen readers and tests).
const AUTO_VIEW_CSS =
  '@media (min-width: 48rem) { [data-auto-view="list"] { display: none } } @media not all and (min-width: 48rem) { [data-auto-view="diagram"] { display: none } }'
const FRAME = {
  diagram: {
    main: 'relative h-[calc(100dvh-3.5rem-1px)] overflow-hidden',
    bar: 'pointer-events-none absolute inset-x-0 top-0',
  },
  list: {
    main: 'min-h-[calc(100dvh-3.5rem-1px)]',
    bar: 'sticky top-[calc(3.5rem+1px)] border-b border-zinc-800 bg-zinc-950/95 backdrop-blur',
  },
  auto: {
    main: 'min-h-[calc(100dvh-3.5rem-1px)] md:relative md:h-[calc(100dvh-3.5rem-1px)] md:min-h-0 md:overflow-hidden',
    bar: 'sticky top-[calc(3.5rem+1px)] border-b border-zinc-800 bg-zinc-950/95 backdrop-blur md:pointer-events-none md:absolute md:inset-x-0 md:top-0 md:border-0 md:bg-transparent md:backdrop-blur-none',
  },
} as const

export default function OrbatPage({ loaderData }: Route.ComponentProps) {
  const user = useOptionalUser()
  const { view, store, status } = useLiveOrbat(loaderData.live, loaderData.serverNow)
  const [searchParams] = useSearchParams()
  const [chosen, setChosen] = useState<OrbatViewChoice | null>(loaderData.view)
  const byWidth = useDefaultView()
  const shown = chosen ?? byWidth
  const frame = FRAME[shown ?? 'auto']
  const { rights } = loaderData
  const qualified = useMemo(() => new Set(rights?.qualifiedLocks), [rights])
  const viewer = useMemo<OrbatViewer>(
    () => ({
      userId: user?.id ?? null,
      qualifiedLocks: qualified,
      locked: view.locked,
      signUpRefusal: rights?.signUpRefusal ?? null,
      guestOf: rights?.guestOf ?? null,
      roleLocksApply: rights?.roleLocksApply ?? true,
    }),
    [user?.id, qualified, view.locked, rights],
  )
  const leaveSlotId = parseIdText(searchParams.get('leave'))
  const squadId = parseIdText(searchParams.get('squad'))

  return (
    <main className={`bg-zinc-950 ${frame.main}`} data-testid="orbat-page" data-view={shown ?? 'auto'}>
      {/* One row on wide screens; on a phone the title and the toggle first, what does not fit right-aligned below. */}
      <div className={`z-20 flex flex-wrap items-center justify-end gap-2 p-3 ${frame.bar}`}>
        <OrbatTitle status={status} />
        {/* Between the title and the buttons on wide screens, on a row of its own below them on narrow ones. */}
        <div className="order-last flex basis-full justify-center empty:hidden lg:order-none lg:flex-1 lg:basis-auto">
          <LockBanner store={store} />
        </div>
        <ViewToggle shown={shown} onChoose={setChosen} />
        {user ? null : <LoginPrompt />}
        <WaitlistButton store={store} rights={rights} />
      </div>

      {shown === null ? <style>{AUTO_VIEW_CSS}</style> : null}
      {shown === 'diagram' ? null : (
        <div data-auto-view={shown === null ? 'list' : undefined}>
          <OrbatList orbat={view.data.orbat} viewer={viewer} squadId={squadId} />
        </div>
      )}
      {shown === 'list' ? null : (
        <div className="h-full" data-auto-view={shown === null ? 'diagram' : undefined} {...{ [DIAGRAM_MARK]: '' }}>
          {/* A diagram chosen on a narrow screen, where the head's stylesheet does not apply. */}
          {shown === 'diagram' ? <link rel="stylesheet" href={diagramCss} /> : null}
          <ViewerProvider value={viewer}>
            <OrbatDiagram orbat={view.data.orbat} />
          </ViewerProvider>
        </div>
      )}

      {searchParams.get('sheet') === 'waitlist' ? <StaticWaitlistPanel store={store} rights={rights} /> : null}
      {leaveSlotId !== null ? (
        <LeaveConfirm orbat={view.data.orbat} slotId={leaveSlotId} userId={user?.id ?? null} />
      ) : null}
    </main>
  )
}

/**
 * The diagram's stylesheet, in the head only for the widths where the page shows the diagram when no view is chosen:
 * a stylesheet whose media does not match neither blocks the first paint nor queues before the page's own.
 */
export function links() {
  return [{ rel: 'stylesheet', href: diagramCss, media: '(min-width: 48rem)' }]
}

export function meta({ loaderData }: Route.MetaArgs) {
  const orbat = loaderData?.messages['orbat'] as { pageTitle?: string; pageDescription?: string } | undefined
  return [
    { title: orbat?.pageTitle ?? 'ORBAT · Task Force HQ' },
    { name: 'description', content: orbat?.pageDescription ?? 'The live order of battle: squads, teams and slots.' },
  ]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
