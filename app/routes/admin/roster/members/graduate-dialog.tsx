import { getFormProps, useForm } from '@conform-to/react'
import { ROSTER_INTENTS } from '#contracts/roster.ts'
import type { PickItem } from '#contracts/roster-types.ts'
import { useFormPost } from '#app/hooks/use-form-post.tsx'
import { primaryButton } from '#app/ui/button.ts'
import { CheckboxList } from '#app/ui/choices.tsx'
import { checkboxListProps, fieldProps, inputProps } from '#app/ui/conform-props.ts'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { Field, inputClass } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-parts.tsx'

// Graduate BMTs (spec 2 §4): the ticked BMT members become JNCO, with the completion date (today by default).

export function GraduateDialog({ members, today, closeHref }: { members: PickItem[]; today: string; closeHref: string }) {
  const { Form, lastResult, busy, hidden, action } = useFormPost('graduate-bmts')
  const [form, fields] = useForm<{ memberIds: string[]; completionDate: string }>({
    id: 'graduate-bmts',
    lastResult,
    defaultValue: { completionDate: today },
    shouldValidate: 'onSubmit',
  })
  return (
    <UrlDialog title="Graduate BMTs" description="The selected BMT members are promoted to JNCO." closeHref={closeHref}>
      <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-4" aria-label="Graduate BMTs">
        {hidden}
        <input type="hidden" name="intent" value={ROSTER_INTENTS.graduate} />
        <CheckboxList legend="BMT Members" items={members} empty="There are no BMT members." {...checkboxListProps(fields.memberIds)} />
        <Field {...fieldProps(fields.completionDate, 'Completion Date')}>
          <input {...inputProps(fields.completionDate, 'date')} className={`${inputClass} [color-scheme:dark] sm:w-48`} />
        </Field>
        <FormFooter cancelHref={closeHref} formErrorId={form.errorId} formErrors={form.errors}>
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            Graduate Selected
          </button>
        </FormFooter>
      </Form>
    </UrlDialog>
  )
}
