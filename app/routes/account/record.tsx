import type { Route } from './+types/record'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { FullRecord } from '#app/components/personnel/record-page.tsx'
import { trimRecord } from '#app/components/personnel/timeline.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { memberIdOfUser } from '#server/people.ts'
import { readMemberRecord } from '#server/personnel/record.ts'

// The signed-in member's own full service record (docs/rules/personnel.md): everything but admin notes. Someone who is
// not on the roster is told so.

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePageUser(request, context)
  const db = getServices(context).db
  const memberId = await memberIdOfUser(db, user)
  return {
    record: memberId === null ? null : trimRecord(await readMemberRecord(db, user, memberId), new URL(request.url)),
  }
}

export default function AccountRecordPage({ loaderData }: Route.ComponentProps) {
  const { record } = loaderData
  if (!record)
    return (
      <main className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8 sm:px-6 sm:py-10">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Your service record</h1>
        <p className="text-zinc-400">
          You are not on the unit&apos;s roster yet, so there is no record. An admin adds you when you join.
        </p>
      </main>
    )
  return <FullRecord record={record} title="Your service record" back={{ to: '/account', label: 'Your account' }} />
}

export function meta() {
  return [{ title: 'Your service record · Task Force HQ' }]
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
