import { unitTimeZoneSchema } from '#contracts/unit-time-zone.ts'
import { SETTINGS_INTENTS as INTENTS } from '#contracts/settings.ts'
import { usePanel } from '#app/hooks/use-form-post.tsx'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton } from '#app/ui/button.ts'
import { fieldProps, inputProps } from '#app/ui/conform-props.ts'
import { Field, inputClass, Section } from '#app/ui/field.tsx'
import type { GeneralData } from './types.ts'
import { useSettingsErrors } from './texts.ts'
import { useT } from '#app/ui/i18n.tsx'

/** The field's example: a zone's IANA name, the same in every language. */
const EXAMPLE_ZONE = 'America/New_York'

// The unit's time zone (setting unit_time_zone, docs/rules/settings.md): an IANA name typed or picked from the server's
// list (a datalist: the browser filters it as one types), checked on the server. It is the clock of events entered as a
// bare day, of pages whose viewer's zone is unknown (no JavaScript) and of the weekly promotion run.

export function TimeZoneSection({ data }: { data: GeneralData }) {
  const t = useT('adminSettings.general.timeZone')
  const errorsOf = useSettingsErrors()
  const panel = usePanel()
  const { Form, hidden, busy, fields, formProps } = useSchemaForm('unit-time-zone', unitTimeZoneSchema, {
    id: panel ? 'unit-time-zone-panel' : 'unit-time-zone-page',
    defaultValue: { unit_time_zone: data.unitTimeZone },
    validateOn: 'onSubmit',
  })
  return (
    <Section title={t('title')} description={t('description')}>
      <Form {...formProps} className="flex flex-col gap-3" aria-label={t('title')}>
        {hidden}
        <input type="hidden" name="intent" value={INTENTS.saveTimeZone} />
        <Field {...fieldProps(fields.unit_time_zone, t('field'))} errors={errorsOf(fields.unit_time_zone.errors)}>
          <input
            {...inputProps(fields.unit_time_zone)}
            list="unit-time-zones"
            autoComplete="off"
            spellCheck={false}
            placeholder={EXAMPLE_ZONE}
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
            {t('save')}
          </button>
        </div>
      </Form>
    </Section>
  )
}
