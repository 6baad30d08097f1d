import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { MemberRecord } from '#contracts/personnel.ts'
import { RankBadge } from '#app/components/roster/ui.tsx'
import { ServiceTimeline, type RecordView, type TimelineLine, type TimelineTexts } from './timeline.tsx'

// A full service record (docs/rules/personnel.md): the admin's view on the roster admin and the member's own on their
// account. Attendance lines hide behind a link until asked for (?record=all), so a long record stays a short page. The
// member's own passes its texts in, in their language (`texts`); the admin's shows English.

/** What the page says around the timeline. */
export interface RecordPageTexts {
  /** "Reyes's record in the unit, newest first." */
  intro: (name: string) => string
  publicProfile: string
  timeline: string
  milestonesOnly: string
  /** "Show attendance too (12)" */
  showAttendance: (count: number) => string
  /** The timeline's accessible name: "Service record of Reyes". */
  timelineLabel: (name: string) => string
  lines: TimelineTexts
}

const ENGLISH: Omit<RecordPageTexts, 'lines'> = {
  intro: (name) => `${name}'s record in the unit, newest first.`,
  publicProfile: 'Public profile',
  timeline: 'Timeline',
  milestonesOnly: 'Milestones only',
  showAttendance: (count) => `Show attendance too (${count})`,
  timelineLabel: (name) => `Service record of ${name}`,
}

export function FullRecord({
  record,
  title,
  back,
  children,
  texts,
}: {
  /** Trimmed by the loader (trimRecord). */
  record: Omit<MemberRecord, 'entries'> & { entries: TimelineLine[]; view: RecordView }
  title: string
  back: { to: string; label: string }
  /** What the page adds between the header and the timeline (the admin's note form). */
  children?: ReactNode
  texts?: RecordPageTexts
}) {
  const says = texts ?? ENGLISH
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
        {says.intro(record.member.ingame_name)}{' '}
        <Link to={`/roster/${record.member.id}`} className="text-brand-400 underline">
          {says.publicProfile}
        </Link>
      </p>
      {children}
      <section aria-labelledby="record-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="record-heading" className="text-lg font-semibold">
            {says.timeline}
          </h2>
          {hidden ? (
            <Link to={path(!showAll)} className="text-sm text-brand-400 underline" preventScrollReset>
              {showAll ? says.milestonesOnly : says.showAttendance(hidden)}
            </Link>
          ) : null}
        </div>
        <ServiceTimeline
          entries={record.entries}
          label={says.timelineLabel(record.member.ingame_name)}
          texts={texts?.lines}
        />
      </section>
    </main>
  )
}
