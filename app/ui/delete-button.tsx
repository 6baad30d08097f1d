import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { smallDangerButton } from './button.ts'
import { ConfirmButtonForm, ConfirmStep } from './confirm.tsx'

// Deleting a record of an admin list (destructive actions confirm: docs/rules/ui.md). The button posts `intent` with
// the record's id; with JavaScript the app's confirm dialog asks first, without it the action answers with the page's
// confirm step (?confirm=<intent>-<id>, app/forms/actions.ts deleteRecord), which DeleteConfirmStep renders.

/** The confirm step's key of a delete: `<intent>-<id>` (e.g. delete-event-3); also the button's form key. */
export function confirmKeyOf(intent: string, id: number): string {
  return `${intent}-${id}`
}

export function DeleteButton({
  intent,
  id,
  confirm,
  name,
  label = 'Delete',
  className = smallDangerButton,
}: {
  intent: string
  id: number
  confirm: string
  /** The record's name, for the button's accessible name ('Delete {name}'). */
  name?: string
  /** The button's content: a text, or an icon (the accessible name comes from `name`). */
  label?: ReactNode
  className?: string
}) {
  return (
    <ConfirmButtonForm
      formKey={confirmKeyOf(intent, id)}
      intent={intent}
      fields={{ id }}
      confirm={confirm}
      label={label}
      className={className}
      aria-label={name ? `Delete ${name}` : undefined}
    />
  )
}

/** The confirm step of the record whose delete awaits confirmation (no JavaScript), if it is in `items`. */
export function DeleteConfirmStep<T extends { id: number }>({
  intent,
  items,
  message,
  confirmLabel,
  cancelLabel,
}: {
  intent: string
  items: readonly T[]
  message: (item: T) => string
  confirmLabel: string
  /** The step's Cancel, for a page in another language than English. */
  cancelLabel?: string
}) {
  const [searchParams] = useSearchParams()
  const item = items.find((i) => searchParams.get('confirm') === confirmKeyOf(intent, i.id))
  return item ? (
    <ConfirmStep
      intent={intent}
      fields={{ id: item.id }}
      message={message(item)}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
    />
  ) : null
}
