import { useEffect, useRef, type ReactNode } from 'react'
import { Form, Link, NavLink, useActionData, useLocation, useNavigate, useNavigation } from 'react-router'
import { confirmBeforeSubmit, useHydrated } from '#app/components/admin-settings/surface.tsx'
import { dangerButton, secondaryButton } from '#app/components/admin-settings/ui.tsx'
import { DIALOG_PARAMS } from './schemas.ts'
import { ROSTER_TABS, type RosterActionAnswer } from './types.ts'

// Building blocks of the roster admin tabs (spec 2 §2 "Roster admin"). Dialog state lives in the URL (?dialog=...,
// ?edit=ID, ?confirm=...), so every dialog is a link that works without JavaScript: there it renders as a panel on
// the page; with JavaScript the same content opens in a modal <dialog> (focus trapped, Escape closes).

export { dangerButton, FieldError, inputClass, LoadError, primaryButton, secondaryButton, Section } from '#app/components/admin-settings/ui.tsx'

export const labelClass = 'flex min-w-0 flex-col gap-1.5 text-sm text-zinc-300'
export const textareaClass =
  'min-h-20 w-full min-w-0 rounded-md border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-500 aria-[invalid=true]:border-red-500/70'

/** The five tabs as links; the active one comes from the last path segment. */
export function RosterTabBar() {
  const base = 'shrink-0 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition'
  return (
    <nav aria-label="Roster admin" className="flex flex-wrap gap-1 rounded-lg border border-zinc-800 bg-zinc-950/60 p-1">
      {ROSTER_TABS.map((tab) => (
        <NavLink
          key={tab.id}
          to={`/admin/roster/${tab.id}`}
          className={({ isActive }) => `${base} ${isActive ? 'bg-zinc-800 text-white' : 'text-zinc-400 hover:bg-zinc-800/60 hover:text-zinc-100'}`}
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  )
}

/** The current URL with one piece of dialog state set (or all cleared with `null`), keeping the list's query. */
export function useDialogHref() {
  const location = useLocation()
  return (state: Record<string, string> | null) => {
    const params = new URLSearchParams(location.search)
    for (const name of DIALOG_PARAMS) params.delete(name)
    for (const [name, value] of Object.entries(state ?? {})) params.set(name, value)
    const query = params.toString()
    return query ? `${location.pathname}?${query}` : location.pathname
  }
}

/** The URL a dialog's form posts to: the current one, so a 400 answer keeps the dialog and the list's query. */
export function useFormAction() {
  const location = useLocation()
  return `${location.pathname}${location.search}`
}

/** One form's plumbing: its last conform reply (from the action's 400 answer) and whether it is submitting. */
export function useRosterForm(formKey: string) {
  const actionData = useActionData<RosterActionAnswer>()
  const navigation = useNavigation()
  const lastResult = actionData?.form === formKey ? actionData.result : undefined
  const busy = navigation.state === 'submitting' && navigation.formData?.get('_form') === formKey
  const hidden = <input type="hidden" name="_form" value={formKey} />
  return { lastResult, busy, hidden, action: useFormAction() }
}

/**
 * A dialog whose open state is the URL: a modal <dialog> with JavaScript, a panel on the page without. Closing
 * (Escape, the backdrop, Close, Cancel) goes to `closeHref`.
 */
export function UrlDialog({
  title,
  description,
  closeHref,
  size = 'md',
  children,
}: {
  title: string
  description?: ReactNode
  closeHref: string
  size?: 'md' | 'lg'
  children: ReactNode
}) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [hydrated])
  const close = () => void navigate(closeHref, { replace: true, preventScrollReset: true })
  const titleId = 'roster-dialog-title'

  const header = (
    <header className="flex items-start justify-between gap-4 border-b border-zinc-800 px-5 py-4">
      <div>
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
  )

  if (!hydrated) {
    // Without JavaScript: a panel at the top of the tab.
    return (
      <section role="dialog" aria-labelledby={titleId} className="rounded-xl border border-brand-600/50 bg-zinc-900 shadow-lg shadow-black/30">
        {header}
        <div className="px-5 py-4">{children}</div>
      </section>
    )
  }
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`roster-dialog m-auto max-h-[90vh] w-[calc(100%-2rem)] ${size === 'lg' ? 'max-w-3xl' : 'max-w-lg'} overflow-hidden rounded-xl border border-zinc-700 bg-zinc-900 p-0 text-zinc-100 shadow-2xl shadow-black backdrop:bg-black/60`}
      onCancel={(event) => {
        event.preventDefault()
        close()
      }}
      onClick={(event) => {
        // A click on the dialog element itself (outside its content) is a click on the backdrop.
        if (event.target === event.currentTarget) close()
      }}
    >
      <div className="flex max-h-[90vh] flex-col">
        {header}
        <div className="overflow-y-auto px-5 py-4">{children}</div>
      </div>
    </dialog>
  )
}

/**
 * A one-button form that needs a confirmation: window.confirm with JavaScript; without it the post arrives
 * unconfirmed and the page asks on its confirm step.
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
  const { hidden, busy, action } = useRosterForm(formKey)
  return (
    <Form method="post" action={action} onSubmit={confirmBeforeSubmit(confirm)} className="contents">
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

/** The confirm step of a page without JavaScript (?confirm=<key>): the question, Confirm and Cancel. */
export function ConfirmStep({
  intent,
  fields = {},
  message,
  confirmLabel = 'Confirm',
}: {
  intent: string
  fields?: Record<string, string | number>
  message: string
  confirmLabel?: string
}) {
  const hrefWith = useDialogHref()
  const action = hrefWith(null)
  return (
    <div role="alertdialog" aria-labelledby="confirm-step-message" className="rounded-xl border border-amber-500/50 bg-amber-950/30 p-4">
      <p id="confirm-step-message" className="text-sm font-medium text-amber-100">
        {message}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post" action={action}>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" className={dangerButton}>
            {confirmLabel}
          </button>
        </Form>
        <Link to={action} replace className={secondaryButton}>
          Cancel
        </Link>
      </div>
    </div>
  )
}

/** A checkbox list (qualifications, events, trainings, BMTs) in a scrolling box. */
export function CheckboxList({
  legend,
  name,
  items,
  checked,
  empty,
  errors,
  errorId,
}: {
  legend: string
  name: string
  items: Array<{ id: number; name: string; detail?: string }>
  checked: ReadonlySet<number>
  empty: string
  errors?: string[]
  errorId?: string
}) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-1.5" aria-describedby={errors?.length ? errorId : undefined}>
      <legend className="mb-1.5 text-sm text-zinc-300">{legend}</legend>
      {items.length === 0 ? (
        <p className="text-sm text-zinc-500">{empty}</p>
      ) : (
        <div className="max-h-56 overflow-y-auto rounded-md border border-zinc-800 bg-zinc-950/60 p-2">
          <ul className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
            {items.map((item) => (
              <li key={item.id}>
                <label className="flex items-start gap-2 rounded px-1.5 py-1 text-sm text-zinc-200 hover:bg-zinc-800/60">
                  <input
                    type="checkbox"
                    name={name}
                    value={item.id}
                    defaultChecked={checked.has(item.id)}
                    className="mt-0.5 size-4 shrink-0 accent-brand-600"
                  />
                  <span className="min-w-0">
                    <span className="block truncate">{item.name}</span>
                    {item.detail ? <span className="block truncate text-xs text-zinc-500">{item.detail}</span> : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
      {errors?.[0] ? (
        <p id={errorId} className="text-sm text-red-400" role="alert">
          {errors[0]}
        </p>
      ) : null}
    </fieldset>
  )
}
