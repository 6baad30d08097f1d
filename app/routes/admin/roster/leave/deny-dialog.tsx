import { LEAVE_INTENTS, LEAVE_REASON_MAX, leaveDenySchema, type LeaveItem } from '#contracts/leave.ts'
import { LeaveDates } from '#app/components/leave.tsx'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { fieldProps, textareaProps } from '#app/ui/conform-props.ts'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { Field, RequiredMark, textareaClass } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'

// Deny a leave request (?dialog=deny&leave=ID): a reason is required; the member reads it on /account and, when a
// leave channel is set, on Discord.

export function DenyDialog({ leave, closeHref }: { leave: LeaveItem; closeHref: string }) {
  const formKey = `deny-leave-${leave.id}`
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm(formKey, leaveDenySchema, {
    id: formKey,
    validateOn: 'onSubmit',
  })
  return (
    <UrlDialog
      title={`Deny leave: ${leave.member_name}`}
      description={<LeaveDates leave={leave} />}
      closeHref={closeHref}
    >
      <Form {...formProps} className="flex flex-col gap-4" aria-label="Deny leave">
        {hidden}
        <input type="hidden" name="intent" value={LEAVE_INTENTS.deny} />
        <input type="hidden" name="id" value={leave.id} />
        <p className="rounded-lg border border-zinc-800 bg-zinc-950/50 px-3 py-2 text-sm text-zinc-300">
          <span className="text-zinc-500">Their reason: </span>
          {leave.reason}
        </p>
        <Field
          {...fieldProps(
            fields.reason,
            <>
              Reason for the denial
              <RequiredMark />
            </>,
          )}
        >
          <textarea {...textareaProps(fields.reason)} maxLength={LEAVE_REASON_MAX} rows={3} className={textareaClass} />
        </Field>
        <FormFooter
          closeHref={closeHref}
          submitLabel="Deny Leave"
          tone="danger"
          busy={busy}
          errors={form.errors}
          errorId={form.errorId}
        />
      </Form>
    </UrlDialog>
  )
}
