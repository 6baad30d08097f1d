import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'
import { eventFormSchema, INTENTS } from './schemas.ts'
import type { EventItem } from './types.ts'
import { CancelLink, FieldError, inputClass, labelClass, Modal, primaryButton, useAdminForm } from './ui.tsx'

// Add Event / Edit Event (spec 2 §2 Events tab, §5 Event: name and date required, ORBAT image URL optional).

export function EventFormDialog({ editing, closeHref }: { editing: EventItem | null; closeHref: string }) {
  const { action, busy, hidden, lastResult } = useAdminForm('event')
  const [form, fields] = useForm({
    id: editing ? `event-${editing.id}` : 'event-add',
    lastResult,
    defaultValue: editing ? { name: editing.name, date: editing.date.slice(0, 10), orbat_image_url: editing.orbat_image_url ?? '' } : undefined,
    constraint: getZodConstraint(eventFormSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: eventFormSchema }),
  })
  const { key: _n, ...nameProps } = getInputProps(fields.name, { type: 'text' })
  const { key: _d, ...dateProps } = getInputProps(fields.date, { type: 'date' })
  const { key: _u, ...urlProps } = getInputProps(fields.orbat_image_url, { type: 'url' })

  return (
    <Modal title={editing ? 'Edit Event' : 'Add Event'} closeHref={closeHref}>
      <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-4" aria-label={editing ? 'Edit event' : 'Add event'}>
        {hidden}
        <input type="hidden" name="intent" value={INTENTS.saveEvent} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <div className="flex min-w-0 flex-col gap-1.5">
          <label className={labelClass}>
            Event Name
            <input {...nameProps} className={inputClass} placeholder="e.g. Operation Nightfall" />
          </label>
          <FieldError id={fields.name.errorId} errors={fields.name.errors} />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label className={labelClass}>
            Date
            <input {...dateProps} className={`${inputClass} [color-scheme:dark]`} />
          </label>
          <FieldError id={fields.date.errorId} errors={fields.date.errors} />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label className={labelClass}>
            ORBAT Image URL (optional)
            <input {...urlProps} className={inputClass} placeholder="https://…" />
          </label>
          <FieldError id={fields.orbat_image_url.errorId} errors={fields.orbat_image_url.errors} />
        </div>
        <FieldError id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap justify-end gap-2">
          <CancelLink href={closeHref} />
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            {editing ? 'Save Changes' : 'Add Event'}
          </button>
        </div>
      </Form>
    </Modal>
  )
}
