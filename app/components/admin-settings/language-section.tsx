import { LANGUAGE_CODES, LANGUAGE_NAMES } from '#contracts/languages.ts'
import { unitLanguageSchema } from '#contracts/language-forms.ts'
import { SETTINGS_INTENTS as INTENTS } from '#contracts/settings.ts'
import { usePanel } from '#app/hooks/use-form-post.tsx'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton } from '#app/ui/button.ts'
import { fieldProps, selectProps } from '#app/ui/conform-props.ts'
import { Field, inputClass, Section } from '#app/ui/field.tsx'
import type { GeneralData } from './types.ts'
import { useSettingsErrors } from './texts.ts'
import { useT } from '#app/ui/i18n.tsx'

// The unit's language (setting unit_language, docs/rules/languages.md): what pages speak to a visitor whose browser asks
// for none of the app's languages and who chose none on their account, and what the bot posts in the unit's channels.

export function UnitLanguageSection({ data }: { data: GeneralData }) {
  const t = useT('adminSettings.general.language')
  const errorsOf = useSettingsErrors()
  const panel = usePanel()
  const { Form, hidden, busy, fields, formProps } = useSchemaForm('unit-language', unitLanguageSchema, {
    id: panel ? 'unit-language-panel' : 'unit-language-page',
    defaultValue: { language: data.unitLanguage },
    validateOn: 'onSubmit',
  })
  return (
    <Section title={t('title')} description={t('description')}>
      <Form {...formProps} className="flex flex-col gap-3" aria-label={t('title')}>
        {hidden}
        <input type="hidden" name="intent" value={INTENTS.saveLanguage} />
        <Field {...fieldProps(fields.language, t('field'))} errors={errorsOf(fields.language.errors)}>
          <select {...selectProps(fields.language)} className={inputClass}>
            {LANGUAGE_CODES.map((code) => (
              <option key={code} value={code} lang={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </Field>
        <div className="flex">
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            {t('save')}
          </button>
        </div>
      </Form>
    </Section>
  )
}
