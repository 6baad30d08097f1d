import { useState } from 'react'
import { trainingSchema, type TrainingItem } from '#contracts/trainings.ts'
import { DiscordEventCheckbox } from '../events-and-trainings.tsx'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { TimeZoneField, useTimeZone, wallParts } from '#app/ui/date-time.tsx'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { checkboxProps, fieldProps, inputProps, textareaProps } from '#app/ui/conform-props.ts'
import { Field, HiddenFields, inputClass, textareaClass } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'
import { DateTimeFields } from '#app/ui/time-field.tsx'

// Add Training / Create BMT Training / Edit Training (docs/rules/roster.md, trainings; a 24-hour time field). The day
// and time are on the page's clock (the viewer's zone, or the unit's), which travels in `tz`.

export const SAVE_TRAINING = 'save-training'
const DEFAULT_TRAINING_TIME = '20:00'

export function TrainingFormDialog({
  editing,
  bmt,
  closeHref,
  publishByDefault,
}: {
  editing: TrainingItem | null
  bmt: boolean
  closeHref: string
  /** A new training's "Publish as a Discord event" starts ticked (setting discord_events_default). */
  publishByDefault: boolean
}) {
  const { zone } = useTimeZone()
  const title = editing ? 'Edit Training' : bmt ? 'Create BMT Training' : 'Add Training'
  return (
    <UrlDialog title={title} closeHref={closeHref}>
      {/* Re-mounted when the page's zone changes (after hydration, on a first visit) so the fields follow it. */}
      <TrainingForm
        key={zone}
        editing={editing}
        bmt={bmt}
        zone={zone}
        closeHref={closeHref}
        publishByDefault={publishByDefault}
      />
    </UrlDialog>
  )
}

function TrainingForm({
  editing,
  bmt,
  zone,
  closeHref,
  publishByDefault,
}: {
  editing: TrainingItem | null
  bmt: boolean
  zone: string
  closeHref: string
  publishByDefault: boolean
}) {
  const wall = editing ? wallParts(Date.parse(editing.date), zone) : { date: '', time: DEFAULT_TRAINING_TIME }
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm('training', trainingSchema, {
    id: editing ? `training-${editing.id}` : bmt ? 'training-add-bmt' : 'training-add',
    defaultValue: editing
      ? {
          name: editing.name,
          description: editing.description ?? '',
          is_hidden: editing.is_hidden ? 'on' : '',
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
  const isBmt = editing ? editing.is_bmt_training : bmt

  return (
    <Form {...formProps} className="flex flex-col gap-4" aria-label={editing ? 'Edit training' : 'Add training'}>
      {hidden}
      <HiddenFields
        fields={{ intent: SAVE_TRAINING, ...(editing ? { id: editing.id } : {}), is_bmt_training: isBmt ? 'on' : '' }}
      />
      <TimeZoneField />
      {isBmt ? (
        <p className="text-sm text-amber-200">This is a BMT training: it is listed under BMT Trainings.</p>
      ) : null}
      <Field {...fieldProps(fields.name, 'Training Name')}>
        <input
          {...inputProps(fields.name)}
          placeholder={isBmt ? 'e.g. Basic Military Training' : 'e.g. CQB Fundamentals'}
          className={inputClass}
        />
      </Field>
      <Field {...fieldProps(fields.description, 'Description')}>
        <textarea {...textareaProps(fields.description)} rows={3} className={textareaClass} />
      </Field>
      <DateTimeFields date={fields.date} time={fields.time} value={when} onChange={setWhen} />
      <label className="flex items-center gap-2 text-sm text-zinc-300">
        <input {...checkboxProps(fields.is_hidden)} className="size-4 accent-brand-600" />
        Hidden (not shown on the public trainings page)
      </label>
      <DiscordEventCheckbox field={fields.discord_event} />
      <FormFooter
        closeHref={closeHref}
        submitLabel={editing ? 'Save Changes' : bmt ? 'Create BMT Training' : 'Add Training'}
        busy={busy}
        errors={form.errors}
        errorId={form.errorId}
      />
    </Form>
  )
}
