import { Link } from 'react-router'
import type { Route } from './+types/events.$id.orbat'
import { FrozenOrbat } from '#app/components/orbat-history/frozen-orbat.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { askToConfirm, readFormPost, unknownIntent } from '#app/forms/respond.ts'
import { runUseCase } from '#app/forms/actions.ts'
import { HISTORY_MESSAGES, heldSlotText } from '#contracts/orbat-history.ts'
import { countOf } from '#contracts/plural.ts'
import { buttonClass, secondaryButton } from '#app/ui/button.ts'
import { ConfirmButtonForm, ConfirmStep } from '#app/ui/confirm.tsx'
import { DateTime } from '#app/ui/date-time.tsx'
import { EmptyState, Section } from '#app/ui/field.tsx'
import { requirePageUser, requireUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { NotFound } from '#server/errors.ts'
import { parseId } from '#server/lib/request.ts'
import { memberIdOfUser } from '#server/people.ts'
import { findEvent } from '#server/roster/events.ts'
import { freezeNow, getSnapshot, heldButAbsent, operationOver } from '#server/orbat/snapshots.ts'

// An operation's ORBAT (docs/rules/orbat-history.md), for any logged-in member: the ORBAT as it stood at the event's
// start, as a diagram or a list, and the waitlist then. Admins also see who held a slot and was not marked present,
// and may freeze it again (asked first) until the operation is over.

const FREEZE = 'freeze-orbat'

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePageUser(request, context)
  const { db } = getServices(context)
  const id = parseId(params.id, 'Event')
  const event = await findEvent(db, id)
  if (!event) throw new NotFound('Event not found.')
  const [snapshot, ownMemberId, absent] = await Promise.all([
    getSnapshot(db, id).catch((error: unknown) => {
      if (error instanceof NotFound) return null
      throw error
    }),
    memberIdOfUser(db, user),
    user.is_admin ? heldButAbsent(db, [id]) : Promise.resolve(null),
  ])
  return {
    event,
    snapshot,
    ownMemberId,
    isAdmin: user.is_admin,
    over: operationOver(new Date(event.date)),
    absent: absent?.get(id) ?? [],
    view: new URL(request.url).searchParams.get('view') === 'list' ? ('list' as const) : ('diagram' as const),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const post = await readFormPost(request, context)
  if (post.intent !== FREEZE) return unknownIntent(post)
  if (!post.confirmed) return askToConfirm(post, FREEZE)
  return runUseCase(
    post,
    async () => {
      const admin = await requireUser(request, context, 'admin')
      return freezeNow(getServices(context), admin, parseId(params.id, 'Event'))
    },
    { success: HISTORY_MESSAGES.frozen, failure: 'Could not freeze the ORBAT.' },
  )
}

export default function EventOrbatPage({ loaderData }: Route.ComponentProps) {
  const { event, snapshot, ownMemberId, isAdmin, over, absent, view } = loaderData
  const freezeConfirm = `Freeze the ORBAT as it stands now for ${event.name}?${snapshot ? ' It replaces the ORBAT frozen before.' : ''}`
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-5 px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-zinc-400">
            <DateTime iso={event.date} />
          </p>
          <h1 className="text-2xl font-bold tracking-tight break-words">{event.name}: the ORBAT</h1>
          <p className="mt-1 text-sm text-zinc-400">
            {snapshot ? (
              <>
                Frozen <DateTime iso={snapshot.taken_at} />
                {snapshot.taken_by ? ` by ${snapshot.taken_by}` : ' at the start'}.
              </>
            ) : (
              HISTORY_MESSAGES.noSnapshot
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {isAdmin && !over ? (
            <ConfirmButtonForm
              formKey={FREEZE}
              intent={FREEZE}
              confirm={freezeConfirm}
              label={snapshot ? 'Freeze Again' : 'Freeze Now'}
              className={buttonClass('primary', 'sm')}
            />
          ) : null}
          {isAdmin ? (
            <Link to={`/admin/roster/events?dialog=attendance&event=${event.id}`} className={secondaryButton}>
              Attendance
            </Link>
          ) : null}
        </div>
      </div>
      <ConfirmStep confirmKey={FREEZE} intent={FREEZE} message={freezeConfirm} confirmLabel="Freeze" />
      {snapshot ? (
        <>
          <FrozenOrbat snapshot={snapshot} view={view} ownMemberId={ownMemberId} />
          <Section title="Waitlist" description="In its order when the ORBAT was frozen.">
            {snapshot.waitlist.length ? (
              <ol className="flex list-decimal flex-col gap-0.5 pl-5 text-sm text-zinc-300">
                {snapshot.waitlist.map((w) => (
                  <li key={w.position}>
                    {w.name}
                    <span className="text-zinc-500"> · {w.squad_preference ?? 'Any Squad'}</span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="text-sm text-zinc-400">Nobody was waiting.</p>
            )}
          </Section>
          {isAdmin ? (
            <Section
              title="Held a slot, not marked present"
              description={`${countOf(absent.length, 'member')}. Attendance counts who was there; these held a slot.`}
            >
              {absent.length ? (
                <ul className="flex flex-col gap-0.5 text-sm text-zinc-300" data-testid="held-absent">
                  {absent.map((a) => (
                    <li key={a.member_id}>
                      <span className="text-zinc-100">{a.name}</span> · {heldSlotText(a)}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-zinc-400">Everyone who held a slot was marked present.</p>
              )}
            </Section>
          ) : null}
        </>
      ) : (
        <EmptyState>
          {over || !isAdmin
            ? HISTORY_MESSAGES.noSnapshot
            : 'Link the event to the ORBAT to have it frozen at the start, or freeze it now.'}
        </EmptyState>
      )}
    </main>
  )
}

export function meta({ data }: Route.MetaArgs) {
  return [{ title: `${data?.event.name ?? 'Operation'}: the ORBAT · Task Force HQ` }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
