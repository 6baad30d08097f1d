import { useId, useSyncExternalStore, type FormEvent, type ReactNode } from 'react'
import { Form, Link, useLocation, useSearchParams } from 'react-router'
import { dangerButton, secondaryButton } from './button.ts'
import { useModalDialog } from './dialog.tsx'
import { HiddenFields } from './field.tsx'
import { hrefWithState } from '#app/hooks/url-state.ts'
import { useFormPost, usePanel } from '#app/hooks/use-form-post.tsx'

// The one confirm of a destructive action (docs/rules/ui.md), one look everywhere: with JavaScript the app's own
// confirm dialog asks (ConfirmHost, once in the root) and the post is sent confirmed; without it the post arrives
// unconfirmed, the action answers with the page's confirm step (?confirm=<key>), and that step posts the same intent
// confirmed. Questions that are not posts (the ORBAT editor's deletes, leaving it unsaved) ask through askToConfirm.

interface Question {
  message: string
  confirmLabel: string
  /** The page's word for Cancel, when the page is in another language than English. */
  cancelLabel?: string
  resolve: (yes: boolean) => void
}

/**
 * The question open now (one at a time). ConfirmHost renders it; the host is in the root layout, on every page, and a
 * question asked before its first render (a tap during hydration) is shown as soon as it renders.
 */
let open: Question | null = null
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
function setOpen(next: Question | null) {
  open = next
  for (const listener of listeners) listener()
}

/**
 * Asks in the app's confirm dialog: true on Confirm, false on Cancel or Escape. While a question is
 * open another one is answered no (a double-click asks once).
 */
export function askToConfirm(message: string, confirmLabel = 'Confirm', cancelLabel?: string): Promise<boolean> {
  if (open) return Promise.resolve(false)
  return new Promise((resolve) => setOpen({ message, confirmLabel, cancelLabel, resolve }))
}

function answer(yes: boolean) {
  const question = open
  if (!question) return
  setOpen(null)
  question.resolve(yes)
}

/** The confirm dialog: rendered once, in the root layout; shows the question askToConfirm asked. */
export function ConfirmHost() {
  const question = useSyncExternalStore(
    subscribe,
    () => open,
    () => null,
  )
  const modal = useModalDialog(question !== null, () => answer(false))
  // A click beside the question does not answer it: the second click of a double-click lands there.
  const onClick = () => {}
  const messageId = useId()
  return (
    <dialog
      {...modal}
      onClick={onClick}
      role="alertdialog"
      aria-labelledby={messageId}
      data-testid="confirm-dialog"
      className="m-auto w-[min(92vw,28rem)] rounded-xl border border-zinc-700 bg-zinc-900 p-0 text-zinc-100 shadow-2xl shadow-black backdrop:bg-black/60"
    >
      {question ? (
        <div className="flex flex-col gap-4 p-5">
          <p id={messageId} className="text-sm whitespace-pre-line text-zinc-100">
            {question.message}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            {/* Cancel has the focus: Enter on a destructive question changes nothing. */}
            <button type="button" className={secondaryButton} onClick={() => answer(false)} autoFocus>
              {question.cancelLabel ?? 'Cancel'}
            </button>
            <button type="button" className={dangerButton} onClick={() => answer(true)}>
              {question.confirmLabel}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  )
}

/** Forms whose question is open, and forms sent again after a yes (their next submit goes through). */
const asking = new WeakSet<HTMLFormElement>()
const confirmedForms = new WeakSet<HTMLFormElement>()

/** The confirm dialog's buttons in the page's language (English when not given). */
export interface DialogLabels {
  confirm?: string
  cancel?: string
}

/** onSubmit for a form that needs a confirmation: asks (once per action), then sends the post marked confirmed. */
export function confirmBeforeSubmit(message: string, labels: DialogLabels = {}) {
  return (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget
    if (confirmedForms.has(form)) {
      confirmedForms.delete(form)
      return
    }
    event.preventDefault()
    if (asking.has(form)) return
    asking.add(form)
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    void askToConfirm(message, labels.confirm, labels.cancel).then((yes) => {
      asking.delete(form)
      if (!yes || !form.isConnected) return
      const input = form.elements.namedItem('confirmed')
      if (input instanceof HTMLInputElement) input.value = 'yes'
      confirmedForms.add(form)
      form.requestSubmit(submitter instanceof HTMLButtonElement && submitter.form === form ? submitter : undefined)
    })
  }
}

/** A one-button form that needs a confirmation. `fields` are extra hidden fields (e.g. the id). */
export function ConfirmButtonForm({
  formKey,
  intent,
  fields = {},
  confirm,
  dialog,
  label,
  className = dangerButton,
  disabled,
  'aria-label': ariaLabel,
}: {
  formKey: string
  intent: string
  fields?: Record<string, string | number>
  confirm: string
  /** The dialog's buttons, for a page in another language than English. */
  dialog?: DialogLabels
  label: ReactNode
  className?: string
  disabled?: boolean
  'aria-label'?: string
}) {
  const { Form: PostForm, action, hidden, busy } = useFormPost(formKey)
  return (
    <PostForm method="post" action={action} onSubmit={confirmBeforeSubmit(confirm, dialog)} className="contents">
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
  cancelLabel = 'Cancel',
}: {
  confirmKey?: string
  intent: string
  fields?: Record<string, string | number>
  message: string
  detail?: ReactNode
  confirmLabel?: string
  cancelLabel?: string
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
          {cancelLabel}
        </Link>
      </div>
    </div>
  )
}
