import type { RecordEntry, RecordKind } from '#contracts/personnel.ts'
import { formatDateOnly, LocalTime } from '#app/components/roster/ui.tsx'

// A member's service record as a timeline, newest first (docs/rules/personnel.md). Attendance is most of a long
// record, so the page may hide it behind a link (plain links: works without JavaScript).

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

const KIND_DOT: Record<RecordKind, string> = {
  joined: 'bg-brand-500',
  rank: 'bg-brand-400',
  qualification: 'bg-sky-400',
  award: 'bg-amber-400',
  event: 'bg-zinc-500',
  training: 'bg-zinc-500',
  slot: 'bg-sky-300',
  test: 'bg-emerald-400',
  evaluation: 'bg-emerald-400',
  loa: 'bg-violet-400',
  ban: 'bg-red-400',
  note: 'bg-yellow-300',
}

/** Whether an entry is a milestone (anything but attending an event or a training). */
export function isMilestone(entry: RecordEntry): boolean {
  return entry.kind !== 'event' && entry.kind !== 'training'
}

export function ServiceTimeline({ entries, label }: { entries: RecordEntry[]; label: string }) {
  if (!entries.length) return <p className="text-sm text-zinc-400">Nothing recorded yet.</p>
  return (
    <ol aria-label={label} className="relative flex flex-col gap-0 border-l border-zinc-800 pl-5">
      {entries.map((entry, i) => (
        <li key={`${entry.kind}-${entry.at}-${i}`} className="relative py-2.5">
          <span
            aria-hidden="true"
            className={`absolute top-4 -left-[1.6rem] size-2.5 rounded-full ring-4 ring-zinc-950 ${KIND_DOT[entry.kind]}`}
          />
          <p className="text-xs text-zinc-400">
            <span className="font-medium tracking-wide text-zinc-300 uppercase">{KIND_LABEL[entry.kind]}</span>
            {' · '}
            {entry.date_only && typeof entry.detail.day === 'string' ? (
              <time dateTime={entry.detail.day}>{formatDateOnly(entry.detail.day)}</time>
            ) : (
              <LocalTime iso={entry.at} format="date" />
            )}
          </p>
          <p
            className={`mt-0.5 text-sm break-words ${entry.kind === 'note' ? 'text-yellow-100' : entry.kind === 'ban' ? 'text-red-300' : 'text-zinc-100'}`}
          >
            {entry.text}
          </p>
          {entry.by ? <p className="text-xs text-zinc-500">by {entry.by}</p> : null}
        </li>
      ))}
    </ol>
  )
}
