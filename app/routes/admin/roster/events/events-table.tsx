import { Link } from 'react-router'
import type { EventItem } from '#contracts/events.ts'
import { useStateHref } from '#app/hooks/url-state.ts'
import { smallButton } from '#app/ui/button.ts'
import { formatDay } from '#app/ui/date-time.tsx'
import { DeleteButton } from '#app/ui/delete-button.tsx'
import { Table } from '#app/ui/table.tsx'

// The Events tab's list: name (with its ORBAT image link), day, attendance count, and the row's actions.

export const DELETE_EVENT = 'delete-event'

export const deleteConfirm = (event: EventItem) =>
  `Are you sure you want to delete the event "${event.name}"? Its attendance is taken back out of the members' event scores.`

export function EventsTable({ events, activeId }: { events: EventItem[]; activeId: number | null }) {
  const href = useStateHref()
  return (
    // `relative`: the sr-only header is absolutely placed and must not widen the page.
    <div className="relative">
      <Table label="Events" head={['Name', 'Date', <span className="block text-right">Attendance</span>, <span className="sr-only">Actions</span>]}>
        {events.map((event) => (
          <tr key={event.id} data-testid="event-row" className={activeId === event.id ? 'bg-brand-600/10' : undefined}>
            <th scope="row" className="px-4 py-3 font-medium text-zinc-100">
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
              </span>
            </th>
            <td className="whitespace-nowrap px-3 py-3 text-zinc-300">
              <time dateTime={event.date}>{formatDay(event.date)}</time>
            </td>
            <td className="px-3 py-3 text-right tabular-nums text-zinc-300" data-testid="attendance-count">
              {event.attendance_count}
            </td>
            <td className="px-4 py-3">
              <div className="flex justify-end gap-1.5">
                <Link to={href({ dialog: 'ping', event: event.id })} preventScrollReset className={smallButton} aria-label={`Schedule Ping for ${event.name}`}>
                  Schedule Ping
                </Link>
                <Link
                  to={href({ dialog: 'attendance', event: event.id })}
                  preventScrollReset
                  className={smallButton}
                  aria-label={`Attendance for ${event.name}`}
                >
                  Attendance
                </Link>
                <Link to={href({ dialog: 'edit', event: event.id })} preventScrollReset className={smallButton} aria-label={`Edit ${event.name}`}>
                  Edit
                </Link>
                <DeleteButton intent={DELETE_EVENT} id={event.id} confirm={deleteConfirm(event)} name={event.name} />              </div>
            </td>
          </tr>
        ))}
      </Table>
    </div>
  )
}
