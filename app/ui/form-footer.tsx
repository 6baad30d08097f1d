import { buttonClass } from './button.ts'
import { CancelLink } from './dialog.tsx'
import { FieldError } from './field.tsx'

/**
 * The foot of a dialog's form: the form-level error (conform's form.errors, or a service's refusal), Cancel back to
 * the page, and the submit button (disabled while its post runs; `tone="danger"` for a destructive one).
 */
export function FormFooter({
  closeHref,
  submitLabel,
  busy,
  errors,
  errorId,
  tone = 'primary',
  cancelLabel,
}: {
  closeHref: string
  submitLabel: string
  busy: boolean
  errors?: string[]
  errorId?: string
  tone?: 'primary' | 'danger'
  /** Cancel, for a page in another language than English. */
  cancelLabel?: string
}) {
  return (
    <>
      <FieldError id={errorId} errors={errors} />
      <div className="flex flex-wrap justify-end gap-2">
        <CancelLink href={closeHref} label={cancelLabel} />
        <button type="submit" className={buttonClass(tone, 'md')} disabled={busy} aria-busy={busy || undefined}>
          {submitLabel}
        </button>
      </div>
    </>
  )
}
