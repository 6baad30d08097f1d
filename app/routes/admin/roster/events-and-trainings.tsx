import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { AttendanceData } from '#contracts/attendance.ts'
import type { DiscordPickers } from '#contracts/guild.ts'
import { DISCORD_EVENT_HOURS, DISCORD_EVENT_STATE_LABELS, type DiscordEventStatus } from '#contracts/discord-events.ts'
import { checkboxProps } from '#app/ui/conform-props.ts'
import { Badge } from '#app/ui/badge.tsx'
import { AttendanceDialog } from '#app/components/attendance-dialog.tsx'
import { PingDialog } from '#app/components/ping-dialog.tsx'
import { useStateHref } from '#app/hooks/url-state.ts'
import { smallButton } from '#app/ui/button.ts'

// What the Events and Trainings tabs share on the page (the server half is events-and-trainings.server.ts): the
// heading with its count and the way to Ping History, and the two dialogs both have with the links that open them.

export function ScheduleHeading({
  id,
  title,
  count,
  children,
}: {
  id: string
  title: string
  /** The count line under the title ('3 events. ...'). */
  count: ReactNode
  /** The Add buttons. */
  children: ReactNode
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 id={id} className="text-xl font-semibold">
          {title}
        </h2>
        <p className="text-sm text-zinc-400">{count}</p>
        <Link to="/admin/discord#pings" className="text-sm text-brand-400 hover:underline">
          Scheduled pings: Ping History
        </Link>
      </div>
      {children}
    </div>
  )
}

/** One list of a tab (Upcoming Events, Past Trainings, ...): its heading, with how many it holds when that is known. */
export function ListGroup({
  id,
  title,
  count,
  children,
}: {
  id: string
  title: string
  count?: number
  children: ReactNode
}) {
  return (
    <section id={id} aria-label={title} className="flex scroll-mt-20 flex-col gap-2">
      <h3 className="text-sm font-semibold tracking-wide text-zinc-400 uppercase">
        {title} {count === undefined ? null : <span className="font-normal text-zinc-500">({count})</span>}
      </h3>
      {children}
    </section>
  )
}

/** Schedule Ping and Attendance for the record the URL names (?dialog=ping&event=3), once the loader has their data. */
export function PingAndAttendanceDialogs({
  kind,
  dialog,
  target,
  data,
  closeHref,
}: {
  kind: 'event' | 'training'
  dialog: string | null
  target: { id: number; name: string; date: string } | null
  data: { pickers?: DiscordPickers; hasDefaultRole?: boolean; attendance?: AttendanceData }
  closeHref: string
}) {
  if (!target) return null
  if (dialog === 'ping' && data.pickers)
    return (
      <PingDialog
        target={{ kind, ...target }}
        pickers={data.pickers}
        hasDefaultRole={data.hasDefaultRole ?? false}
        closeHref={closeHref}
      />
    )
  if (dialog === 'attendance' && data.attendance)
    return (
      <AttendanceDialog
        key={`${target.id}-${data.attendance.orbat?.filled ?? false}`}
        title={target.name}
        targetId={target.id}
        data={data.attendance}
        closeHref={closeHref}
      />
    )
  return null
}

/** The links that open Schedule Ping and Attendance for one record (a URL state, so they work without JavaScript). */
export function PingAndAttendanceLinks({
  kind,
  record,
}: {
  kind: 'event' | 'training'
  record: { id: number; name: string }
}) {
  const href = useStateHref()
  return (
    <>
      <Link
        to={href({ dialog: 'ping', [kind]: record.id })}
        preventScrollReset
        className={smallButton}
        aria-label={`Schedule Ping for ${record.name}`}
      >
        Schedule Ping
      </Link>
      <Link
        to={href({ dialog: 'attendance', [kind]: record.id })}
        preventScrollReset
        className={smallButton}
        aria-label={`Attendance for ${record.name}`}
      >
        Attendance
      </Link>
    </>
  )
}

/** A row's state on Discord (docs/rules/discord.md, Scheduled events); a failure names its error on hover. */
export function DiscordEventBadge({ status }: { status: DiscordEventStatus | undefined }) {
  if (!status) return null
  return (
    <Badge
      tone={status.state === 'retrying' ? 'danger' : 'info'}
      title={status.error ?? undefined}
      data-testid="discord-event-status"
    >
      {DISCORD_EVENT_STATE_LABELS[status.state]}
    </Badge>
  )
}

/** The Add/Edit form's "Publish as a Discord event" box (a plain checkbox: it posts without JavaScript). */
export function DiscordEventCheckbox({ field }: { field: Parameters<typeof checkboxProps>[0] }) {
  const hintId = `${field.id}-hint`
  return (
    <div className="flex items-start gap-2 text-sm text-zinc-300">
      <input {...checkboxProps(field)} aria-describedby={hintId} className="mt-0.5 size-4 accent-brand-600" />
      <div>
        <label htmlFor={field.id}>Publish as a Discord event</label>
        <p id={hintId} className="text-xs text-zinc-500">
          A scheduled event in the Discord server, {DISCORD_EVENT_HOURS} hours long, kept up to date with this one.
        </p>
      </div>
    </div>
  )
}
