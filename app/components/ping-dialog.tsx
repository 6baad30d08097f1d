import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { DEFAULT_PING_ROLE, DEFAULT_PING_ROLE_LABEL, pingSchema } from '#contracts/pings.ts'
import type { DiscordPickers } from '#contracts/guild.ts'
import { ChannelSelect, initialList, RoleCheckboxes } from '#app/components/discord-pickers.tsx'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { smallButton } from '#app/ui/button.ts'
import { fieldProps, textareaProps } from '#app/ui/conform-props.ts'
import { TimeZoneField, useTimeZone, wallParts } from '#app/ui/date-time.tsx'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { Field, FieldError, Notice, textareaClass } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'
import { DateTimeFields } from '#app/ui/time-field.tsx'
import { strictNumber } from '#contracts/fields.ts'
import { countOf } from '#contracts/plural.ts'

// Schedule Ping (docs/rules/discord.md, scheduled pings) for an event (Events tab) or a training (Trainings tab):
// channel, date, time, message and roles. Quick offsets put the ping 24, 4 or 1 hour before the event/training (1 hour
// by default, with a default message). Date and time are on the page's clock (the viewer's zone, or the unit's), which
// travels in `tz`.

export const PING_INTENT = 'ping'
/** Quick offsets before the event/training, default 1 hour (docs/rules/discord.md, scheduled pings). */
const PING_OFFSETS = [24, 4, 1] as const
const DEFAULT_PING_OFFSET = 1
const HOUR_MS = 3_600_000

interface PingTarget {
  kind: 'event' | 'training'
  id: number
  name: string
  date: string
}

function defaultPingMessage(target: PingTarget, hours: number) {
  return `Reminder: ${target.name} starts in ${countOf(hours, 'hour')}!`
}

export function PingDialog({
  target,
  pickers,
  hasDefaultRole,
  closeHref,
}: {
  target: PingTarget
  pickers: DiscordPickers
  /** Events: whether an event ping role is set, so an empty role choice can fall back to it. */
  hasDefaultRole: boolean
  closeHref: string
}) {
  const { zone } = useTimeZone()
  return (
    <UrlDialog title={`Schedule Ping: ${target.name}`} closeHref={closeHref}>
      {pickers.error ? <Notice>{pickers.error}</Notice> : null}
      {/* Re-mounted when the page's zone changes (after hydration, on a first visit) so the proposal follows it. */}
      <PingForm
        key={zone}
        target={target}
        pickers={pickers}
        hasDefaultRole={hasDefaultRole}
        zone={zone}
        closeHref={closeHref}
      />
    </UrlDialog>
  )
}

function PingForm({
  target,
  pickers,
  hasDefaultRole,
  zone,
  closeHref,
}: {
  target: PingTarget
  pickers: DiscordPickers
  hasDefaultRole: boolean
  zone: string
  closeHref: string
}) {
  const [searchParams] = useSearchParams()
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm('ping', pingSchema, {
    id: `ping-${target.kind}-${target.id}`,
    validateOn: 'onSubmit',
  })
  const requested = strictNumber(searchParams.get('offset'), true)
  const initialOffset =
    requested !== null && (PING_OFFSETS as readonly number[]).includes(requested) ? requested : DEFAULT_PING_OFFSET
  const proposal = (hours: number) => wallParts(Date.parse(target.date) - hours * HOUR_MS, zone)

  const initial = (value: unknown) => (typeof value === 'string' ? value : undefined)
  const [when, setWhen] = useState(() => ({
    date: initial(fields.date.initialValue) ?? proposal(initialOffset).date,
    time: initial(fields.time.initialValue) ?? proposal(initialOffset).time,
  }))
  const [message, setMessage] = useState(
    initial(fields.messageContent.initialValue) ?? defaultPingMessage(target, initialOffset),
  )
  const [roles, setRoles] = useState<string[]>(initialList(fields.rolesToPing.initialValue))

  const applyOffset = (hours: number) => {
    setWhen(proposal(hours))
    // Only a message still at one of the defaults follows the offset; a typed one is kept.
    if (!message.trim() || PING_OFFSETS.some((h) => defaultPingMessage(target, h) === message))
      setMessage(defaultPingMessage(target, hours))
  }
  const toggleRole = (value: string, checked: boolean) =>
    setRoles((current) => {
      if (!checked) return current.filter((r) => r !== value)
      // 'Default (Event Ping Role)' is exclusive with the other roles (docs/rules/discord.md, scheduled pings).
      if (value === DEFAULT_PING_ROLE) return [DEFAULT_PING_ROLE]
      return [...current.filter((r) => r !== DEFAULT_PING_ROLE), value]
    })
  const offsetHref = (hours: number) => {
    const next = new URLSearchParams(searchParams)
    next.set('offset', String(hours))
    return `?${next.toString()}`
  }

  return (
    <Form {...formProps} className="flex flex-col gap-4" aria-label="Schedule ping">
      {hidden}
      <input type="hidden" name="intent" value={PING_INTENT} />
      <input type="hidden" name="id" value={target.id} />
      <TimeZoneField />

      <Field {...fieldProps(fields.channelId, 'Channel')}>
        <ChannelSelect
          id={fields.channelId.id}
          name={fields.channelId.name}
          channels={pickers.channels}
          defaultValue={initial(fields.channelId.initialValue)}
          invalid={Boolean(fields.channelId.errors?.length)}
          errorId={fields.channelId.errorId}
        />
      </Field>

      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-300">
          <span>Quick set:</span>
          {PING_OFFSETS.map((hours) => (
            <Link
              key={hours}
              to={offsetHref(hours)}
              replace
              preventScrollReset
              className={smallButton}
              onClick={(event) => {
                event.preventDefault()
                applyOffset(hours)
              }}
            >
              {hours}h before
            </Link>
          ))}
        </div>
        <DateTimeFields date={fields.date} time={fields.time} value={when} onChange={setWhen} />
      </div>

      <Field {...fieldProps(fields.messageContent, 'Message')}>
        <textarea
          {...textareaProps(fields.messageContent)}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          rows={3}
          className={textareaClass}
        />
      </Field>

      <div className="flex flex-col gap-1.5">
        <RoleCheckboxes
          name={fields.rolesToPing.name}
          legend={target.kind === 'event' ? 'Roles to ping' : 'Roles to ping (optional)'}
          roles={pickers.roles}
          selected={roles}
          onToggle={toggleRole}
          extra={
            target.kind === 'event'
              ? {
                  value: DEFAULT_PING_ROLE,
                  label: hasDefaultRole ? DEFAULT_PING_ROLE_LABEL : `${DEFAULT_PING_ROLE_LABEL}: not set`,
                }
              : undefined
          }
          invalid={Boolean(fields.rolesToPing.errors?.length)}
          errorId={fields.rolesToPing.errorId}
        />
        {target.kind === 'event' ? (
          <p className="text-xs text-zinc-400">No role chosen pings the default event ping role.</p>
        ) : null}
        <FieldError id={fields.rolesToPing.errorId} errors={fields.rolesToPing.errors} />
      </div>

      <FormFooter
        closeHref={closeHref}
        submitLabel="Schedule Ping"
        busy={busy}
        errors={form.errors}
        errorId={form.errorId}
      />
    </Form>
  )
}
