import { Link } from 'react-router'
import type { EventItem } from '#contracts/events.ts'
import { useStateHref } from '#app/hooks/url-state.ts'
import { smallButton } from '#app/ui/button.ts'
import { DateTime } from '#app/ui/date-time.tsx'
import { DeleteButton } from '#app/ui/delete-button.tsx'
import { Table, type Column } from '#app/ui/table.tsx'
import type { DiscordEventStatus } from '#contracts/discord-events.ts'
import { DiscordEventBadge, PingAndAttendanceLinks } from '../events-and-trainings.tsx'

// The Events tab's list: name (with its ORBAT image link), start, attendance count, and the row's actions, with the
// way to the event's frozen ORBAT when it is linked or frozen (on a phone each event is a card with its actions in
// reach: the kit's stacked table).

export const DELETE_EVENT = 'delete-event'

export const deleteConfirm = (event: EventItem) =>
  `Are you sure you want to delete the event "${event.name}"? Its attendance is taken back out of the members' event scores.`

export function EventsTable({
  label,
  events,
  activeId,
  frozen,
  discord,
}: {
  label: string
  events: EventItem[]
  activeId: number | null
  /** Events whose ORBAT was frozen (docs/rules/orbat-history.md). */
  frozen: ReadonlySet<number>
  /** Each published event's state on Discord. */
  discord: Readonly<Record<number, DiscordEventStatus>>
}) {
  const href = useStateHref()
  const columns: ReadonlyArray<Column<EventItem>> = [
    {
      header: 'Name',
      rowHeader: true,
      cell: (event) => (
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate">{event.name}</span>
          {event.orbat_image_url ? (
            <a
              href={event.orbat_image_url}
              target="_blank"
              rel="noreferrer noopener"
              className="shrink-0 rounded bg-zinc-800 px-1.5 py-0.5 text-xs font-normal text-zinc-300 hover:text-white"
            >
              ORBAT
            </a>
          ) : null}
          <DiscordEventBadge status={discord[event.id]} />
        </span>
      ),
    },
    {
      header: 'Date',
      className: 'whitespace-nowrap',
      cellClassName: 'text-zinc-300',
      cell: (event) => <DateTime iso={event.date} />,
    },
    {
      header: 'Attendance',
      align: 'right',
      cellClassName: 'tabular-nums text-zinc-300',
      cell: (event) => <span data-testid="attendance-count">{event.attendance_count}</span>,
    },
    {
      header: <span className="sr-only">Actions</span>,
      cell: (event) => (
        <div className="flex flex-wrap gap-1.5 md:flex-nowrap md:justify-end">
          <PingAndAttendanceLinks kind="event" record={event} />
          {event.orbat_linked || frozen.has(event.id) ? (
            <Link
              to={`/roster/events/${event.id}/orbat`}
              className={smallButton}
              aria-label={`ORBAT of ${event.name}`}
              data-testid="event-orbat"
            >
              {frozen.has(event.id) ? 'Frozen ORBAT' : 'ORBAT (linked)'}
            </Link>
          ) : null}
          <Link
            to={href({ dialog: 'edit', event: event.id })}
            preventScrollReset
            className={smallButton}
            aria-label={`Edit ${event.name}`}
          >
            Edit
          </Link>
          <DeleteButton intent={DELETE_EVENT} id={event.id} confirm={deleteConfirm(event)} name={event.name} />
        </div>
      ),
    },
  ]
  return (
    <Table
      label={label}
      stacked
      tableClassName="min-w-[36rem]"
      columns={columns}
      rows={events}
      rowKey={(event) => event.id}
      rowProps={(event) => ({
        'data-testid': 'event-row',
        className: activeId === event.id ? 'bg-brand-600/10' : undefined,
      })}
    />
  )
}
