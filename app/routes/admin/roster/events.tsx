import { parseWithZod } from '@conform-to/zod/v4'
import { Link, useSearchParams } from 'react-router'
import type { Route } from './+types/events'
import { AttendanceDialog } from '#app/components/admin-events/attendance-dialog.tsx'
import { EventFormDialog } from '#app/components/admin-events/event-form.tsx'
import { PingDialog } from '#app/components/admin-events/ping-dialog.tsx'
import { askToConfirm, failInline, failWithToast, idOf, invalid, readAdminPost, succeed, type AdminPost } from '#app/components/admin-events/respond.server.ts'
import { eventFormSchema, INTENTS } from '#app/components/admin-events/schemas.ts'
import { attendanceAction, hasEventPingRole, loadAttendance, loadPickers, pingAction } from '#app/components/admin-events/shared.server.ts'
import { EVENTS_PATH, type AttendanceData, type DiscordPickers, type EventItem } from '#app/components/admin-events/types.ts'
import {
  ConfirmButtonForm,
  ConfirmStep,
  EmptyState,
  formatDay,
  Notice,
  primaryButton,
  smallButton,
  smallDangerButton,
  useStateHref,
} from '#app/components/admin-events/ui.tsx'
import { parseInput, runAdmin } from '#server/admin/request.ts'
import { assertAdminPage } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { Invalid } from '#server/errors.ts'
import { logger } from '#server/logger.ts'
import {
  createEvent,
  deleteEvent,
  eventInputSchema,
  getEventAttendance,
  listEvents,
  setEventAttendance,
  updateEvent,
} from '#server/roster/events.ts'

// Roster admin, Events tab (spec 2 §2, §5, §7, §8): the list with Schedule Ping, Attendance, Edit and delete, and
// Add Event. Dialogs are URL states (?dialog=ping&event=3), so every form works without JavaScript too.

const deleteConfirm = (event: EventItem) =>
  `Are you sure you want to delete the event "${event.name}"? Its attendance is taken back out of the members' event scores.`

interface EventsData {
  events: EventItem[]
  loadError?: string
  pickers?: DiscordPickers
  hasDefaultRole?: boolean
  attendance?: AttendanceData
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<EventsData> {
  assertAdminPage(context)
  const { db } = getServices(context)
  const url = new URL(request.url)
  const dialog = url.searchParams.get('dialog')
  const eventId = idOf(url.searchParams.get('event'))
  let events: EventItem[]
  try {
    events = await listEvents(db)
  } catch (error) {
    logger.error({ msg: 'admin roster: loading events failed', error: error instanceof Error ? error.stack : String(error) })
    return { events: [], loadError: 'Could not load roster data: An error occurred.' }
  }
  const target = events.find((e) => e.id === eventId)
  if (dialog === 'ping' && target) {
    const [pickers, hasDefaultRole] = await Promise.all([loadPickers(getServices(context)), hasEventPingRole(db)])
    return { events, pickers, hasDefaultRole }
  }
  if (dialog === 'attendance' && target) {
    try {
      const { memberIds } = await getEventAttendance(db, target.id)
      return { events, attendance: await loadAttendance(db, memberIds) }
    } catch (error) {
      logger.error({ msg: 'admin roster: loading attendance failed', error: error instanceof Error ? error.stack : String(error) })
      return { events, loadError: 'Failed to fetch attendance.' }
    }
  }
  return { events }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context, EVENTS_PATH)
  switch (post.intent) {
    case INTENTS.saveEvent:
      return saveEvent(post)
    case INTENTS.deleteEvent: {
      const id = idOf(post.form.get('id'))
      if (id !== null && !post.confirmed) return askToConfirm(post, `delete-event-${id}`)
      try {
        await runAdmin(getServices(context), (tx) => deleteEvent(tx, post.admin, id ?? 0))
      } catch (error) {
        return failWithToast(post, error, 'Failed to delete event.')
      }
      return succeed(post, 'Event deleted.')
    }
    case INTENTS.attendance:
      return attendanceAction(post, (tx, id, memberIds) => setEventAttendance(tx, post.admin, id, memberIds), 'Event')
    case INTENTS.ping:
      return pingAction(post, 'event')
    default:
      return failWithToast(post, new Invalid('Unknown action.'), 'Unknown action.')
  }
}

async function saveEvent(post: AdminPost) {
  const submission = parseWithZod(post.form, { schema: eventFormSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const { id, ...fields } = submission.value
  try {
    const services = getServices(post.context)
    // The form edits the day; an event whose day is unchanged keeps its time of day (seeded events start at 23:00).
    const before = id ? (await listEvents(services.db)).find((e) => e.id === id) : undefined
    const date = before && before.date.slice(0, 10) === fields.date ? before.date : fields.date
    // The service's own schema too, so this form and POST /api/roster/events agree by construction.
    const input = parseInput(eventInputSchema, { ...fields, date })
    if (id) await runAdmin(services, (tx) => updateEvent(tx, post.admin, id, input))
    else await runAdmin(services, (tx) => createEvent(tx, post.admin, input))
    return succeed(post, id ? 'Event updated!' : 'Event added!')
  } catch (error) {
    return failInline(post, submission, error, 'Failed to save event.', { name: 'name', date: 'date', orbat_image_url: 'orbat_image_url' })
  }
}

export default function EventsTab({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const href = useStateHref()
  const { events } = loaderData
  const dialog = searchParams.get('dialog')
  const target = events.find((e) => e.id === Number(searchParams.get('event'))) ?? null
  const confirming = events.find((e) => searchParams.get('confirm') === `delete-event-${e.id}`)
  const closeHref = href(null)

  return (
    <section aria-labelledby="events-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="events-heading" className="text-xl font-semibold">
            Events
          </h2>
          <p className="text-sm text-zinc-400">
            {events.length} {events.length === 1 ? 'event' : 'events'}. Attendance counts towards members' event scores.
          </p>
        </div>
        <Link to={href({ dialog: 'add' })} preventScrollReset className={primaryButton}>
          Add Event
        </Link>
      </div>

      {loaderData.loadError ? <Notice>{loaderData.loadError}</Notice> : null}
      {confirming ? <ConfirmStep intent={INTENTS.deleteEvent} fields={{ id: confirming.id }} message={deleteConfirm(confirming)} confirmLabel="Delete Event" /> : null}

      {events.length === 0 ? (
        <EmptyState>No events have been added yet.</EmptyState>
      ) : (
        // `relative`: the sr-only header is absolutely placed and must not widen the page.
        <div className="relative overflow-x-auto rounded-xl border border-zinc-800 bg-zinc-900/60">
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase tracking-wide text-zinc-400">
              <tr className="border-b border-zinc-800">
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Name
                </th>
                <th scope="col" className="px-3 py-2.5 font-medium">
                  Date
                </th>
                <th scope="col" className="px-3 py-2.5 text-right font-medium">
                  Attendance
                </th>
                <th scope="col" className="px-4 py-2.5 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-800">
              {events.map((event) => (
                <tr key={event.id} data-testid="event-row" className={target?.id === event.id ? 'bg-brand-600/10' : undefined}>
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
                      <Link to={href({ dialog: 'attendance', event: event.id })} preventScrollReset className={smallButton} aria-label={`Attendance for ${event.name}`}>
                        Attendance
                      </Link>
                      <Link to={href({ dialog: 'edit', event: event.id })} preventScrollReset className={smallButton} aria-label={`Edit ${event.name}`}>
                        Edit
                      </Link>
                      <ConfirmButtonForm
                        formKey={`delete-event-${event.id}`}
                        intent={INTENTS.deleteEvent}
                        fields={{ id: event.id }}
                        confirm={deleteConfirm(event)}
                        label="Delete"
                        className={smallDangerButton}
                        aria-label={`Delete ${event.name}`}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {dialog === 'add' ? <EventFormDialog editing={null} closeHref={closeHref} /> : null}
      {dialog === 'edit' && target ? <EventFormDialog key={target.id} editing={target} closeHref={closeHref} /> : null}
      {dialog === 'ping' && target && loaderData.pickers ? (
        <PingDialog
          target={{ kind: 'event', id: target.id, name: target.name, date: target.date }}
          pickers={loaderData.pickers}
          hasDefaultRole={loaderData.hasDefaultRole ?? false}
          closeHref={closeHref}
        />
      ) : null}
      {dialog === 'attendance' && target && loaderData.attendance ? (
        <AttendanceDialog key={target.id} title={target.name} targetId={target.id} data={loaderData.attendance} closeHref={closeHref} />
      ) : null}
    </section>
  )
}

export function meta() {
  return [{ title: 'Events · Roster Admin · Task Force HQ' }]
}
