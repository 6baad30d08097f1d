import { getFormProps, useForm } from '@conform-to/react'
import { ROSTER_INTENTS } from '#contracts/roster.ts'
import type { QualificationItem } from '#contracts/roster-types.ts'
import { useFormPost } from '#app/hooks/use-form-post.tsx'
import { primaryButton } from '#app/ui/button.ts'
import { fieldProps, inputProps, textareaProps } from '#app/ui/conform-props.ts'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { Field, inputClass, textareaClass } from '#app/ui/field.tsx'
import { FormFooter, RequiredMark } from '#app/ui/form-parts.tsx'

// Add / Edit Qualification (spec 2 §3 Qualification, §5: name required; description and Discord role ID optional).

export function QualificationDialog({ editing, closeHref }: { editing: QualificationItem | null; closeHref: string }) {
  const formKey = editing ? `edit-qualification-${editing.id}` : 'add-qualification'
  const { Form, lastResult, busy, hidden, action } = useFormPost(formKey)
  const [form, fields] = useForm<{ id?: string; name: string; description?: string; discord_role_id?: string }>({
    id: formKey,
    lastResult,
    defaultValue: editing ? { name: editing.name, description: editing.description ?? '', discord_role_id: editing.discord_role_id ?? '' } : undefined,
    shouldValidate: 'onSubmit',
  })
  return (
    <UrlDialog title={editing ? `Edit Qualification: ${editing.name}` : 'Add Qualification'} closeHref={closeHref}>
      <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-4" aria-label={editing ? 'Edit qualification' : 'Add qualification'}>
        {hidden}
        <input type="hidden" name="intent" value={ROSTER_INTENTS.saveQualification} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <Field {...fieldProps(fields.name, <>Name<RequiredMark /></>)}>
          <input {...inputProps(fields.name)} autoComplete="off" className={inputClass} />
        </Field>
        <Field {...fieldProps(fields.description, 'Description')}>
          <textarea {...textareaProps(fields.description)} rows={3} className={textareaClass} />
        </Field>
        <Field {...fieldProps(fields.discord_role_id, 'Discord Role ID')}>
          <input {...inputProps(fields.discord_role_id)} inputMode="numeric" autoComplete="off" placeholder="Optional" className={`${inputClass} font-mono`} />
        </Field>
        <FormFooter cancelHref={closeHref} formErrorId={form.errorId} formErrors={form.errors}>
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            {editing ? 'Save Changes' : 'Add Qualification'}
          </button>
        </FormFooter>
      </Form>
    </UrlDialog>
  )
}
