import { data, Link, redirect } from 'react-router'
import type { Route } from './+types/by-user.$userId'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { buttonClass } from '#app/ui/button.ts'
import { getServices } from '#server/context.ts'
import { parseIdText } from '#contracts/ids.ts'
import { memberIdOfUserId } from '#server/people.ts'

// An ORBAT slot's holder, by their user: on to their public profile (docs/rules/personnel.md), or a plain "not on the
// roster" page for someone who holds a slot without being a roster member.

export async function loader({ params, context }: Route.LoaderArgs) {
  const userId = parseIdText(params.userId)
  const memberId = userId === null ? null : await memberIdOfUserId(getServices(context).db, userId)
  if (memberId !== null) throw redirect(`/roster/${memberId}`)
  return data({ found: false }, { status: 404 })
}

export default function SlotHolderNotOnRoster() {
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-6 py-16 text-center">
      <h1 className="text-2xl font-bold text-red-400">Member not found.</h1>
      <p className="text-sm text-zinc-400">This slot&apos;s holder has no profile on the roster.</p>
      <Link to="/orbat" className={buttonClass('muted', 'md')}>
        Back to the ORBAT
      </Link>
    </main>
  )
}

export function meta() {
  return [{ title: 'Member · Company Roster · Task Force HQ' }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
