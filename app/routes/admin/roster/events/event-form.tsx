import { getFormProps } from '@conform-to/react'
import { eventSchema, type EventItem } from '#contracts/events.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { fieldProps, inputProps } from '#app/ui/conform-props.ts'
import { Field, HiddenFields, inputClass } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'

// Add Event / Edit Event (spec 2 §2 Events tab, §5 Event: name and date required, ORBAT image URL optional).

export const SAVE_EVENT = 'save-event'

export function EventFormDialog({ editing, closeHref }: { editing: EventItem | null; closeHref: string }) {
  const { Form, action, busy, hidden, form, fields } = useSchemaForm('event', eventSchema, {
    id: editing ? `event-${editing.id}` : 'event-add',
    defaultValue: editing ? { name: editing.name, date: editing.date.slice(0, 10), orbat_image_url: editing.orbat_image_url ?? '' } : undefined,
  })
  return (
    <UrlDialog title={editing ? 'Edit Event' : 'Add Event'} closeHref={closeHref}>
      <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-4" aria-label={editing ? 'Edit event' : 'Add event'}>
        {hidden}
        <HiddenFields fields={editing ? { intent: SAVE_EVENT, id: editing.id } : { intent: SAVE_EVENT }} />
        <Field {...fieldProps(fields.name, 'Event Name')}>
          <input {...inputProps(fields.name)} placeholder="e.g. Operation Nightfall" className={inputClass} />
        </Field>
        <Field {...fieldProps(fields.date, 'Date')}>
          <input {...inputProps(fields.date, 'date')} className={`${inputClass} [color-scheme:dark]`} />
        </Field>
        <Field {...fieldProps(fields.orbat_image_url, 'ORBAT Image URL (optional)')}>
          <input {...inputProps(fields.orbat_image_url, 'url')} placeholder="https://…" className={inputClass} />
        </Field>
        <FormFooter closeHref={closeHref} submitLabel={editing ? 'Save Changes' : 'Add Event'} busy={busy} errors={form.errors} errorId={form.errorId} />
      </Form>
    </UrlDialog>
  )
}
