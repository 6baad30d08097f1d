import {
  addDays,
  LEAVE_INTENTS,
  LEAVE_PAST_DAYS,
  leaveRequestSchema,
  type AccountLeaveData,
  type LeaveItem,
} from '#contracts/leave.ts'
import { LeaveDates, LeaveOutcome, LeavePhaseBadge } from '#app/components/leave.tsx'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton, smallButton, smallDangerButton } from '#app/ui/button.ts'
import { ConfirmButtonForm } from '#app/ui/confirm.tsx'
import { fieldProps, inputProps, textareaProps } from '#app/ui/conform-props.ts'
import { confirmKeyOf, DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { Field, inputClass, Notice, RequiredMark, Section, textareaClass } from '#app/ui/field.tsx'

// Leave of absence on the account page (docs/rules/personnel.md): ask for leave, see each request and where it
// stands (with the reason of a denial), withdraw a pending one, end an approved one early. Works without JavaScript.

const WITHDRAW_CONFIRM = 'Withdraw this leave request?'
const END_CONFIRM = 'End your leave now? It stops at once, and you show as back on the roster and the ORBAT.'

export function LeaveSection({ data }: { data: AccountLeaveData }) {
  return (
    <Section
      title="Leave of absence"
      description="Going away for a while? Ask for leave: an admin approves or denies it, and while it lasts the roster and the ORBAT show you as LOA."
    >
      <DeleteConfirmStep
        intent={LEAVE_INTENTS.withdraw}
        items={data.leaves}
        message={() => WITHDRAW_CONFIRM}
        confirmLabel="Withdraw"
      />
      <DeleteConfirmStep
        intent={LEAVE_INTENTS.end}
        items={data.leaves}
        message={() => END_CONFIRM}
        confirmLabel="End leave"
      />
      {data.refusal ? <Notice tone="info">{data.refusal}</Notice> : <RequestForm data={data} />}
      <LeaveList leaves={data.leaves} />
    </Section>
  )
}

function RequestForm({ data }: { data: AccountLeaveData }) {
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm('leave', leaveRequestSchema, {
    id: 'request-leave',
    defaultValue: { start_date: data.today, end_date: '', reason: '' },
    validateOn: 'onSubmit',
  })
  const earliest = addDays(data.today, -LEAVE_PAST_DAYS)
  return (
    <Form {...formProps} className="flex flex-col gap-3" aria-label="Ask for leave">
      {hidden}
      <input type="hidden" name="intent" value={LEAVE_INTENTS.request} />
      <h3 className="text-sm font-semibold text-zinc-200">Ask for leave</h3>
      {form.errors?.length ? <Notice>{form.errors[0]}</Notice> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          {...fieldProps(
            fields.start_date,
            <>
              From
              <RequiredMark />
            </>,
          )}
        >
          <input
            {...inputProps(fields.start_date, 'date')}
            min={earliest}
            className={`${inputClass} [color-scheme:dark]`}
          />
        </Field>
        <Field
          {...fieldProps(
            fields.end_date,
            <>
              To
              <RequiredMark />
            </>,
          )}
        >
          <input
            {...inputProps(fields.end_date, 'date')}
            min={earliest}
            className={`${inputClass} [color-scheme:dark]`}
          />
        </Field>
      </div>
      <Field
        {...fieldProps(
          fields.reason,
          <>
            Reason
            <RequiredMark />
          </>,
        )}
      >
        <textarea {...textareaProps(fields.reason)} rows={3} className={textareaClass} />
      </Field>
      <p className="text-xs text-zinc-400">
        Both days are included, as calendar days in the unit&apos;s time zone ({data.unitTimeZone}). At most{' '}
        {data.maxDays} days; the first day may be up to {LEAVE_PAST_DAYS} days ago. Admins read the reason.
      </p>
      <div>
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
          Ask for leave
        </button>
      </div>
    </Form>
  )
}

function LeaveList({ leaves }: { leaves: LeaveItem[] }) {
  if (!leaves.length) return null
  return (
    <div className="flex flex-col gap-2 border-t border-zinc-800 pt-4">
      <h3 className="text-sm font-semibold text-zinc-200">Your leave</h3>
      <ul
        className="flex flex-col divide-y divide-zinc-800 rounded-lg border border-zinc-800"
        aria-label="Your leave requests"
      >
        {leaves.map((leave) => (
          <li
            key={leave.id}
            className="flex flex-wrap items-start gap-x-4 gap-y-2 px-3 py-2.5 text-sm"
            data-testid="my-leave"
          >
            <div className="flex min-w-56 flex-1 flex-col gap-1">
              <p className="flex flex-wrap items-center gap-2 text-zinc-100">
                <LeaveDates leave={leave} />
                <LeavePhaseBadge phase={leave.phase} />
              </p>
              <p className="break-words text-zinc-300">{leave.reason}</p>
              <LeaveOutcome leave={leave} />
            </div>
            <LeaveActions leave={leave} />
          </li>
        ))}
      </ul>
    </div>
  )
}

function LeaveActions({ leave }: { leave: LeaveItem }) {
  if (leave.phase === 'pending')
    return (
      <ConfirmButtonForm
        formKey={confirmKeyOf(LEAVE_INTENTS.withdraw, leave.id)}
        intent={LEAVE_INTENTS.withdraw}
        fields={{ id: leave.id }}
        confirm={WITHDRAW_CONFIRM}
        label="Withdraw"
        className={smallButton}
      />
    )
  if (leave.phase === 'active' || leave.phase === 'upcoming')
    return (
      <ConfirmButtonForm
        formKey={confirmKeyOf(LEAVE_INTENTS.end, leave.id)}
        intent={LEAVE_INTENTS.end}
        fields={{ id: leave.id }}
        confirm={END_CONFIRM}
        label={leave.phase === 'active' ? 'End leave now' : 'Cancel leave'}
        className={smallDangerButton}
      />
    )
  return null
}
