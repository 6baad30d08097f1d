import type { ReactNode } from 'react'
import { Form, Link, NavLink } from 'react-router'
import { confirmBeforeSubmit, useSettingsSubmit, useSurface } from './surface.tsx'
import { SETTINGS_TABS, tabPath, type SettingsTab } from './types.ts'

// Small building blocks of the Admin Settings tabs, in the look of the admin hub and the waitlist sheet.

export const inputClass =
  'h-10 w-full min-w-0 rounded-md border border-zinc-700 bg-zinc-950 px-3 text-sm text-zinc-100 placeholder:text-zinc-500 aria-[invalid=true]:border-red-500/70 disabled:opacity-60'
export const primaryButton =
  'inline-flex h-10 shrink-0 items-center justify-center rounded-md bg-brand-600 px-4 text-sm font-semibold text-zinc-950 transition hover:bg-brand-500 disabled:cursor-not-allowed disabled:opacity-50'
export const secondaryButton =
  'inline-flex h-9 shrink-0 items-center justify-center rounded-md border border-zinc-700 px-3 text-sm text-zinc-200 transition hover:border-zinc-500 hover:text-white disabled:cursor-not-allowed disabled:opacity-50'
export const dangerButton =
  'inline-flex h-9 shrink-0 items-center justify-center rounded-md border border-red-500/50 px-3 text-sm text-red-300 transition hover:bg-red-950/60 hover:text-red-200 disabled:cursor-not-allowed disabled:opacity-50'

/** The four tabs: links on the page, buttons in the panel. */
export function TabBar({ active, onSelect }: { active: SettingsTab; onSelect?: (tab: SettingsTab) => void }) {
  const base = 'shrink-0 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition'
  const on = 'bg-zinc-800 text-white'
  const off = 'text-zinc-400 hover:bg-zinc-800/60 hover:text-zinc-100'
  if (onSelect) {
    return (
      <div role="tablist" aria-label="Admin Settings" className="flex flex-wrap gap-1 rounded-lg border border-zinc-800 bg-zinc-950/60 p-1">
        {SETTINGS_TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            aria-selected={tab.id === active}
            onClick={() => onSelect(tab.id)}
            className={`${base} ${tab.id === active ? on : off}`}
          >
            {tab.label}
          </button>
        ))}
      </div>
    )
  }
  return (
    <nav aria-label="Admin Settings" className="flex flex-wrap gap-1 rounded-lg border border-zinc-800 bg-zinc-950/60 p-1">
      {SETTINGS_TABS.map((tab) => (
        <NavLink key={tab.id} to={tabPath(tab.id)} className={({ isActive }) => `${base} ${isActive ? on : off}`}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  )
}

export function Section({
  title,
  description,
  tone = 'default',
  children,
}: {
  title: string
  description?: ReactNode
  tone?: 'default' | 'danger'
  children: ReactNode
}) {
  const border = tone === 'danger' ? 'border-red-500/40 bg-red-950/10' : 'border-zinc-800 bg-zinc-900/60'
  return (
    <section className={`rounded-xl border ${border}`} aria-label={title}>
      <div className="border-b border-inherit px-4 py-3">
        <h3 className={`font-semibold ${tone === 'danger' ? 'text-red-300' : ''}`}>{title}</h3>
        {description ? <p className="mt-0.5 text-sm text-zinc-400">{description}</p> : null}
      </div>
      <div className="flex flex-col gap-4 px-4 py-4">{children}</div>
    </section>
  )
}

export function FieldError({ id, errors }: { id?: string; errors?: string[] | null }) {
  const message = errors?.[0]
  if (!message) return null
  return (
    <p id={id} className="text-sm text-red-400" role="alert">
      {message}
    </p>
  )
}

export function LoadError({ message }: { message?: string }) {
  if (!message) return null
  return (
    <p role="alert" className="rounded-md border border-red-500/40 bg-red-950/40 px-3 py-2 text-sm text-red-200">
      {message}
    </p>
  )
}

/**
 * A one-button form that needs a confirmation: window.confirm with JavaScript, the page's confirm step without.
 * `fields` are extra hidden fields (e.g. the id).
 */
export function ConfirmButtonForm({
  formKey,
  intent,
  fields = {},
  confirm,
  label,
  className = dangerButton,
  disabled,
  'aria-label': ariaLabel,
}: {
  formKey: string
  intent: string
  fields?: Record<string, string | number>
  confirm: string
  label: ReactNode
  className?: string
  disabled?: boolean
  'aria-label'?: string
}) {
  const { Form: SettingsForm, action, hidden, busy } = useSettingsSubmit(formKey)
  return (
    <SettingsForm method="post" action={action} onSubmit={confirmBeforeSubmit(confirm)} className="contents">
      {hidden}
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="confirmed" value="" />
      <button type="submit" className={className} disabled={disabled || busy} aria-busy={busy || undefined} aria-label={ariaLabel}>
        {label}
      </button>
    </SettingsForm>
  )
}

/**
 * The confirm step of a page without JavaScript (?confirm=<key>): the question, Confirm (posts the same intent,
 * confirmed) and Cancel (back to the tab). Rendered only for the pending key.
 */
export function ConfirmStep({
  confirmKey,
  intent,
  fields = {},
  message,
  confirmLabel = 'Confirm',
}: {
  confirmKey: string
  intent: string
  fields?: Record<string, string | number>
  message: string
  confirmLabel?: string
}) {
  const surface = useSurface()
  if (surface.kind !== 'page' || surface.state.confirm !== confirmKey) return null
  return (
    <div role="alertdialog" aria-labelledby="confirm-step-message" className="rounded-xl border border-amber-500/50 bg-amber-950/30 p-4">
      <p id="confirm-step-message" className="text-sm font-medium text-amber-100">
        {message}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post" action={tabPath(surface.tab)}>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" className={dangerButton}>
            {confirmLabel}
          </button>
        </Form>
        <Link to={surface.hrefWith('confirm', null)} replace className={secondaryButton}>
          Cancel
        </Link>
      </div>
    </div>
  )
}
