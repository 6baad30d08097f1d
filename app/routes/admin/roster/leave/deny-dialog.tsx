import { LEAVE_INTENTS, LEAVE_REASON_MAX, leaveDenySchema, type LeaveItem } from '#contracts/leave.ts'
import { LeaveDates } from '#app/components/leave.tsx'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { fieldProps, textareaProps } from '#app/ui/conform-props.ts'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { Field, RequiredMark, textareaClass } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { useLeaveErrors } from './leave-texts.ts'

// Deny a leave request (?dialog=deny&leave=ID): a reason is required; the member reads it on /account and, when a
// leave channel is set, on Discord. In the page's language; the member's reason is their own words.

export function DenyDialog({ leave, closeHref }: { leave: LeaveItem; closeHref: string }) {
  const formKey = `deny-leave-${leave.id}`
  const t = useT('adminLeave')
  const member = useT('account.leave')
  const errors = useLeaveErrors()
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm(formKey, leaveDenySchema, {
    id: formKey,
    validateOn: 'onSubmit',
  })
  return (
    <UrlDialog
      title={t('denyTitle', { name: leave.member_name })}
      description={<LeaveDates leave={leave} days={member('days', { days: leave.days })} />}
      closeHref={closeHref}
      closeLabel={t('close')}
    >
      <Form {...formProps} className="flex flex-col gap-4" aria-label={t('denyForm')}>
        {hidden}
        <input type="hidden" name="intent" value={LEAVE_INTENTS.deny} />
        <input type="hidden" name="id" value={leave.id} />
        <p className="rounded-lg border border-zinc-800 bg-zinc-950/50 px-3 py-2 text-sm text-zinc-300">
          <span className="text-zinc-500">{t('theirReason')}</span>
          {leave.reason}
        </p>
        <Field
          {...fieldProps(
            fields.reason,
            <>
              {t('denyReason')}
              <RequiredMark />
            </>,
          )}
          errors={errors(fields.reason.errors)}
        >
          <textarea {...textareaProps(fields.reason)} maxLength={LEAVE_REASON_MAX} rows={3} className={textareaClass} />
        </Field>
        <FormFooter
          closeHref={closeHref}
          submitLabel={t('denySubmit')}
          cancelLabel={t('cancel')}
          tone="danger"
          busy={busy}
          errors={errors(form.errors)}
          errorId={form.errorId}
        />
      </Form>
    </UrlDialog>
  )
}
