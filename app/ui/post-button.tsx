import type { ReactNode } from 'react'
import { secondaryButton } from './button.ts'
import { HiddenFields } from './field.tsx'
import { useFormPost } from '#app/hooks/use-form-post.tsx'

/**
 * A one-button form that posts `intent` (and `fields`, e.g. the row's id) to the page's action: a row's Approve,
 * Revoke or Start Evaluation. Works without JavaScript (post-redirect-get with a flash toast). A destructive action
 * uses ConfirmButtonForm instead.
 */
export function PostButton({
  formKey,
  intent,
  fields = {},
  label,
  className = secondaryButton,
  disabled = false,
  title,
  'aria-label': ariaLabel,
}: {
  formKey: string
  intent: string
  fields?: Record<string, string | number>
  label: ReactNode
  className?: string
  /** Off (e.g. while what it acts on is paused); `title` can say why. */
  disabled?: boolean
  title?: string
  'aria-label'?: string
}) {
  const { Form, action, hidden, busy } = useFormPost(formKey)
  return (
    <Form method="post" action={action} className="contents">
      {hidden}
      <input type="hidden" name="intent" value={intent} />
      <HiddenFields fields={fields} />
      <button
        type="submit"
        className={className}
        disabled={busy || disabled}
        aria-busy={busy || undefined}
        aria-label={ariaLabel}
        title={title}
      >
        {label}
      </button>
    </Form>
  )
}
