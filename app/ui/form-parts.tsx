import type { ReactNode } from 'react'
import { CancelLink } from './dialog.tsx'
import { FieldError } from './field.tsx'

// Small pieces of the admin dialogs' forms.

/** The star after a required field's label (the field's own `required` or its error says so to screen readers). */
export function RequiredMark() {
  return (
    <span className="text-red-400" aria-hidden>
      {' '}
      *
    </span>
  )
}

/** The end of a dialog's form: the form's own error, then Cancel (back to `cancelHref`) and the submit button(s). */
export function FormFooter({ cancelHref, formErrorId, formErrors, children }: { cancelHref: string; formErrorId?: string; formErrors?: string[]; children: ReactNode }) {
  return (
    <>
      <FieldError id={formErrorId} errors={formErrors} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-zinc-800 pt-4">
        <CancelLink href={cancelHref} />
        {children}
      </div>
    </>
  )
}
