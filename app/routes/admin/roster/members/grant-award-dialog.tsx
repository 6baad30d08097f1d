import { AWARD_INTENTS, grantAwardSchema, type AwardItem } from '#contracts/awards.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { useStateHref } from '#app/hooks/url-state.ts'
import { Options } from '#app/ui/choices.tsx'
import { checkboxProps, fieldProps, inputProps, selectProps, textareaProps } from '#app/ui/conform-props.ts'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { Field, inputClass, RequiredMark, textareaClass } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'

// Grant Award (docs/rules/personnel.md, Awards), opened from the member sheet (?dialog=grant-award&member=ID): the
// award, the day, a citation, and whether to announce it in the promotion channel. It returns to the member sheet.

export function GrantAwardDialog({
  member,
  awards,
  today,
}: {
  member: { id: number; name: string }
  awards: AwardItem[]
  /** The default day (YYYY-MM-DD). */
  today: string
}) {
  const sheetHref = useStateHref()({ edit: member.id })
  const formKey = `grant-award-${member.id}`
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm(formKey, grantAwardSchema, {
    id: formKey,
    defaultValue: { award_id: '', date: today, citation: '' },
    validateOn: 'onSubmit',
  })
  return (
    <UrlDialog title={`Grant Award to ${member.name}`} closeHref={sheetHref}>
      {awards.length === 0 ? (
        <p className="text-sm text-zinc-400">No awards yet. Define one on the Awards tab first.</p>
      ) : null}
      <Form {...formProps} className="flex flex-col gap-4" aria-label={`Grant an award to ${member.name}`}>
        {hidden}
        <input type="hidden" name="intent" value={AWARD_INTENTS.grant} />
        <input type="hidden" name="member_id" value={member.id} />
        <Field
          {...fieldProps(
            fields.award_id,
            <>
              Award
              <RequiredMark />
            </>,
          )}
        >
          <select {...selectProps(fields.award_id)} className={inputClass}>
            <option value="">Select an award…</option>
            <Options items={awards.map((a) => ({ value: a.id, label: a.name }))} />
          </select>
        </Field>
        <Field
          {...fieldProps(
            fields.date,
            <>
              Date
              <RequiredMark />
            </>,
          )}
        >
          <input {...inputProps(fields.date, 'date')} className={`${inputClass} w-48 [color-scheme:dark]`} />
        </Field>
        <Field {...fieldProps(fields.citation, 'Citation')} hint="At most 500 characters.">
          <textarea {...textareaProps(fields.citation)} rows={3} className={textareaClass} />
        </Field>
        <label className="flex items-center gap-2 text-sm text-zinc-300">
          <input {...checkboxProps(fields.announce)} className="size-4 accent-brand-600" />
          Announce in the promotion channel
        </label>
        <FormFooter
          closeHref={sheetHref}
          submitLabel="Grant Award"
          busy={busy}
          errors={form.errors}
          errorId={form.errorId}
        />
      </Form>
    </UrlDialog>
  )
}
