import { useEffect, useRef, useState } from 'react'
import { Link, useFetcher } from 'react-router'
import type { PublicMember } from '#contracts/roster-types.ts'
import { MoreMessages, useT, type WithMessages } from '#app/ui/i18n.tsx'
import { AdminMemberLinks } from '#app/components/roster/admin-member-links.tsx'
import { MemberDetails, type MemberTab, type MemberTotals } from '#app/components/roster/member-details.tsx'

// The side sheet's body for one member: loads /roster/:id?view=sheet (that route's loader) with a fetcher; its texts
// (the catalogs' `member`, in the page's language) come with the member's data.

function memberSheetHref(id: number) {
  return `/roster/${id}?view=sheet`
}

export function MemberSheet({ id }: { id: number }) {
  // What the profile's loader answers the sheet (app/routes/roster/$id.tsx): the member, or why there is none.
  const fetcher = useFetcher<
    (
      { member: PublicMember; totals: MemberTotals | null; error: null } | { member: null; totals: null; error: string }
    ) &
      Partial<WithMessages>
  >()
  const [tab, setTab] = useState<MemberTab>('qualifications')
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    void fetcher.load(memberSheetHref(id))
  }, [fetcher, id])

  if (fetcher.data === undefined) return <MemberSheetSkeleton />
  const loaded = fetcher.data
  return (
    <MoreMessages messages={loaded.messages}>
      {loaded.member ? (
        <MemberSheetBody id={id} member={loaded.member} totals={loaded.totals} tab={tab} onSelectTab={setTab} />
      ) : (
        <MemberSheetError error={loaded.error} />
      )}
    </MoreMessages>
  )
}

function MemberSheetBody({
  id,
  member,
  totals,
  tab,
  onSelectTab,
}: {
  id: number
  member: PublicMember
  totals: MemberTotals | null
  tab: MemberTab
  onSelectTab: (tab: MemberTab) => void
}) {
  const t = useT('member.details')
  return (
    <div className="flex flex-col gap-4">
      <Link to={`/roster/${id}`} className="text-sm text-brand-400 underline">
        {t('fullProfile')}
      </Link>
      <AdminMemberLinks memberId={id} name={member.ingame_name} />
      <MemberDetails member={member} totals={totals ?? undefined} tab={tab} onSelectTab={onSelectTab} />
    </div>
  )
}

/** Why the sheet has no member: "Member not found." in the page's language, or the load's failure (English). */
function MemberSheetError({ error }: { error: string }) {
  return (
    <p role="alert" className="rounded-lg border border-red-500/40 bg-red-950/40 px-4 py-3 text-sm text-red-200">
      {error}
    </p>
  )
}

function MemberSheetSkeleton() {
  const t = useT('roster')
  return (
    <div className="flex animate-pulse flex-col gap-5" aria-busy="true" aria-label={t('sheetLoading')}>
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
