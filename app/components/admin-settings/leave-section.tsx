import { DEFAULT_LEAVE_MAX_DAYS, LEAVE_INTENTS, LEAVE_MAX_DAYS_LIMIT } from '#contracts/leave.ts'
import { leaveMaxDaysSchema } from '#contracts/settings.ts'
import { usePanel } from '#app/hooks/use-form-post.tsx'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton } from '#app/ui/button.ts'
import { fieldProps, inputProps } from '#app/ui/conform-props.ts'
import { Field, inputClass, Section } from '#app/ui/field.tsx'
import type { GeneralData } from './types.ts'
import { useSettingsErrors } from './texts.ts'
import { useT } from '#app/ui/i18n.tsx'

// Leave of absence (setting leave_max_days; docs/rules/personnel.md): the longest leave a member may ask for, in days.

export function LeaveSettingsSection({ data }: { data: GeneralData }) {
  const t = useT('adminSettings.general.leave')
  const errorsOf = useSettingsErrors()
  const panel = usePanel()
  const { Form, hidden, busy, fields, formProps } = useSchemaForm('leave-max-days', leaveMaxDaysSchema, {
    id: panel ? 'leave-max-days-panel' : 'leave-max-days-page',
    defaultValue: { leave_max_days: String(data.leaveMaxDays) },
    validateOn: 'onSubmit',
  })
  return (
    <Section title={t('title')} description={t('description', { days: DEFAULT_LEAVE_MAX_DAYS })}>
      <Form {...formProps} className="flex flex-col gap-3" aria-label={t('title')}>
        {hidden}
        <input type="hidden" name="intent" value={LEAVE_INTENTS.saveMaxDays} />
        <Field
          {...fieldProps(fields.leave_max_days, t('field'))}
          errors={errorsOf(fields.leave_max_days.errors)}
          hint={t('hint', { max: LEAVE_MAX_DAYS_LIMIT })}
        >
          <input
            {...inputProps(fields.leave_max_days)}
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            placeholder={String(DEFAULT_LEAVE_MAX_DAYS)}
            className={`${inputClass} max-w-32 tabular-nums`}
          />
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
