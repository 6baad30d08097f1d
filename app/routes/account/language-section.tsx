import { LANGUAGE_CODES, LANGUAGE_NAMES, type LanguageCode } from '#contracts/languages.ts'
import { languageFormSchema } from '#contracts/language-forms.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton } from '#app/ui/button.ts'
import { fieldProps, selectProps } from '#app/ui/conform-props.ts'
import { Field, inputClass, Section } from '#app/ui/field.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { ACCOUNT_FORMS, ACCOUNT_INTENTS } from './intents.ts'

// The person's language (docs/rules/languages.md): one of the app's languages, or whatever their browser asks for.
// Stored with the account, so their pushes and direct messages follow it too. Saving revalidates the page's data, so
// the whole page (top bar included) comes back in the new language without a reload.

export interface AccountLanguage {
  /** Their own choice, or null: the browser decides. */
  chosen: LanguageCode | null
  /** What the page shows when they have no choice of their own (their browser's language, else the unit's). */
  otherwise: LanguageCode
}

export function LanguageSection({ language }: { language: AccountLanguage }) {
  const t = useT('account.language')
  const { Form, hidden, busy, fields, formProps } = useSchemaForm(ACCOUNT_FORMS.language, languageFormSchema, {
    id: 'account-language',
    defaultValue: { language: language.chosen ?? '' },
    validateOn: 'onSubmit',
  })
  return (
    <Section title={t('title')} description={t('description')}>
      <Form {...formProps} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label={t('title')}>
        {hidden}
        <input type="hidden" name="intent" value={ACCOUNT_INTENTS.saveLanguage} />
        <Field {...fieldProps(fields.language, t('label'))}>
          <select {...selectProps(fields.language)} className={inputClass}>
            <option value="">{t('followBrowser', { language: LANGUAGE_NAMES[language.otherwise] })}</option>
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
