import { getFormProps } from '@conform-to/react'
import { useMemo, useState } from 'react'
import { usePanel } from '#app/hooks/use-form-post.tsx'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton } from '#app/ui/button.ts'
import { ConfirmButtonForm, ConfirmStep } from '#app/ui/confirm.tsx'
import { selectProps } from '#app/ui/conform-props.ts'
import { FieldError, inputClass, labelClass, LoadError, Section } from '#app/ui/field.tsx'
import { SETTINGS_INTENTS as INTENTS, TIME_LOCK_FORMAT, timeLockSchema } from '#contracts/settings.ts'
import { maskTimeInput, normalizeTime } from '#contracts/time.ts'
import { formatInstant, TimeZoneField, useTimeZone, wallParts } from '#app/ui/date-time.tsx'
import { TimeZoneSection } from './time-zone-section.tsx'
import { UnitLanguageSection } from './language-section.tsx'
import { LeaveSettingsSection } from './leave-section.tsx'
import type { GeneralData } from './types.ts'
import { useSettingsErrors } from './texts.ts'
import { useLocale, useT } from '#app/ui/i18n.tsx'

// General: the Signup Time Lock (docs/rules/orbat.md, the time lock), the unit's time zone (docs/rules/settings.md) and
// the longest leave of absence (docs/rules/personnel.md).
// The lock's month, day and time are on the page's clock (the admin's zone, or the unit's when the server does not know
// it), which travels in `tz`.

/** The months' names in the page's language ("January", "Januar"), standing alone as a list shows them. */
function monthNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' })
  return Array.from({ length: 12 }, (_, i) => format.format(Date.UTC(2000, i, 15)))
}
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1)
const HOUR_MS = 3_600_000

/** Month, day and time of an instant on a zone's clock. */
function wallOf(ms: number, zone: string) {
  const { date, time } = wallParts(ms, zone)
  return { month: String(Number(date.slice(5, 7))), day: String(Number(date.slice(8, 10))), time }
}

export function GeneralTab({ data }: { data: GeneralData }) {
  const t = useT('adminSettings')
  const { zone, source } = useTimeZone()
  const clearConfirm = t('general.timeLock.clearConfirm')
  const dialog = { confirm: t('common.confirm'), cancel: t('common.cancel') }
  const lockMs = data.signupTime ? Date.parse(data.signupTime) : null
  const active = lockMs !== null && lockMs > data.now
  return (
    <div className="flex flex-col gap-6">
      <LoadError message={data.loadError} />
      <ConfirmStep
        confirmKey={INTENTS.clearLock}
        intent={INTENTS.clearLock}
        message={clearConfirm}
        confirmLabel={t('general.timeLock.clear')}
        cancelLabel={t('common.cancel')}
      />
      <Section
        title={t('general.timeLock.title')}
        description={t(
          source === 'viewer' ? 'general.timeLock.descriptionViewer' : 'general.timeLock.descriptionUnit',
          {
            zone,
          },
        )}
      >
        <p className="text-sm text-zinc-300">
          {t('general.timeLock.current')}{' '}
          <strong className="font-semibold text-zinc-100" data-testid="current-lock">
            {lockMs === null ? (
              t('general.timeLock.none')
            ) : (
              <time dateTime={data.signupTime}>{formatInstant(lockMs, zone)}</time>
            )}
          </strong>
          {lockMs !== null && !active ? (
            <span className="ml-2 text-zinc-400">{t('general.timeLock.passed')}</span>
          ) : null}
        </p>
        {/* Re-mounted when the page's zone changes (after hydration, on a first visit) so the proposal follows it. */}
        <TimeLockForm key={zone} data={data} zone={zone} />
        <div className="flex">
          <ConfirmButtonForm
            formKey="clear-lock"
            intent={INTENTS.clearLock}
            confirm={clearConfirm}
            dialog={dialog}
            label={t('general.timeLock.clear')}
            disabled={lockMs === null}
          />
        </div>
      </Section>
      <TimeZoneSection data={data} />
      <UnitLanguageSection data={data} />
      <LeaveSettingsSection data={data} />
    </div>
  )
}

function TimeLockForm({ data, zone }: { data: GeneralData; zone: string }) {
  const t = useT('adminSettings')
  const locale = useLocale()
  const months = useMemo(() => monthNames(locale), [locale])
  const errorsOf = useSettingsErrors()
  const panel = usePanel()
  // The current lock, or one hour from the server's render time when none is set (the proposed default).
  const proposal = useMemo(() => {
    const lockMs = data.signupTime ? Date.parse(data.signupTime) : NaN
    return wallOf(Number.isFinite(lockMs) ? lockMs : data.now + HOUR_MS, zone)
  }, [data.signupTime, data.now, zone])

  const { Form, action, hidden, busy, lastResult, form, fields } = useSchemaForm('time-lock', timeLockSchema, {
    id: panel ? 'time-lock-panel' : 'time-lock-page',
    defaultValue: proposal,
    validateOn: 'onSubmit',
  })

  // After a failed post the field shows what was sent (even nothing), else the proposal.
  const initialTime = lastResult
    ? typeof fields.time.initialValue === 'string'
      ? fields.time.initialValue
      : ''
    : proposal.time
  const [time, setTime] = useState(initialTime)
  const [blurMessage, setBlurMessage] = useState<string | null>(null)
  const timeErrors = errorsOf(blurMessage ? [blurMessage] : fields.time.errors)

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-3">
      {hidden}
      <input type="hidden" name="intent" value={INTENTS.setLock} />
      <TimeZoneField />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1.4fr_0.8fr_1fr]">
        <label className={labelClass}>
          {t('general.timeLock.month')}
          <select {...selectProps(fields.month)} className={inputClass}>
            {months.map((name, i) => (
              <option key={name} value={String(i + 1)}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          {t('general.timeLock.day')}
          <select {...selectProps(fields.day)} className={inputClass}>
            {DAYS.map((day) => (
              <option key={day} value={String(day)}>
                {day}
              </option>
            ))}
          </select>
        </label>
        <label className={`${labelClass} col-span-2 sm:col-span-1`}>
          {t('general.timeLock.time')}
          <input
            id={fields.time.id}
            name={fields.time.name}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('general.timeLock.timePlaceholder')}
            maxLength={5}
            value={time}
            aria-invalid={timeErrors?.length ? true : undefined}
            aria-describedby={timeErrors?.length ? fields.time.errorId : undefined}
            onChange={(event) => {
              setBlurMessage(null)
              setTime(maskTimeInput(event.target.value))
            }}
            onBlur={() => {
              if (!time) return
              const digits = time.replace(/\D/g, '')
              const normalized = digits.length >= 3 ? normalizeTime(digits) : null
              if (normalized) {
                setTime(normalized)
              } else {
                setTime('')
                setBlurMessage(TIME_LOCK_FORMAT)
              }
            }}
            className={`${inputClass} font-mono tabular-nums`}
          />
        </label>
      </div>
      <FieldError id={fields.time.errorId} errors={timeErrors} />
      <FieldError id={form.errorId} errors={errorsOf(form.errors)} />
      <div className="flex">
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
          {t('general.timeLock.set')}
        </button>
      </div>
    </Form>
  )
}
