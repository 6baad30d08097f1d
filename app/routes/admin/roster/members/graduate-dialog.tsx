import { graduateSchema, ROSTER_INTENTS } from '#contracts/roster.ts'
import type { PickItem } from '#contracts/roster-types.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { CheckboxList } from '#app/ui/choices.tsx'
import { checkboxListProps, fieldProps, inputProps } from '#app/ui/conform-props.ts'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { Field, inputClass } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'

// Graduate BMTs (docs/rules/roster.md, BMT graduation): the ticked BMT members become JNCO, with the completion date
// (today by default).

export function GraduateDialog({
  members,
  today,
  closeHref,
}: {
  members: PickItem[]
  today: string
  closeHref: string
}) {
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm('graduate-bmts', graduateSchema, {
    id: 'graduate-bmts',
    defaultValue: { completionDate: today },
    validateOn: 'onSubmit',
  })
  return (
    <UrlDialog title="Graduate BMTs" description="The selected BMT members are promoted to JNCO." closeHref={closeHref}>
      <Form {...formProps} className="flex flex-col gap-4" aria-label="Graduate BMTs">
        {hidden}
        <input type="hidden" name="intent" value={ROSTER_INTENTS.graduate} />
        <CheckboxList
          legend="BMT Members"
          items={members}
          empty="There are no BMT members."
          {...checkboxListProps(fields.memberIds)}
        />
        <Field {...fieldProps(fields.completionDate, 'Completion Date')}>
          <input
            {...inputProps(fields.completionDate, 'date')}
            className={`${inputClass} [color-scheme:dark] sm:w-48`}
          />
        </Field>
        <FormFooter
          closeHref={closeHref}
          submitLabel="Graduate Selected"
          busy={busy}
          errors={form.errors}
          errorId={form.errorId}
        />
      </Form>
    </UrlDialog>
  )
}
