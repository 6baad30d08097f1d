import { type FieldMetadata } from '@conform-to/react'
import { useEffect, useRef, useState } from 'react'
import { createMemberSchema, MEMBER_STATUSES, memberFieldsSchema, RANKS, ROSTER_INTENTS } from '#contracts/roster.ts'
import type { AdminMember, PickItem, QualificationItem } from '#contracts/roster-types.ts'
import { useHydrated } from '#app/hooks/use-hydrated.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { CheckboxList, Options } from '#app/ui/choices.tsx'
import { checkboxListProps, fieldProps, inputProps, selectProps, textareaProps } from '#app/ui/conform-props.ts'
import { UrlDialog } from '#app/ui/dialog.tsx'
import { Field, inputClass, RequiredMark, textareaClass } from '#app/ui/field.tsx'
import { FormFooter } from '#app/ui/form-footer.tsx'
import { MemberAwards } from './member-awards.tsx'

// The member form (docs/rules/roster.md, members) in its dialog: Add Member (status Active or Denied, a reason when
// Denied, qualifications) and Edit (every field plus qualifications, events and trainings). The browser checks with the
// contract schema the action parses with (Add: createMemberSchema, Edit: memberFieldsSchema), so the messages are the
// same with or without JavaScript. Edit also shows the member's awards (./member-awards.tsx).

/** Add's schema or Edit's, named as a union so the fields keep Add's status and reason (Edit has neither). */
type MemberSchema = typeof createMemberSchema | typeof memberFieldsSchema

type MemberFormMode =
  { kind: 'add'; today: string } | { kind: 'edit'; member: AdminMember; events: PickItem[]; trainings: PickItem[] }

function defaultsOf(mode: MemberFormMode) {
  if (mode.kind === 'add')
    return { rank: 'BMT', join_date: mode.today, hidden_score: '0', attended_events_count: '0', status: 'Active' }
  const { member } = mode
  return {
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
}

export function MemberFormDialog({
  mode,
  qualifications,
  closeHref,
}: {
  mode: MemberFormMode
  qualifications: QualificationItem[]
  closeHref: string
}) {
  const member = mode.kind === 'edit' ? mode.member : null
  return (
    <UrlDialog title={member ? `Edit Member: ${member.ingame_name}` : 'Add Member'} closeHref={closeHref} size="lg">
      {member ? <MemberAwards member={member} /> : null}
      <MemberForm key={member?.id ?? 'add'} mode={mode} qualifications={qualifications} cancelHref={closeHref} />
    </UrlDialog>
  )
}

function MemberForm({
  mode,
  qualifications,
  cancelHref,
}: {
  mode: MemberFormMode
  qualifications: QualificationItem[]
  cancelHref: string
}) {
  const member = mode.kind === 'edit' ? mode.member : null
  const formKey = member ? `edit-member-${member.id}` : 'add-member'
  const schema: MemberSchema = member ? memberFieldsSchema : createMemberSchema
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm<MemberSchema>(formKey, schema, {
    id: formKey,
    defaultValue: defaultsOf(mode),
    validateOn: 'onSubmit',
  })
  // Add ticks qualifications; Edit also events and trainings.
  const lists = [
    { legend: 'Qualifications', field: fields.qualifications, items: qualifications, empty: 'No qualifications yet.' },
    ...(mode.kind === 'edit'
      ? [
          { legend: 'Events', field: fields.events, items: mode.events, empty: 'No events yet.' },
          { legend: 'Trainings', field: fields.trainings, items: mode.trainings, empty: 'No trainings yet.' },
        ]
      : []),
  ]

  return (
    <Form
      {...formProps}
      className="flex flex-col gap-4"
      aria-label={member ? `Edit ${member.ingame_name}` : 'Add member'}
    >
      {hidden}
      <input type="hidden" name="intent" value={member ? ROSTER_INTENTS.editMember : ROSTER_INTENTS.addMember} />
      {member ? <input type="hidden" name="id" value={member.id} /> : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field
          {...fieldProps(
            fields.ingame_name,
            <>
              In-Game Name
              <RequiredMark />
            </>,
          )}
        >
          <input {...inputProps(fields.ingame_name)} autoComplete="off" className={inputClass} />
        </Field>
        <Field {...fieldProps(fields.rank, 'Rank')}>
          <select {...selectProps(fields.rank)} className={inputClass}>
            <Options items={RANKS} />
          </select>
        </Field>
        <Field
          {...fieldProps(
            fields.join_date,
            <>
              Join Date
              <RequiredMark />
            </>,
          )}
        >
          <input {...inputProps(fields.join_date, 'date')} className={`${inputClass} [color-scheme:dark]`} />
        </Field>
        <Field {...fieldProps(fields.discord_id, 'Discord ID')}>
          <input
            {...inputProps(fields.discord_id)}
            inputMode="numeric"
            autoComplete="off"
            className={`${inputClass} font-mono`}
          />
        </Field>
        <Field {...fieldProps(fields.bohemia_uuid, 'Bohemia UUID')}>
          <input {...inputProps(fields.bohemia_uuid)} autoComplete="off" className={`${inputClass} font-mono`} />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field {...fieldProps(fields.hidden_score, 'Hidden Score')}>
            <input {...inputProps(fields.hidden_score)} inputMode="decimal" className={`${inputClass} tabular-nums`} />
          </Field>
          <Field {...fieldProps(fields.attended_events_count, 'Attended Events')}>
            <input
              {...inputProps(fields.attended_events_count)}
              inputMode="numeric"
              className={`${inputClass} tabular-nums`}
            />
          </Field>
        </div>
      </div>
      <Field {...fieldProps(fields.notes, 'Notes')}>
        <textarea {...textareaProps(fields.notes)} rows={2} className={textareaClass} />
      </Field>
      {mode.kind === 'add' ? <StatusFields status={fields.status} reason={fields.ban_reason} /> : null}
      {lists.map(({ legend, field, items, empty }) => (
        <CheckboxList key={legend} legend={legend} items={items} empty={empty} {...checkboxListProps(field)} />
      ))}
      <FormFooter
        closeHref={cancelHref}
        submitLabel={member ? 'Save Changes' : 'Add Member'}
        busy={busy}
        errors={form.errors}
        errorId={form.errorId}
      />
    </Form>
  )
}

/** Add Member's status, and the reason for a denial (always shown without JavaScript). */
function StatusFields({ status, reason }: { status: FieldMetadata<unknown>; reason: FieldMetadata<unknown> }) {
  const hydrated = useHydrated()
  const [value, setValue] = useState(String(status.initialValue ?? 'Active'))
  const ref = useRef<HTMLSelectElement>(null)
  // A choice made before hydration is in the DOM only: pick it up.
  useEffect(() => {
    if (ref.current) setValue(ref.current.value)
  }, [])
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <Field {...fieldProps(status, 'Status')}>
        <select
          {...selectProps(status)}
          ref={ref}
          onChange={(event) => setValue(event.target.value)}
          className={inputClass}
        >
          <Options items={MEMBER_STATUSES} />
        </select>
      </Field>
      {!hydrated || value === 'Denied' ? (
        <Field {...fieldProps(reason, hydrated ? 'Reason for Denial' : 'Reason for Denial (when Denied)')}>
          <textarea {...textareaProps(reason)} rows={2} className={textareaClass} />
        </Field>
      ) : null}
    </div>
  )
}
