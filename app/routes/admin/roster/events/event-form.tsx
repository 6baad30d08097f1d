import { useState } from 'react'
import { DEFAULT_EVENT_TIME, eventSchema, type EventItem } from '#contracts/events.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { TimeZoneField, useTimeZone, wallParts } from '#app/ui/date-time.tsx'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { checkboxProps, fieldProps, inputProps } from '#app/ui/conform-props.ts'
import { Field, HiddenFields, inputClass } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'
import { DateTimeFields } from '#app/ui/time-field.tsx'
import { DiscordEventCheckbox } from '../events-and-trainings.tsx'

// Add Event / Edit Event (docs/rules/roster.md, events: name and date required, ORBAT image URL optional; Link to the
// ORBAT: docs/rules/orbat-history.md). An event
// starts at a date and a 24-hour time (default 20:00, the training time field's rules), on the page's clock (the
// viewer's zone, or the unit's), which travels in `tz`.

export const SAVE_EVENT = 'save-event'

export function EventFormDialog({
  editing,
  closeHref,
  publishByDefault,
}: {
  editing: EventItem | null
  closeHref: string
  /** A new event's "Publish as a Discord event" starts ticked (setting discord_events_default). */
  publishByDefault: boolean
}) {
  const { zone } = useTimeZone()
  return (
    <UrlDialog title={editing ? 'Edit Event' : 'Add Event'} closeHref={closeHref}>
      {/* Re-mounted when the page's zone changes (after hydration, on a first visit) so the fields follow it. */}
      <EventForm key={zone} editing={editing} zone={zone} closeHref={closeHref} publishByDefault={publishByDefault} />
    </UrlDialog>
  )
}

function EventForm({
  editing,
  zone,
  closeHref,
  publishByDefault,
}: {
  editing: EventItem | null
  zone: string
  closeHref: string
  publishByDefault: boolean
}) {
  const wall = editing ? wallParts(Date.parse(editing.date), zone) : { date: '', time: DEFAULT_EVENT_TIME }
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm('event', eventSchema, {
    id: editing ? `event-${editing.id}` : 'event-add',
    defaultValue: editing
      ? {
          name: editing.name,
          orbat_image_url: editing.orbat_image_url ?? '',
          orbat_linked: editing.orbat_linked ? 'on' : '',
          discord_event: editing.discord_event ? 'on' : '',
        }
      : { discord_event: publishByDefault ? 'on' : '' },
    validateOn: 'onSubmit',
  })
  const initial = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback)
  const [when, setWhen] = useState(() => ({
    date: initial(fields.date.initialValue, wall.date),
    time: initial(fields.time.initialValue, wall.time),
  }))
  return (
    <Form {...formProps} className="flex flex-col gap-4" aria-label={editing ? 'Edit event' : 'Add event'}>
      {hidden}
      <HiddenFields fields={editing ? { intent: SAVE_EVENT, id: editing.id } : { intent: SAVE_EVENT }} />
      <TimeZoneField />
      <Field {...fieldProps(fields.name, 'Event Name')}>
        <input {...inputProps(fields.name)} placeholder="e.g. Operation Nightfall" className={inputClass} />
      </Field>
      <DateTimeFields date={fields.date} time={fields.time} value={when} onChange={setWhen} />
      <Field {...fieldProps(fields.orbat_image_url, 'ORBAT Image URL (optional)')}>
        <input {...inputProps(fields.orbat_image_url, 'url')} placeholder="https://…" className={inputClass} />
      </Field>
      <label className="flex items-start gap-2 text-sm text-zinc-300">
        <input {...checkboxProps(fields.orbat_linked)} className="mt-0.5 size-4 accent-brand-600" />
        <span>
          Link to the ORBAT
          <span className="block text-xs text-zinc-500">
            The ORBAT is frozen at the start: who held which slot, for attendance and service records.
          </span>
        </span>
      </label>
      <DiscordEventCheckbox field={fields.discord_event} />
      <FormFooter
        closeHref={closeHref}
        submitLabel={editing ? 'Save Changes' : 'Add Event'}
        busy={busy}
        errors={form.errors}
        errorId={form.errorId}
      />
    </Form>
  )
}
