import { banFormSchema, ROSTER_INTENTS } from '#contracts/roster.ts'
import type { PickItem } from '#contracts/roster-types.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { Options } from '#app/ui/choices.tsx'
import { fieldProps, selectProps, textareaProps } from '#app/ui/conform-props.ts'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { Field, inputClass, textareaClass } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'

// Ban a Member (docs/rules/roster.md, bans): a member from the active list (a row's Ban picks it: ?member=ID) and a
// reason. The member leaves their ORBAT slot and the waitlist.

export function BanDialog({
  members,
  preselect,
  closeHref,
}: {
  members: PickItem[]
  preselect: string
  closeHref: string
}) {
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm('ban-member', banFormSchema, {
    id: 'ban-member',
    defaultValue: { member_id: members.some((m) => String(m.id) === preselect) ? preselect : '' },
    validateOn: 'onSubmit',
  })
  const choices = members.map((m) => ({ value: m.id, label: m.detail ? `${m.name} (${m.detail})` : m.name }))
  return (
    <UrlDialog
      title="Ban a Member"
      description="The member leaves their ORBAT slot and the waitlist."
      closeHref={closeHref}
    >
      <Form {...formProps} className="flex flex-col gap-4" aria-label="Ban a member">
        {hidden}
        <input type="hidden" name="intent" value={ROSTER_INTENTS.banMember} />
        <Field {...fieldProps(fields.member_id, 'Member')}>
          <select {...selectProps(fields.member_id)} className={inputClass}>
            <option value="">Select a member…</option>
            <Options items={choices} />
          </select>
        </Field>
        <Field {...fieldProps(fields.reason, 'Reason for Ban')}>
          <textarea {...textareaProps(fields.reason)} rows={3} className={textareaClass} />
        </Field>
        <FormFooter
          closeHref={closeHref}
          submitLabel="Ban Member"
          tone="danger"
          busy={busy}
          errors={form.errors}
          errorId={form.errorId}
        />
      </Form>
    </UrlDialog>
  )
}
