import type { RecordEntry, RecordKind } from '#contracts/personnel.ts'
import { LocalTime, useDayFormat } from '#app/components/roster/ui.tsx'

// A member's service record as a timeline, newest first (docs/rules/personnel.md). Attendance is most of a long
// record, so the page may hide it behind a link (plain links: works without JavaScript). A page in the person's
// language passes its texts in (`texts`); the others show English. The lines themselves are the record's own text, as
// the /api gives it.

const KIND_LABEL: Record<RecordKind, string> = {
  joined: 'Joined',
  rank: 'Rank',
  qualification: 'Qualification',
  award: 'Award',
  event: 'Operation',
  training: 'Training',
  slot: 'Slot held',
  test: 'Test',
  evaluation: 'Evaluation',
  loa: 'Leave',
  ban: 'Ban',
  note: 'Admin note',
}

/** Whether an entry is a milestone (anything but attending an event or a training; the slot held in one is shown). */
export function isMilestone(entry: RecordEntry): boolean {
  return entry.kind !== 'event' && entry.kind !== 'training'
}

/** How a page sends a record: which entries, and how many attendance lines the milestones view leaves out. */
export interface RecordView {
  /** Every entry was sent (?record=all). */
  all: boolean
  /** Attendance lines in the whole record. */
  attendance: number
}

/** A timeline line as the page draws it: the entry without its kind-specific detail, which only the /api needs. */
export interface TimelineLine {
  at: string
  /** The day of a day-only fact (YYYY-MM-DD), shown without a time; null for an instant. */
  day: string | null
  kind: RecordEntry['kind']
  text: string
  by: string | null
}

/**
 * A record as its page needs it: every line when asked for all (?record=all), else the milestones, each line without
 * its detail. Done in the loader, so a long career does not send hundreds of lines to a page that shows a dozen.
 */
export function trimRecord<T extends { entries: RecordEntry[] }>(
  record: T,
  url: URL,
): Omit<T, 'entries'> & { entries: TimelineLine[]; view: RecordView } {
  const all = url.searchParams.get('record') === 'all'
  const milestones = record.entries.filter(isMilestone)
  const view = { all, attendance: record.entries.length - milestones.length }
  const entries = (all ? record.entries : milestones).map(({ at, date_only, kind, text, by, detail }) => ({
    at,
    day: date_only && typeof detail.day === 'string' ? detail.day : null,
    kind,
    text,
    by,
  }))
  return { ...record, entries, view }
}

/** What the timeline says around its lines. */
export interface TimelineTexts {
  kind: (kind: RecordKind) => string
  empty: string
  by: (name: string) => string
}

const ENGLISH: TimelineTexts = {
  kind: (kind) => KIND_LABEL[kind],
  empty: 'Nothing recorded yet.',
  by: (name) => `by ${name}`,
}

// NOTE: the lines' look (the coloured dot per kind, the type) is the .service-timeline rule of app/app.css: a long
// career has hundreds of lines, and one rule there weighs less than the same classes repeated on each.
export function ServiceTimeline({
  entries,
  label,
  texts = ENGLISH,
}: {
  entries: TimelineLine[]
  label: string
  texts?: TimelineTexts
}) {
  const day = useDayFormat()
  if (!entries.length) return <p className="text-sm text-zinc-400">{texts.empty}</p>
  return (
    <ol aria-label={label} className="service-timeline">
      {entries.map((entry, i) => (
        <li key={`${entry.kind}-${entry.at}-${i}`} data-kind={entry.kind}>
          <p className="when">
            <span>{texts.kind(entry.kind)}</span>
            {' · '}
            {entry.day ? (
              <time dateTime={entry.day}>{day(entry.day)}</time>
            ) : (
              <LocalTime iso={entry.at} format="date" />
            )}
          </p>
          <p className="what">{entry.text}</p>
          {entry.by ? <p className="by">{texts.by(entry.by)}</p> : null}
        </li>
      ))}
    </ol>
  )
}
