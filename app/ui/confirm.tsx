import type { FormEvent, ReactNode } from 'react'
import { Form, Link, useLocation, useSearchParams } from 'react-router'
import { dangerButton, secondaryButton } from './button.ts'
import { HiddenFields } from './field.tsx'
import { hrefWithState } from '#app/hooks/url-state.ts'
import { useFormPost, usePanel } from '#app/hooks/use-form-post.tsx'

// The one confirm of a destructive action (docs/rules/ui.md): with JavaScript the browser's confirm asks and the post
// is sent confirmed; without it the post arrives unconfirmed, the action answers with the page's confirm step
// (?confirm=<key>), and that step posts the same intent confirmed.

/**
 * A second submit of the same form this soon after its question was answered yes is the rest of a double-click: the
 * browser queued the second click while its confirm was open, and the action is already on its way. One action, one
 * question. After a no, the next click asks again: the person may have changed their mind.
 */
const REPEAT_WINDOW_MS = 300
const answeredAt = new WeakMap<HTMLFormElement, number>()

/** onSubmit for a form that needs a confirmation: asks (once per action), then marks the post confirmed. */
export function confirmBeforeSubmit(message: string) {
  return (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget
    const last = answeredAt.get(form)
    if (last !== undefined && performance.now() - last < REPEAT_WINDOW_MS) {
      event.preventDefault()
      return
    }
    const confirmed = window.confirm(message)
    if (!confirmed) {
      answeredAt.delete(form)
      event.preventDefault()
      return
    }
    answeredAt.set(form, performance.now())
    const input = form.elements.namedItem('confirmed')
    if (input instanceof HTMLInputElement) input.value = 'yes'
  }
}

/** A one-button form that needs a confirmation. `fields` are extra hidden fields (e.g. the id). */
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
  const { Form: PostForm, action, hidden, busy } = useFormPost(formKey)
  return (
    <PostForm method="post" action={action} onSubmit={confirmBeforeSubmit(confirm)} className="contents">
      {hidden}
      <input type="hidden" name="intent" value={intent} />
      <HiddenFields fields={fields} />
      <input type="hidden" name="confirmed" value="" />
      <button
        type="submit"
        className={className}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        aria-label={ariaLabel}
      >
        {label}
      </button>
    </PostForm>
  )
}

/**
 * The confirm step of a page without JavaScript: the question, Confirm (posts the intent confirmed) and Cancel
 * (back to the page without the step). With `confirmKey` it renders only while ?confirm=<confirmKey>; never in a
 * panel (scripts run there, so the browser's confirm asked). `detail` names what the question is about.
 */
export function ConfirmStep({
  confirmKey,
  intent,
  fields = {},
  message,
  detail,
  confirmLabel = 'Confirm',
}: {
  confirmKey?: string
  intent: string
  fields?: Record<string, string | number>
  message: string
  detail?: ReactNode
  confirmLabel?: string
}) {
  const location = useLocation()
  const [params] = useSearchParams()
  const panel = usePanel()
  if (panel || (confirmKey !== undefined && params.get('confirm') !== confirmKey)) return null
  const back = hrefWithState(location)
  return (
    <div
      role="alertdialog"
      aria-labelledby="confirm-step-message"
      className="rounded-xl border border-amber-500/50 bg-amber-950/30 p-4"
    >
      <p id="confirm-step-message" className="text-sm font-medium text-amber-100">
        {message}
      </p>
      {detail ? <p className="mt-1 text-sm text-zinc-300">{detail}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post" action={back}>
          <input type="hidden" name="intent" value={intent} />
          <HiddenFields fields={fields} />
          <input type="hidden" name="confirmed" value="yes" />
          <button type="submit" className={dangerButton}>
            {confirmLabel}
          </button>
        </Form>
        <Link to={back} replace className={secondaryButton}>
          Cancel
        </Link>
      </div>
    </div>
  )
}
