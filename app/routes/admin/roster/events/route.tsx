import { Link, useSearchParams } from 'react-router'
import type { Route } from './+types/route'
import { EventFormDialog, SAVE_EVENT } from './event-form.tsx'
import { DELETE_EVENT, deleteConfirm, EventsTable } from './events-table.tsx'
import { FILL_FROM_ORBAT, type AttendanceData } from '#contracts/attendance.ts'
import type { DbOrTx } from '#db/client.ts'
import { eventsWithSnapshot, suggestAttendance } from '#server/orbat/snapshots.ts'
import { eventSchema, type EventItem } from '#contracts/events.ts'
import type { DiscordPickers } from '#contracts/guild.ts'
import { deleteRecord, saveRecord } from '#app/forms/actions.ts'
import { readAdminPost, unknownIntent } from '#app/forms/respond.ts'
import { ATTENDANCE_INTENT } from '#app/components/attendance-dialog.tsx'
import { PING_INTENT } from '#app/components/ping-dialog.tsx'
import { ListGroup, PingAndAttendanceDialogs, ScheduleHeading } from '../events-and-trainings.tsx'
import { useStateHref } from '#app/hooks/url-state.ts'
import { primaryButton } from '#app/ui/button.ts'
import { DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { EmptyState, LoadError } from '#app/ui/field.tsx'
import { OlderPager } from '#app/ui/pager.tsx'
import { loadAttendanceDialog, loadTab, saveAttendance, schedulePingFromForm } from '../events-and-trainings.server.ts'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { loadPickers } from '#server/discord/guild.ts'
import { hasEventPingRole } from '#server/discord/pings.ts'
import { discordEventStatuses, publishedByDefault } from '#server/discord/scheduled-events.ts'
import type { DiscordEventStatus } from '#contracts/discord-events.ts'
import {
  createEvent,
  deleteEvent,
  eventsTab,
  findEvent,
  getEventAttendance,
  setEventAttendance,
  updateEvent,
} from '#server/roster/events.ts'
import { countOf } from '#contracts/plural.ts'
import { DownloadCsv } from '#app/ui/download-link.tsx'

// Roster admin, Events tab (docs/rules/roster.md, events and attendance): the upcoming events and one page of past ones
// (Show older: ?before=<cursor>, a link), with Schedule Ping, Attendance, Edit and delete, and Add Event. Dialogs are
// URL states (?dialog=ping&event=3), so every form works without JavaScript too. The actions call the same use cases,
// with the same schemas, as /api/roster/events.

interface EventsData {
  upcoming: EventItem[]
  past: EventItem[]
  older: string | null
  total: number
  /** The event the open dialog is about (on a page shown or not). */
  target: EventItem | null
  /** Events shown whose ORBAT was frozen. */
  frozen: number[]
  /** The state on Discord of each event shown that is published. */
  discord: Record<number, DiscordEventStatus>
  /** Whether Add Event's "Publish as a Discord event" starts ticked (setting discord_events_default). */
  publishByDefault: boolean
  loadError?: string
  pickers?: DiscordPickers
  hasDefaultRole?: boolean
  attendance?: AttendanceData
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<EventsData> {
  await requirePageUser(request, context, 'admin')
  const { db, discord } = getServices(context)
  const tab = await loadTab(
    request,
    'event',
    { lists: (before) => eventsTab(db, { before }), one: (id) => findEvent(db, id) },
    'Could not load roster data: An error occurred.',
  )
  const shownEvents = [...tab.lists.upcoming, ...tab.lists.past]
  const [frozen, discordStatus, publishByDefault] = await Promise.all([
    eventsWithSnapshot(
      db,
      shownEvents.map((e) => e.id),
    ),
    discordEventStatuses(db, 'event', shownEvents),
    publishedByDefault(db),
  ])
  const data = {
    ...tab.lists,
    target: tab.target ?? null,
    frozen: [...frozen],
    discord: discordStatus,
    publishByDefault,
  }
  if (tab.loadError || !tab.target) return { ...data, loadError: tab.loadError }
  if (tab.dialog === 'ping') {
    const [pickers, hasDefaultRole] = await Promise.all([loadPickers(discord), hasEventPingRole(db)])
    return { ...data, pickers, hasDefaultRole }
  }
  if (tab.dialog === 'attendance') {
    const dialog = await loadAttendanceDialog(db, tab.target.id, getEventAttendance)
    return { ...data, ...dialog, attendance: await withOrbatFill(db, request, tab.target.id, dialog.attendance) }
  }
  return data
}

/**
 * Fill from the ORBAT (docs/rules/orbat-history.md): with ?fill=orbat the ticks are who attended plus everyone who
 * held a slot in the event's frozen ORBAT. Nothing is recorded until the admin saves the dialog.
 */
async function withOrbatFill(db: DbOrTx, request: Request, eventId: number, attendance?: AttendanceData) {
  if (!attendance) return attendance
  const suggestion = await suggestAttendance(db, eventId).catch(() => null)
  if (!suggestion) return attendance
  const filled = new URL(request.url).searchParams.get('fill') === FILL_FROM_ORBAT
  return {
    ...attendance,
    memberIds: filled ? [...new Set([...attendance.memberIds, ...suggestion.memberIds])] : attendance.memberIds,
    orbat: { holders: suggestion.memberIds.length, filled },
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  const services = getServices(context)
  switch (post.intent) {
    case SAVE_EVENT:
      return saveRecord(post, eventSchema, {
        // The form's checkboxes send nothing when unticked: on the form, absent means unlinked and unpublished.
        save: (input, id) => {
          const value = {
            ...input,
            orbat_linked: input.orbat_linked ?? false,
            discord_event: input.discord_event ?? false,
          }
          return id ? updateEvent(services, post.admin, id, value) : createEvent(services, post.admin, value)
        },
        done: (id) => (id ? 'Event updated!' : 'Event added!'),
        failed: 'Failed to save event.',
      })
    case DELETE_EVENT:
      return deleteRecord(post, (id) => deleteEvent(services, post.admin, id), {
        success: 'Event deleted.',
        failure: 'Failed to delete event.',
      })
    case ATTENDANCE_INTENT:
      return saveAttendance(post, 'event', setEventAttendance)
    case PING_INTENT:
      return schedulePingFromForm(post, 'event')
    default:
      return unknownIntent(post)
  }
}

export default function EventsTab({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const href = useStateHref()
  const { upcoming, past, older, total, target } = loaderData
  const frozen = new Set(loaderData.frozen)
  const discord = loaderData.discord
  const dialog = searchParams.get('dialog')
  const closeHref = href(null)
  const activeId = target?.id ?? null

  return (
    <section aria-labelledby="events-heading" className="flex flex-col gap-4">
      <ScheduleHeading
        id="events-heading"
        title="Events"
        count={`${countOf(total, 'event')}. Attendance counts towards members' event scores.`}
      >
        <div className="flex flex-wrap items-center gap-2">
          <DownloadCsv href="/api/admin/export/events.csv" />
          <Link to={href({ dialog: 'add' })} preventScrollReset className={primaryButton}>
            Add Event
          </Link>
        </div>
      </ScheduleHeading>

      <LoadError message={loaderData.loadError} />
      <DeleteConfirmStep
        intent={DELETE_EVENT}
        items={[...upcoming, ...past]}
        message={deleteConfirm}
        confirmLabel="Delete Event"
      />

      {total === 0 && !loaderData.loadError ? (
        <EmptyState>No events have been added yet.</EmptyState>
      ) : (
        <>
          <ListGroup id="upcoming-events" title="Upcoming Events" count={upcoming.length}>
            {upcoming.length ? (
              <EventsTable
                label="Upcoming events"
                events={upcoming}
                activeId={activeId}
                frozen={frozen}
                discord={discord}
              />
            ) : (
              <EmptyState>No upcoming events.</EmptyState>
            )}
          </ListGroup>
          <ListGroup id="past-events" title="Past Events">
            {past.length ? (
              <EventsTable label="Past events" events={past} activeId={activeId} frozen={frozen} discord={discord} />
            ) : (
              <EmptyState>No past events.</EmptyState>
            )}
            <OlderPager older={older} anchor="past-events" label="Older events" />
          </ListGroup>
        </>
      )}

      {dialog === 'add' ? (
        <EventFormDialog editing={null} closeHref={closeHref} publishByDefault={loaderData.publishByDefault} />
      ) : null}
      {dialog === 'edit' && target ? (
        <EventFormDialog key={target.id} editing={target} closeHref={closeHref} publishByDefault={false} />
      ) : null}
      <PingAndAttendanceDialogs kind="event" dialog={dialog} target={target} data={loaderData} closeHref={closeHref} />
    </section>
  )
}

export function meta() {
  return [{ title: 'Events · Roster Admin · Task Force HQ' }]
}
