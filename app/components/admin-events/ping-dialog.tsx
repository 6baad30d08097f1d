import { getFormProps, getTextareaProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { useState } from 'react'
import { Form, Link, useSearchParams } from 'react-router'
import { DEFAULT_PING_OFFSET, DEFAULT_ROLE, DEFAULT_ROLE_LABEL, INTENTS, PING_OFFSETS, pingFormSchema } from './schemas.ts'
import type { DiscordPickers } from './types.ts'
import {
  CancelLink,
  ChannelSelect,
  FieldError,
  inputClass,
  labelClass,
  localTimeZone,
  Modal,
  Notice,
  primaryButton,
  RoleCheckboxes,
  smallButton,
  TimeField,
  TimeZoneNote,
  useAdminForm,
  useHydrated,
  wallParts,
} from './ui.tsx'

// Schedule Ping (spec 2 §2, §5, §9) for an event or a training: channel, date, time, message and roles. Quick offsets
// put the ping 24, 4 or 1 hour before the event/training (1 hour by default, with a default message). Date and time
// are the admin's local time with JavaScript (the zone travels in `tz`), UTC without.

const HOUR_MS = 3_600_000

export interface PingTarget {
  kind: 'event' | 'training'
  id: number
  name: string
  date: string
}

export function defaultPingMessage(target: PingTarget, hours: number) {
  return `Reminder: ${target.name} starts in ${hours} hour${hours === 1 ? '' : 's'}!`
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
  const hydrated = useHydrated()
  return (
    <Modal title={`Schedule Ping: ${target.name}`} closeHref={closeHref}>
      {pickers.error ? <Notice>{pickers.error}</Notice> : null}
      {/* Re-mounted after hydration so the proposal switches from UTC to local time. */}
      <PingForm key={hydrated ? 'local' : 'utc'} target={target} pickers={pickers} hasDefaultRole={hasDefaultRole} local={hydrated} closeHref={closeHref} />
    </Modal>
  )
}

function PingForm({
  target,
  pickers,
  hasDefaultRole,
  local,
  closeHref,
}: {
  target: PingTarget
  pickers: DiscordPickers
  hasDefaultRole: boolean
  local: boolean
  closeHref: string
}) {
  const [searchParams] = useSearchParams()
  const { action, busy, hidden, lastResult } = useAdminForm('ping')
  const requested = Number(searchParams.get('offset'))
  const initialOffset = (PING_OFFSETS as readonly number[]).includes(requested) ? requested : DEFAULT_PING_OFFSET
  const proposal = (hours: number) => wallParts(Date.parse(target.date) - hours * HOUR_MS, local)

  const [form, fields] = useForm({
    id: `ping-${target.kind}-${target.id}`,
    lastResult,
    constraint: getZodConstraint(pingFormSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pingFormSchema }),
  })

  const initial = (value: unknown) => (typeof value === 'string' ? value : undefined)
  const [date, setDate] = useState(initial(fields.date.initialValue) ?? proposal(initialOffset).date)
  const [time, setTime] = useState(initial(fields.time.initialValue) ?? proposal(initialOffset).time)
  const [message, setMessage] = useState(initial(fields.messageContent.initialValue) ?? defaultPingMessage(target, initialOffset))
  const initialRoles = fields.rolesToPing.initialValue
  const [roles, setRoles] = useState<string[]>(Array.isArray(initialRoles) ? initialRoles.filter((r): r is string => typeof r === 'string') : typeof initialRoles === 'string' ? [initialRoles] : [])

  const applyOffset = (hours: number) => {
    const next = proposal(hours)
    setDate(next.date)
    setTime(next.time)
    // Only a message still at one of the defaults follows the offset; a typed one is kept.
    if (!message.trim() || PING_OFFSETS.some((h) => defaultPingMessage(target, h) === message)) setMessage(defaultPingMessage(target, hours))
  }

  const toggleRole = (value: string, checked: boolean) =>
    setRoles((current) => {
      if (!checked) return current.filter((r) => r !== value)
      // 'Default (Event Ping Role)' is exclusive with the other roles (spec 2 §5).
      if (value === DEFAULT_ROLE) return [DEFAULT_ROLE]
      return [...current.filter((r) => r !== DEFAULT_ROLE), value]
    })

  const offsetHref = (hours: number) => {
    const next = new URLSearchParams(searchParams)
    next.set('offset', String(hours))
    return `?${next.toString()}`
  }
  const { key: _messageKey, ...messageProps } = getTextareaProps(fields.messageContent)
  const rolesError = fields.rolesToPing.errors

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Schedule ping">
      {hidden}
      <input type="hidden" name="intent" value={INTENTS.ping} />
      <input type="hidden" name="id" value={target.id} />
      <input type="hidden" name="tz" value={local ? localTimeZone() : 'UTC'} />

      <div className="flex min-w-0 flex-col gap-1.5">
        <label className={labelClass} htmlFor={fields.channelId.id}>
          Channel
        </label>
        <ChannelSelect
          id={fields.channelId.id}
          name={fields.channelId.name}
          channels={pickers.channels}
          defaultValue={initial(fields.channelId.initialValue)}
          invalid={Boolean(fields.channelId.errors?.length)}
          errorId={fields.channelId.errorId}
        />
        <FieldError id={fields.channelId.errorId} errors={fields.channelId.errors} />
      </div>

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
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-1.5">
            <label className={labelClass} htmlFor={fields.date.id}>
              Date
            </label>
            <input
              id={fields.date.id}
              name={fields.date.name}
              type="date"
              value={date}
              onChange={(event) => setDate(event.target.value)}
              aria-invalid={fields.date.errors?.length ? true : undefined}
              className={`${inputClass} [color-scheme:dark]`}
            />
            <FieldError id={fields.date.errorId} errors={fields.date.errors} />
          </div>
          <TimeField id={fields.time.id} name={fields.time.name} label="Time (24-hour)" value={time} onChange={setTime} errors={fields.time.errors} errorId={fields.time.errorId} />
        </div>
        <TimeZoneNote />
      </div>

      <div className="flex min-w-0 flex-col gap-1.5">
        <label className={labelClass} htmlFor={fields.messageContent.id}>
          Message
        </label>
        <textarea {...messageProps} value={message} onChange={(event) => setMessage(event.target.value)} rows={3} className={`${inputClass} h-auto py-2`} />
        <FieldError id={fields.messageContent.errorId} errors={fields.messageContent.errors} />
      </div>

      <div className="flex flex-col gap-1.5">
        <RoleCheckboxes
          name={fields.rolesToPing.name}
          legend={target.kind === 'event' ? 'Roles to ping' : 'Roles to ping (optional)'}
          roles={pickers.roles}
          selected={roles}
          onToggle={toggleRole}
          extra={target.kind === 'event' ? { value: DEFAULT_ROLE, label: hasDefaultRole ? DEFAULT_ROLE_LABEL : `${DEFAULT_ROLE_LABEL}: not set` } : undefined}
          invalid={Boolean(rolesError?.length)}
          errorId={fields.rolesToPing.errorId}
        />
        {target.kind === 'event' ? <p className="text-xs text-zinc-400">No role chosen pings the default event ping role.</p> : null}
        <FieldError id={fields.rolesToPing.errorId} errors={rolesError} />
      </div>

      <FieldError id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap justify-end gap-2">
        <CancelLink href={closeHref} />
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
          Schedule Ping
        </button>
      </div>
    </Form>
  )
}
