import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { MemberRecord } from '#contracts/personnel.ts'
import { RankBadge } from '#app/components/roster/ui.tsx'
import { ServiceTimeline, type RecordView, type TimelineLine } from './timeline.tsx'

// A full service record (docs/rules/personnel.md): the admin's view on the roster admin and the member's own on their
// account. Attendance lines hide behind a link until asked for (?record=all), so a long record stays a short page.

export function FullRecord({
  record,
  title,
  back,
  children,
}: {
  /** Trimmed by the loader (trimRecord). */
  record: Omit<MemberRecord, 'entries'> & { entries: TimelineLine[]; view: RecordView }
  title: string
  back: { to: string; label: string }
  /** What the page adds between the header and the timeline (the admin's note form). */
  children?: ReactNode
}) {
  const [searchParams] = useSearchParams()
  const { all: showAll, attendance: hidden } = record.view
  const path = (all: boolean) => {
    const next = new URLSearchParams(searchParams)
    if (all) next.set('record', 'all')
    else next.delete('record')
    const query = next.toString()
    return query ? `?${query}` : '.'
  }
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10">
      <Link to={back.to} className="text-sm text-zinc-400 hover:text-brand-400">
        ← {back.label}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        <RankBadge rank={record.member.rank} />
      </div>
      <p className="text-sm text-zinc-400">
        {record.member.ingame_name}&apos;s record in the unit, newest first.{' '}
        <Link to={`/roster/${record.member.id}`} className="text-brand-400 underline">
          Public profile
        </Link>
      </p>
      {children}
      <section aria-labelledby="record-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="record-heading" className="text-lg font-semibold">
            Timeline
          </h2>
          {hidden ? (
            <Link to={path(!showAll)} className="text-sm text-brand-400 underline" preventScrollReset>
              {showAll ? 'Milestones only' : `Show attendance too (${hidden})`}
            </Link>
          ) : null}
        </div>
        <ServiceTimeline entries={record.entries} label={`Service record of ${record.member.ingame_name}`} />
      </section>
    </main>
  )
}
