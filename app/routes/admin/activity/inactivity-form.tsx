import { ACTIVITY_INTENTS, INACTIVITY_WEEKS_MAX, inactivityWeeksSchema } from '#contracts/activity.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { secondaryButton } from '#app/ui/button.ts'
import { fieldProps, inputProps } from '#app/ui/conform-props.ts'
import { Field, inputClass } from '#app/ui/field.tsx'

// The setting inactivity_weeks (docs/rules/settings.md), where its effect is seen.

export function InactivityForm({ weeks }: { weeks: number }) {
  const { Form, hidden, busy, fields, formProps } = useSchemaForm('inactivity-weeks', inactivityWeeksSchema, {
    id: 'inactivity-weeks',
    defaultValue: { inactivity_weeks: String(weeks) },
    validateOn: 'onSubmit',
  })
  return (
    <Form {...formProps} className="flex flex-wrap items-end gap-3" aria-label="Inactivity">
      {hidden}
      <input type="hidden" name="intent" value={ACTIVITY_INTENTS.saveInactivity} />
      <Field
        {...fieldProps(fields.inactivity_weeks, 'Inactive after (weeks)')}
        hint={`A whole number of weeks, from 1 to ${INACTIVITY_WEEKS_MAX}.`}
      >
        <input
          {...inputProps(fields.inactivity_weeks)}
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          className={`${inputClass} max-w-24 tabular-nums`}
        />
      </Field>
      <button type="submit" className={secondaryButton} disabled={busy} aria-busy={busy || undefined}>
        Save
      </button>
    </Form>
  )
}
