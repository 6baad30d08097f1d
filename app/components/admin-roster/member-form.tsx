import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type FieldMetadata } from '@conform-to/react'
import { useEffect, useRef, useState } from 'react'
import { Form, Link } from 'react-router'
import { useHydrated } from '#app/components/admin-settings/surface.tsx'
import { INTENTS } from './schemas.ts'
import { RANKS, type AdminMember, type PickItem, type QualificationItem } from './types.ts'
import { CheckboxList, FieldError, inputClass, labelClass, primaryButton, secondaryButton, textareaClass, useRosterForm } from './ui.tsx'

// The member form (spec 2 §2 Members tab, §3 Member, §5 Member form): Add Member (status Active or Denied, a reason
// when Denied, qualifications) and Edit (every field plus qualifications, events and trainings). Validation is the
// service's own (forms.server.ts); its messages come back inline.

/** Ticked ids from a conform initial value (one string, a list, or nothing). */
export function idSet(value: unknown): Set<number> {
  const list = Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value]
  return new Set(list.map(Number).filter((n) => Number.isInteger(n)))
}

/** The form's fields as the browser sends them. */
interface MemberFormShape {
  id?: string
  ingame_name: string
  rank: string
  join_date: string
  discord_id?: string
  bohemia_uuid?: string
  hidden_score?: string
  attended_events_count?: string
  notes?: string
  status?: string
  ban_reason?: string
  qualifications?: string[]
  events?: string[]
  trainings?: string[]
}

type Mode =
  | { kind: 'add'; today: string }
  | {
      kind: 'edit'
      member: AdminMember
      events: PickItem[]
      trainings: PickItem[]
    }

export function MemberForm({ mode, qualifications, cancelHref }: { mode: Mode; qualifications: QualificationItem[]; cancelHref: string }) {
  const formKey = mode.kind === 'add' ? 'add-member' : `edit-member-${mode.member.id}`
  const { lastResult, busy, hidden, action } = useRosterForm(formKey)
  const hydrated = useHydrated()
  const member = mode.kind === 'edit' ? mode.member : null
  const [form, fields] = useForm<MemberFormShape>({
    id: formKey,
    lastResult,
    defaultValue: member
      ? {
          ingame_name: member.ingame_name,
          rank: member.rank,
          join_date: member.join_date,
          discord_id: member.discord_id ?? '',
          bohemia_uuid: member.bohemia_uuid ?? '',
          hidden_score: String(member.hidden_score),
          attended_events_count: String(member.attended_events_count),
          notes: member.notes ?? '',
          qualifications: member.qualifications.map(String),
          events: member.events.map(String),
          trainings: member.trainings.map(String),
        }
      : {
          rank: 'BMT',
          join_date: mode.kind === 'add' ? mode.today : '',
          hidden_score: '0',
          attended_events_count: '0',
          status: 'Active',
        },
    shouldValidate: 'onSubmit',
  })
  const [status, setStatus] = useState(String(fields.status.initialValue ?? 'Active'))
  const statusRef = useRef<HTMLSelectElement>(null)
  // A choice made before hydration is in the DOM only: pick it up.
  useEffect(() => {
    if (statusRef.current) setStatus(statusRef.current.value)
  }, [])
  const showReason = mode.kind === 'add' && (!hydrated || status === 'Denied')

  const text = (field: FieldMetadata<string | undefined>, type: 'text' | 'date' | 'number' = 'text') => {
    const { key: _key, ...props } = getInputProps(field, { type })
    return props
  }
  const { key: _rankKey, ...rankProps } = getSelectProps(fields.rank)
  const { key: _statusKey, ...statusProps } = getSelectProps(fields.status)
  const { key: _notesKey, ...notesProps } = getTextareaProps(fields.notes)
  const { key: _reasonKey, ...reasonProps } = getTextareaProps(fields.ban_reason)

  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className="flex flex-col gap-4"
      aria-label={member ? `Edit ${member.ingame_name}` : 'Add member'}
    >
      {hidden}
      <input type="hidden" name="intent" value={member ? INTENTS.editMember : INTENTS.addMember} />
      {member ? <input type="hidden" name="id" value={member.id} /> : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label="In-Game Name" required errors={fields.ingame_name.errors} errorId={fields.ingame_name.errorId}>
          <input {...text(fields.ingame_name)} autoComplete="off" className={inputClass} />
        </Field>
        <Field label="Rank" errors={fields.rank.errors} errorId={fields.rank.errorId}>
          <select {...rankProps} className={inputClass}>
            {RANKS.map((rank) => (
              <option key={rank} value={rank}>
                {rank}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Join Date" required errors={fields.join_date.errors} errorId={fields.join_date.errorId}>
          <input {...text(fields.join_date, 'date')} className={`${inputClass} [color-scheme:dark]`} />
        </Field>
        <Field label="Discord ID" errors={fields.discord_id.errors} errorId={fields.discord_id.errorId}>
          <input {...text(fields.discord_id)} inputMode="numeric" autoComplete="off" className={`${inputClass} font-mono`} />
        </Field>
        <Field label="Bohemia UUID" errors={fields.bohemia_uuid.errors} errorId={fields.bohemia_uuid.errorId}>
          <input {...text(fields.bohemia_uuid)} autoComplete="off" className={`${inputClass} font-mono`} />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="Hidden Score" errors={fields.hidden_score.errors} errorId={fields.hidden_score.errorId}>
            <input {...text(fields.hidden_score)} inputMode="decimal" className={`${inputClass} tabular-nums`} />
          </Field>
          <Field label="Attended Events" errors={fields.attended_events_count.errors} errorId={fields.attended_events_count.errorId}>
            <input {...text(fields.attended_events_count)} inputMode="numeric" className={`${inputClass} tabular-nums`} />
          </Field>
        </div>
      </div>
      <Field label="Notes" errors={fields.notes.errors} errorId={fields.notes.errorId}>
        <textarea {...notesProps} rows={2} className={textareaClass} />
      </Field>
      {mode.kind === 'add' ? (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field label="Status" errors={fields.status.errors} errorId={fields.status.errorId}>
            <select {...statusProps} ref={statusRef} onChange={(event) => setStatus(event.target.value)} className={inputClass}>
              <option value="Active">Active</option>
              <option value="Denied">Denied</option>
            </select>
          </Field>
          {showReason ? (
            <Field
              label={hydrated ? 'Reason for Denial' : 'Reason for Denial (when Denied)'}
              errors={fields.ban_reason.errors}
              errorId={fields.ban_reason.errorId}
            >
              <textarea {...reasonProps} rows={2} className={textareaClass} />
            </Field>
          ) : null}
        </div>
      ) : null}
      <CheckboxList
        legend="Qualifications"
        name={fields.qualifications.name}
        items={qualifications.map((q) => ({ id: q.id, name: q.name }))}
        checked={idSet(fields.qualifications.initialValue)}
        empty="No qualifications yet."
        errors={fields.qualifications.errors}
        errorId={fields.qualifications.errorId}
      />
      {mode.kind === 'edit' ? (
        <>
          <CheckboxList
            legend="Events"
            name={fields.events.name}
            items={mode.events}
            checked={idSet(fields.events.initialValue)}
            empty="No events yet."
            errors={fields.events.errors}
            errorId={fields.events.errorId}
          />
          <CheckboxList
            legend="Trainings"
            name={fields.trainings.name}
            items={mode.trainings}
            checked={idSet(fields.trainings.initialValue)}
            empty="No trainings yet."
            errors={fields.trainings.errors}
            errorId={fields.trainings.errorId}
          />
        </>
      ) : null}
      <FieldError id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-zinc-800 pt-4">
        <Link to={cancelHref} replace preventScrollReset className={`${secondaryButton} h-10`}>
          Cancel
        </Link>
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
          {member ? 'Save Changes' : 'Add Member'}
        </button>
      </div>
    </Form>
  )
}

export function Field({
  label,
  required,
  errors,
  errorId,
  children,
}: {
  label: string
  required?: boolean
  errors?: string[]
  errorId?: string
  children: React.ReactNode
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label className={labelClass}>
        <span>
          {label}
          {required ? (
            <span className="text-red-400" aria-hidden>
              {' '}
              *
            </span>
          ) : null}
        </span>
        {children}
      </label>
      <FieldError id={errorId} errors={errors} />
    </div>
  )
}
