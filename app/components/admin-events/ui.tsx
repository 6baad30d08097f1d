import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Form, Link, useActionData, useLocation, useNavigate, useNavigation } from 'react-router'
import { confirmBeforeSubmit, useHydrated } from '#app/components/admin-settings/surface.tsx'
import { dangerButton, FieldError, inputClass, secondaryButton } from '#app/components/admin-settings/ui.tsx'
import { maskTimeInput, normalizeTime, TIME_FORMAT_BLUR } from './schemas.ts'
import type { ActionAnswer, GuildChannelItem, GuildRoleItem } from './types.ts'

// Building blocks of the Events / Trainings tabs and Manage Library. Every dialog is a URL state (?dialog=ping&
// event=3): links open it, with or without JavaScript; with JavaScript it is a modal <dialog> (focus trapped, Escape
// closes), without it the same <dialog open> sits over the page and Close is a link.

export { dangerButton, FieldError, inputClass, primaryButton, secondaryButton } from '#app/components/admin-settings/ui.tsx'
export { useHydrated } from '#app/components/admin-settings/surface.tsx'

export const labelClass = 'flex min-w-0 flex-col gap-1.5 text-sm text-zinc-300'
export const smallButton =
  'inline-flex h-8 shrink-0 items-center justify-center rounded-md border border-zinc-700 px-2.5 text-xs font-medium text-zinc-200 transition hover:border-zinc-500 hover:text-white disabled:cursor-not-allowed disabled:opacity-50'
export const smallDangerButton =
  'inline-flex h-8 shrink-0 items-center justify-center rounded-md border border-red-500/50 px-2.5 text-xs font-medium text-red-300 transition hover:bg-red-950/60 hover:text-red-200 disabled:cursor-not-allowed disabled:opacity-50'

/**
 * One form's plumbing: the hidden field naming it, the action URL (the current URL, so a 400 answer keeps the
 * dialog open), its last conform reply, and whether it is submitting.
 */
export function useAdminForm(formKey: string) {
  const location = useLocation()
  const navigation = useNavigation()
  const answer = useActionData<ActionAnswer | undefined>()
  const lastResult = answer?.form === formKey ? answer.result : undefined
  const busy = navigation.state === 'submitting' && navigation.formData?.get('_form') === formKey
  const hidden = <input type="hidden" name="_form" value={formKey} />
  return { action: `${location.pathname}${location.search}`, lastResult, busy, hidden }
}

/** The page's URL with one query state replaced (null drops every dialog/confirm state). */
export function useStateHref() {
  const location = useLocation()
  return (params: Record<string, string | number> | null) => {
    const query = params ? new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString() : ''
    return query ? `${location.pathname}?${query}` : location.pathname
  }
}

/** A dialog driven by the URL: rendered open, made modal once scripts run. */
export function Modal({ title, description, closeHref, children, size = 'md' }: { title: string; description?: ReactNode; closeHref: string; children: ReactNode; size?: 'md' | 'lg' }) {
  const ref = useRef<HTMLDialogElement>(null)
  const navigate = useNavigate()
  const titleId = useId()
  useEffect(() => {
    const dialog = ref.current
    if (!dialog || dialog.matches(':modal')) return
    // The server rendered it open (non-modal); reopen it as a modal so focus stays inside.
    dialog.close()
    dialog.showModal()
    // Start in the first field rather than on Close.
    dialog.querySelector<HTMLElement>('[data-modal-body] :is(input:not([type=hidden]), select, textarea)')?.focus()
  }, [])
  const width = size === 'lg' ? 'w-[min(44rem,calc(100%-2rem))]' : 'w-[min(34rem,calc(100%-2rem))]'
  return (
    <dialog
      ref={ref}
      open
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        void navigate(closeHref, { replace: true, preventScrollReset: true })
      }}
      className={`fixed inset-0 z-50 m-auto h-fit max-h-[calc(100dvh-2rem)] ${width} overflow-y-auto rounded-xl border border-zinc-800 bg-zinc-900 p-0 text-zinc-100 shadow-2xl shadow-black backdrop:bg-black/60 [&:not(:modal)]:shadow-[0_0_0_100vmax] [&:not(:modal)]:shadow-black/60`}
    >
      <header className="flex items-start justify-between gap-4 border-b border-zinc-800 px-5 py-4">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description ? <p className="mt-0.5 text-sm text-zinc-400">{description}</p> : null}
        </div>
        <Link
          to={closeHref}
          replace
          preventScrollReset
          className="rounded-md p-1.5 text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100"
          aria-label="Close"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-5" aria-hidden>
            <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
          </svg>
        </Link>
      </header>
      <div className="px-5 py-4" data-modal-body>
        {children}
      </div>
    </dialog>
  )
}

/** Cancel in a dialog's footer: back to the page without the dialog. */
export function CancelLink({ href, label = 'Cancel' }: { href: string; label?: string }) {
  return (
    <Link to={href} replace preventScrollReset className={`${secondaryButton} h-10`}>
      {label}
    </Link>
  )
}

/**
 * A one-button form that needs a confirmation: window.confirm with JavaScript, the page's confirm step
 * (?confirm=<key>) without. `fields` are extra hidden fields (e.g. the id).
 */
export function ConfirmButtonForm({
  formKey,
  intent,
  fields = {},
  confirm,
  label,
  className = dangerButton,
  'aria-label': ariaLabel,
}: {
  formKey: string
  intent: string
  fields?: Record<string, string | number>
  confirm: string
  label: ReactNode
  className?: string
  'aria-label'?: string
}) {
  const { hidden, busy } = useAdminForm(formKey)
  const location = useLocation()
  return (
    <Form method="post" action={location.pathname} onSubmit={confirmBeforeSubmit(confirm)} className="contents">
      {hidden}
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="confirmed" value="" />
      <button type="submit" className={className} disabled={busy} aria-busy={busy || undefined} aria-label={ariaLabel}>
        {label}
      </button>
    </Form>
  )
}

/** The confirm step of a page without JavaScript: the question, Confirm (posts confirmed) and Cancel. */
export function ConfirmStep({ intent, fields = {}, message, confirmLabel = 'Delete' }: { intent: string; fields?: Record<string, string | number>; message: string; confirmLabel?: string }) {
  const location = useLocation()
  return (
    <div role="alertdialog" aria-labelledby="confirm-step-message" className="rounded-xl border border-amber-500/50 bg-amber-950/30 p-4">
      <p id="confirm-step-message" className="text-sm font-medium text-amber-100">
        {message}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post" action={location.pathname}>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" className={dangerButton}>
            {confirmLabel}
          </button>
        </Form>
        <Link to={location.pathname} replace className={secondaryButton}>
          Cancel
        </Link>
      </div>
    </div>
  )
}

/**
 * The 24-hour time field (spec 2 §5): digits only, up to 4, the colon inserted; on blur 3 or 4 digits are
 * reformatted (930 -> 09:30) and anything else clears the field with 'Please enter time in HH:mm format.'
 */
export function TimeField({
  id,
  name,
  label,
  value,
  onChange,
  errors,
  errorId,
}: {
  id: string
  name: string
  label: string
  value: string
  onChange: (value: string) => void
  errors?: string[]
  errorId: string
}) {
  const [blurMessage, setBlurMessage] = useState<string | null>(null)
  const shown = blurMessage ? [blurMessage] : errors
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label className={labelClass} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="HH:mm"
        maxLength={5}
        value={value}
        aria-invalid={shown?.length ? true : undefined}
        aria-describedby={shown?.length ? errorId : undefined}
        onChange={(event) => {
          setBlurMessage(null)
          onChange(maskTimeInput(event.target.value))
        }}
        onBlur={() => {
          if (!value) return
          const digits = value.replace(/\D/g, '')
          const normalized = digits.length >= 3 ? normalizeTime(digits) : null
          if (normalized) onChange(normalized)
          else {
            onChange('')
            setBlurMessage(TIME_FORMAT_BLUR)
          }
        }}
        className={`${inputClass} font-mono tabular-nums`}
      />
      <FieldError id={errorId} errors={shown} />
    </div>
  )
}

/** The browser's IANA time zone ('UTC' when it cannot tell). */
export function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** Date (YYYY-MM-DD) and time (HH:mm) of an instant, on the browser's clock (local) or in UTC (no JavaScript). */
export function wallParts(ms: number, local: boolean): { date: string; time: string } {
  const d = new Date(ms)
  return local
    ? { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` }
    : { date: d.toISOString().slice(0, 10), time: d.toISOString().slice(11, 16) }
}

/** An event's date (a calendar day, stored as midnight UTC), the same on the server and in the browser. */
export function formatDay(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso))
}

/** A date and time: local after hydration, UTC in the server render and without JavaScript. */
export function DateTime({ iso }: { iso: string }) {
  const hydrated = useHydrated()
  const text = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    ...(hydrated ? {} : { timeZone: 'UTC' }),
  }).format(new Date(iso))
  return <time dateTime={iso}>{text}</time>
}

/** A message that the admin's zone is used, or that the page works in UTC without JavaScript. */
export function TimeZoneNote() {
  const hydrated = useHydrated()
  return (
    <p className="text-xs text-zinc-400">
      {hydrated ? `Date and time are in your local time zone (${localTimeZone()}).` : 'Date and time are in UTC (JavaScript is off).'}
    </p>
  )
}

/** The guild's text channels as a select (categories group them). */
export function ChannelSelect({ id, name, channels, defaultValue, invalid, errorId }: { id: string; name: string; channels: GuildChannelItem[]; defaultValue?: string; invalid?: boolean; errorId?: string }) {
  const categories = new Map(channels.filter((c) => c.kind === 'category').map((c) => [c.id, c.name]))
  const postable = channels.filter((c) => c.kind !== 'category')
  return (
    <select
      id={id}
      name={name}
      defaultValue={defaultValue ?? ''}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      className={inputClass}
    >
      <option value="">Select a channel…</option>
      {postable.map((channel) => (
        <option key={channel.id} value={channel.id}>
          #{channel.name}
          {channel.parent_id && categories.has(channel.parent_id) ? ` (${categories.get(channel.parent_id)})` : ''}
        </option>
      ))}
    </select>
  )
}

/** Discord roles as a checkbox list (max-h-96, scrolls). `extra` is a first option such as the default role. */
export function RoleCheckboxes({
  name,
  roles,
  selected,
  onToggle,
  extra,
  legend,
  invalid,
  errorId,
}: {
  name: string
  roles: GuildRoleItem[]
  selected: readonly string[]
  onToggle?: (value: string, checked: boolean) => void
  extra?: { value: string; label: string }
  legend: string
  invalid?: boolean
  errorId?: string
}) {
  const options = [...(extra ? [{ id: extra.value, name: extra.label, color: 0 }] : []), ...roles]
  return (
    <fieldset className="min-w-0" aria-invalid={invalid || undefined} aria-describedby={invalid ? errorId : undefined}>
      <legend className="mb-1.5 text-sm text-zinc-300">{legend}</legend>
      <div className="max-h-48 overflow-y-auto rounded-md border border-zinc-700 bg-zinc-950 p-1">
        {options.length === 0 ? <p className="px-2 py-1.5 text-sm text-zinc-500">No roles found.</p> : null}
        {options.map((role) => (
          <label key={role.id} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-zinc-200 hover:bg-zinc-800/70">
            <input
              type="checkbox"
              name={name}
              value={role.id}
              // Controlled with JavaScript (the default role is exclusive); the server's answer sets it without.
              {...(onToggle ? { checked: selected.includes(role.id), onChange: (e) => onToggle(role.id, e.target.checked) } : { defaultChecked: selected.includes(role.id) })}
              className="size-4 accent-brand-600"
            />
            {role.color ? <span className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: `#${role.color.toString(16).padStart(6, '0')}` }} aria-hidden /> : null}
            <span className="truncate">{role.name}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-zinc-800 px-4 py-8 text-center text-sm text-zinc-400">{children}</p>
}

export function Notice({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'info' }) {
  const look = tone === 'error' ? 'border-red-500/40 bg-red-950/40 text-red-200' : 'border-zinc-700 bg-zinc-900 text-zinc-300'
  return (
    <p role={tone === 'error' ? 'alert' : undefined} className={`rounded-md border px-3 py-2 text-sm ${look}`}>
      {children}
    </p>
  )
}
