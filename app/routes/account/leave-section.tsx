import { useMemo } from 'react'
import {
  addDays,
  LEAVE_INTENTS,
  LEAVE_PAST_DAYS,
  leaveRequestSchema,
  type AccountLeaveData,
  type LeaveItem,
} from '#contracts/leave.ts'
import { LeaveDates, LeaveOutcome, LeavePhaseBadge, type LeaveOutcomeTexts } from '#app/components/leave.tsx'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton, smallButton, smallDangerButton } from '#app/ui/button.ts'
import { ConfirmButtonForm } from '#app/ui/confirm.tsx'
import { fieldProps, inputProps, textareaProps } from '#app/ui/conform-props.ts'
import { confirmKeyOf, DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { Field, inputClass, Notice, RequiredMark, Section, textareaClass } from '#app/ui/field.tsx'
import { useT } from '#app/ui/i18n.tsx'
import { useAccountErrors, useAccountText } from './contract-texts.ts'
import { useConfirmTexts } from './kit-texts.ts'

// Leave of absence on the account page (docs/rules/personnel.md): ask for leave, see each request and where it
// stands (with the reason of a denial), withdraw a pending one, end an approved one early. Works without JavaScript.
// The reasons are people's own words.

export function LeaveSection({ data }: { data: AccountLeaveData }) {
  const t = useT('account.leave')
  const text = useAccountText()
  const dialog = useConfirmTexts()
  const withdrawConfirm = t('withdrawConfirm')
  const endConfirm = t('endConfirm')
  return (
    <Section title={t('title')} description={t('description')}>
      <DeleteConfirmStep
        intent={LEAVE_INTENTS.withdraw}
        items={data.leaves}
        message={() => withdrawConfirm}
        confirmLabel={t('withdraw')}
        cancelLabel={dialog.cancel}
      />
      <DeleteConfirmStep
        intent={LEAVE_INTENTS.end}
        items={data.leaves}
        message={() => endConfirm}
        confirmLabel={t('endLeave')}
        cancelLabel={dialog.cancel}
      />
      {data.refusal ? <Notice tone="info">{text(data.refusal)}</Notice> : <RequestForm data={data} />}
      <LeaveList leaves={data.leaves} />
    </Section>
  )
}

function RequestForm({ data }: { data: AccountLeaveData }) {
  const t = useT('account.leave')
  const text = useAccountText()
  const errors = useAccountErrors()
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm('leave', leaveRequestSchema, {
    id: 'request-leave',
    defaultValue: { start_date: data.today, end_date: '', reason: '' },
    validateOn: 'onSubmit',
  })
  const earliest = addDays(data.today, -LEAVE_PAST_DAYS)
  const dayInput = (field: typeof fields.start_date) => inputProps(field, 'date')
  const label = (words: string) => (
    <>
      {words}
      <RequiredMark />
    </>
  )
  return (
    <Form {...formProps} className="flex flex-col gap-3" aria-label={t('ask')}>
      {hidden}
      <input type="hidden" name="intent" value={LEAVE_INTENTS.request} />
      <h3 className="text-sm font-semibold text-zinc-200">{t('ask')}</h3>
      {form.errors?.length ? <Notice>{text(form.errors[0]!)}</Notice> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field {...fieldProps(fields.start_date, label(t('from')))} errors={errors(fields.start_date.errors)}>
          <input {...dayInput(fields.start_date)} min={earliest} className={`${inputClass} [color-scheme:dark]`} />
        </Field>
        <Field {...fieldProps(fields.end_date, label(t('to')))} errors={errors(fields.end_date.errors)}>
          <input {...dayInput(fields.end_date)} min={earliest} className={`${inputClass} [color-scheme:dark]`} />
        </Field>
      </div>
      <Field {...fieldProps(fields.reason, label(t('reason')))} errors={errors(fields.reason.errors)}>
        <textarea {...textareaProps(fields.reason)} rows={3} className={textareaClass} />
      </Field>
      <p className="text-xs text-zinc-400">
        {t('rules', { zone: data.unitTimeZone, maxDays: data.maxDays, pastDays: LEAVE_PAST_DAYS })}
      </p>
      <div>
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
          {t('ask')}
        </button>
      </div>
    </Form>
  )
}

function LeaveList({ leaves }: { leaves: LeaveItem[] }) {
  const t = useT('account.leave')
  const outcome = useMemo<LeaveOutcomeTexts>(
    () => ({
      denied: (reason, by) => (by ? t('deniedBy', { name: by, reason }) : t('denied', { reason })),
      endedEarly: (date, by) =>
        by ? t.rich('endedEarlyBy', { name: by, date: () => date }) : t.rich('endedEarly', { date: () => date }),
      approvedBy: (by) => t('approvedBy', { name: by }),
    }),
    [t],
  )
  if (!leaves.length) return null
  return (
    <div className="flex flex-col gap-2 border-t border-zinc-800 pt-4">
      <h3 className="text-sm font-semibold text-zinc-200">{t('yours')}</h3>
      <ul
        className="flex flex-col divide-y divide-zinc-800 rounded-lg border border-zinc-800"
        aria-label={t('listLabel')}
      >
        {leaves.map((leave) => (
          <li
            key={leave.id}
            className="flex flex-wrap items-start gap-x-4 gap-y-2 px-3 py-2.5 text-sm"
            data-testid="my-leave"
          >
            <div className="flex min-w-56 flex-1 flex-col gap-1">
              <p className="flex flex-wrap items-center gap-2 text-zinc-100">
                <LeaveDates leave={leave} days={t('days', { days: leave.days })} />
                <LeavePhaseBadge phase={leave.phase} label={t(`phase.${leave.phase}`)} />
              </p>
              <p className="break-words text-zinc-300">{leave.reason}</p>
              <LeaveOutcome leave={leave} texts={outcome} />
            </div>
            <LeaveActions leave={leave} />
          </li>
        ))}
      </ul>
    </div>
  )
}

function LeaveActions({ leave }: { leave: LeaveItem }) {
  const t = useT('account.leave')
  const dialog = useConfirmTexts()
  if (leave.phase === 'pending')
    return (
      <ConfirmButtonForm
        formKey={confirmKeyOf(LEAVE_INTENTS.withdraw, leave.id)}
        intent={LEAVE_INTENTS.withdraw}
        fields={{ id: leave.id }}
        confirm={t('withdrawConfirm')}
        dialog={dialog}
        label={t('withdraw')}
        className={smallButton}
      />
    )
  if (leave.phase === 'active' || leave.phase === 'upcoming')
    return (
      <ConfirmButtonForm
        formKey={confirmKeyOf(LEAVE_INTENTS.end, leave.id)}
        intent={LEAVE_INTENTS.end}
        fields={{ id: leave.id }}
        confirm={t('endConfirm')}
        dialog={dialog}
        label={leave.phase === 'active' ? t('endNow') : t('cancel')}
        className={smallDangerButton}
      />
    )
  return null
}
