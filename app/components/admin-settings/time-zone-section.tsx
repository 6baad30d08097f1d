import { unitTimeZoneSchema } from '#contracts/unit-time-zone.ts'
import { SETTINGS_INTENTS as INTENTS } from '#contracts/settings.ts'
import { usePanel } from '#app/hooks/use-form-post.tsx'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton } from '#app/ui/button.ts'
import { fieldProps, inputProps } from '#app/ui/conform-props.ts'
import { Field, inputClass, Section } from '#app/ui/field.tsx'
import type { GeneralData } from './types.ts'

// The unit's time zone (setting unit_time_zone, docs/rules/settings.md): an IANA name typed or picked from the server's
// list (a datalist: the browser filters it as one types), checked on the server. It is the clock of events entered as a
// bare day, of pages whose viewer's zone is unknown (no JavaScript) and of the weekly promotion run.

export function TimeZoneSection({ data }: { data: GeneralData }) {
  const panel = usePanel()
  const { Form, hidden, busy, fields, formProps } = useSchemaForm('unit-time-zone', unitTimeZoneSchema, {
    id: panel ? 'unit-time-zone-panel' : 'unit-time-zone-page',
    defaultValue: { unit_time_zone: data.unitTimeZone },
    validateOn: 'onSubmit',
  })
  return (
    <Section
      title="Unit Time Zone"
      description="The weekly promotion run (Mondays 01:00) follows it; an event entered as a day alone starts at 20:00 on its clock; visitors whose own zone is unknown see times in it."
    >
      <Form {...formProps} className="flex flex-col gap-3" aria-label="Unit Time Zone">
        {hidden}
        <input type="hidden" name="intent" value={INTENTS.saveTimeZone} />
        <Field {...fieldProps(fields.unit_time_zone, 'Time zone (IANA name)')}>
          <input
            {...inputProps(fields.unit_time_zone)}
            list="unit-time-zones"
            autoComplete="off"
            spellCheck={false}
            placeholder="America/New_York"
            className={inputClass}
          />
        </Field>
        <datalist id="unit-time-zones">
          {data.timeZones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <div className="flex">
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            Save Time Zone
          </button>
        </div>
      </Form>
    </Section>
  )
}
