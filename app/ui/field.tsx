import type { ReactNode } from 'react'

// Form fields, messages and sections of every screen (docs/decisions/016-one-admin-kit.md).

export const inputClass =
  'h-10 w-full min-w-0 rounded-md border border-zinc-700 bg-zinc-950 px-3 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-600 aria-[invalid=true]:border-red-500/70 disabled:opacity-60'
export const selectClass =
  'h-10 min-w-0 rounded-md border border-zinc-700 bg-zinc-950 pr-8 pl-3 text-sm text-zinc-100 focus:border-brand-600 aria-[invalid=true]:border-red-500/70'
export const textareaClass =
  'min-h-20 w-full min-w-0 rounded-md border border-zinc-700 bg-zinc-950 px-3 py-2 text-sm text-zinc-100 placeholder:text-zinc-500 focus:border-brand-600 aria-[invalid=true]:border-red-500/70'
export const labelClass = 'flex min-w-0 flex-col gap-1.5 text-sm text-zinc-300'

/** The first of a field's messages, announced (role=alert) and tied to the field by `id` (aria-describedby). */
export function FieldError({ id, errors }: { id?: string; errors?: string[] | null }) {
  const message = errors?.[0]
  if (!message) return null
  return (
    <p id={id} className="text-sm text-red-400" role="alert">
      {message}
    </p>
  )
}

/** The star after a required field's label (the field's own `required` or its error says so to screen readers). */
export function RequiredMark() {
  return (
    <span className="text-red-400" aria-hidden>
      {' '}
      *
    </span>
  )
}

/** A labelled field with its error: `children` is the control, which should use `id` and `errorId`. */
export function Field({
  id,
  label,
  errors,
  errorId,
  hint,
  children,
}: {
  id: string
  label: ReactNode
  errors?: string[] | null
  errorId?: string
  hint?: ReactNode
  children: ReactNode
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label className="text-sm text-zinc-300" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-zinc-500">{hint}</p> : null}
      <FieldError id={errorId ?? `${id}-error`} errors={errors} />
    </div>
  )
}

/** A message box: an error (announced) or a neutral notice. */
export function Notice({ children, tone = 'error' }: { children: ReactNode; tone?: 'error' | 'info' }) {
  const look =
    tone === 'error' ? 'border-red-500/40 bg-red-950/40 text-red-200' : 'border-zinc-700 bg-zinc-900 text-zinc-300'
  return (
    <p role={tone === 'error' ? 'alert' : undefined} className={`rounded-md border px-3 py-2 text-sm ${look}`}>
      {children}
    </p>
  )
}

/** A list that could not be loaded: the message, or nothing. */
export function LoadError({ message }: { message?: string | null }) {
  return message ? <Notice>{message}</Notice> : null
}

/** An empty list: a short text, or a title with a line under it. */
export function EmptyState({ title, text, children }: { title?: string; text?: string; children?: ReactNode }) {
  if (title) {
    return (
      <div className="flex flex-col items-center gap-1 rounded-xl border border-dashed border-zinc-800 bg-zinc-900/30 px-6 py-12 text-center">
        <p className="font-medium text-zinc-300">{title}</p>
        {text ? <p className="text-sm text-zinc-500">{text}</p> : null}
        {children}
      </div>
    )
  }
  return (
    <p className="rounded-xl border border-dashed border-zinc-800 px-4 py-8 text-center text-sm text-zinc-400">
      {children ?? text}
    </p>
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
        <h2 className={`font-semibold ${tone === 'danger' ? 'text-red-300' : ''}`}>{title}</h2>
        {description ? <p className="mt-0.5 text-sm text-zinc-400">{description}</p> : null}
      </div>
      <div className="flex flex-col gap-4 px-4 py-4">{children}</div>
    </section>
  )
}

/** Hidden inputs for a record of extra fields (an id, a confirm marker). */
export function HiddenFields({ fields }: { fields: Record<string, string | number> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  )
}
