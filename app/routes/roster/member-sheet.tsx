import { useEffect, useRef, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import type { PublicMember } from '#contracts/roster-types.ts'
import { AdminMemberLinks } from '#app/components/roster/admin-member-links.tsx'
import { MemberDetails, type MemberTab, type MemberTotals } from '#app/components/roster/member-details.tsx'

// The side sheet's body for one member: loads /roster/:id?view=sheet (that route's loader) with a fetcher.

function memberSheetHref(id: number) {
  return `/roster/${id}?view=sheet`
}

export function MemberSheet({ id }: { id: number }) {
  const fetcher = useFetcher<{
    member: PublicMember | null
    totals: MemberTotals | null
    error: string | null
  }>()
  const [tab, setTab] = useState<MemberTab>('qualifications')
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    void fetcher.load(memberSheetHref(id))
  }, [fetcher, id])

  if (fetcher.data === undefined) return <MemberSheetSkeleton />
  if (!fetcher.data.member) {
    return (
      <p role="alert" className="rounded-lg border border-red-500/40 bg-red-950/40 px-4 py-3 text-sm text-red-200">
        {fetcher.data.error ?? 'Member not found.'}
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-4">
      <Link to={`/roster/${id}`} className="text-sm text-brand-400 underline">
        Full profile and service record
      </Link>
      <AdminMemberLinks memberId={id} name={fetcher.data.member.ingame_name} />
      <MemberDetails
        member={fetcher.data.member}
        totals={fetcher.data.totals ?? undefined}
        tab={tab}
        onSelectTab={setTab}
      />
    </div>
  )
}

function MemberSheetSkeleton() {
  return (
    <div className="flex animate-pulse flex-col gap-5" aria-busy="true" aria-label="Loading member">
      <div className="grid grid-cols-3 gap-2">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-16 rounded-lg border border-zinc-800 bg-zinc-950/50" />
        ))}
      </div>
      <div className="h-10 rounded-lg border border-zinc-800 bg-zinc-950/60" />
      <div className="h-40 rounded-lg border border-zinc-800 bg-zinc-950/40" />
    </div>
  )
}
