import { getFormProps, getInputProps, getTextareaProps, useForm } from '@conform-to/react'
import { Form, Link, useSearchParams } from 'react-router'
import { Field } from './member-form.tsx'
import { INTENTS } from './schemas.ts'
import type { QualificationItem, QualificationsData } from './types.ts'
import {
  ConfirmButtonForm,
  ConfirmStep,
  dangerButton,
  FieldError,
  inputClass,
  LoadError,
  primaryButton,
  secondaryButton,
  textareaClass,
  UrlDialog,
  useDialogHref,
  useRosterForm,
} from './ui.tsx'

// Qualifications tab (spec 2 §2, §3 Qualification, §5: name required; description and Discord role ID optional):
// the list with Edit and delete, and the add / edit form (a dialog with JavaScript, a panel without).

export const deleteQualificationConfirm = (q: QualificationItem) => `Are you sure you want to delete the qualification "${q.name}"? Members lose it.`

export function QualificationsTab({ data }: { data: QualificationsData }) {
  const [searchParams] = useSearchParams()
  const hrefWith = useDialogHref()
  const closeHref = hrefWith(null)
  const editing = data.qualifications.find((q) => String(q.id) === searchParams.get('edit')) ?? null
  const adding = searchParams.get('dialog') === 'add-qualification'
  const confirming = data.qualifications.find((q) => searchParams.get('confirm') === `delete-qualification-${q.id}`)

  return (
    <div className="flex flex-col gap-5">
      <LoadError message={data.loadError} />
      {confirming ? (
        <ConfirmStep
          intent={INTENTS.deleteQualification}
          fields={{ id: confirming.id }}
          message={deleteQualificationConfirm(confirming)}
          confirmLabel="Delete Qualification"
        />
      ) : null}
      {adding || editing ? (
        <UrlDialog title={editing ? `Edit Qualification: ${editing.name}` : 'Add Qualification'} closeHref={closeHref}>
          <QualificationForm key={editing?.id ?? 'add'} editing={editing} cancelHref={closeHref} />
        </UrlDialog>
      ) : null}

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-zinc-400">
          {data.qualifications.length} {data.qualifications.length === 1 ? 'qualification' : 'qualifications'}
        </p>
        <Link to={hrefWith({ dialog: 'add-qualification' })} preventScrollReset className={primaryButton}>
          Add Qualification
        </Link>
      </div>

      {data.qualifications.length === 0 ? (
        <p className="rounded-xl border border-zinc-800 bg-zinc-900/60 px-4 py-10 text-center text-sm text-zinc-400">No qualifications yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-800 rounded-xl border border-zinc-800 bg-zinc-900/60" aria-label="Qualifications">
          {data.qualifications.map((q) => (
            <li key={q.id} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center" data-testid="qualification-row">
              <div className="min-w-0 flex-1">
                <p className="font-medium text-zinc-100">{q.name}</p>
                {q.description ? <p className="mt-0.5 text-sm text-zinc-400">{q.description}</p> : null}
                <p className="mt-1 font-mono text-xs text-zinc-500">{q.discord_role_id ? `Discord role: ${q.discord_role_id}` : 'No Discord role'}</p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Link to={hrefWith({ edit: String(q.id) })} preventScrollReset className={secondaryButton} aria-label={`Edit ${q.name}`}>
                  Edit
                </Link>
                <ConfirmButtonForm
                  formKey={`delete-qualification-${q.id}`}
                  intent={INTENTS.deleteQualification}
                  fields={{ id: q.id }}
                  confirm={deleteQualificationConfirm(q)}
                  label="Delete"
                  className={dangerButton}
                  aria-label={`Delete ${q.name}`}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function QualificationForm({ editing, cancelHref }: { editing: QualificationItem | null; cancelHref: string }) {
  const formKey = editing ? `edit-qualification-${editing.id}` : 'add-qualification'
  const { lastResult, busy, hidden, action } = useRosterForm(formKey)
  const [form, fields] = useForm<{
    id?: string
    name: string
    description?: string
    discord_role_id?: string
  }>({
    id: formKey,
    lastResult,
    defaultValue: editing
      ? {
          name: editing.name,
          description: editing.description ?? '',
          discord_role_id: editing.discord_role_id ?? '',
        }
      : undefined,
    shouldValidate: 'onSubmit',
  })
  const { key: _nameKey, ...nameProps } = getInputProps(fields.name, {
    type: 'text',
  })
  const { key: _roleKey, ...roleProps } = getInputProps(fields.discord_role_id, { type: 'text' })
  const { key: _descKey, ...descProps } = getTextareaProps(fields.description)
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className="flex flex-col gap-4"
      aria-label={editing ? 'Edit qualification' : 'Add qualification'}
    >
      {hidden}
      <input type="hidden" name="intent" value={INTENTS.saveQualification} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <Field label="Name" required errors={fields.name.errors} errorId={fields.name.errorId}>
        <input {...nameProps} autoComplete="off" className={inputClass} />
      </Field>
      <Field label="Description" errors={fields.description.errors} errorId={fields.description.errorId}>
        <textarea {...descProps} rows={3} className={textareaClass} />
      </Field>
      <Field label="Discord Role ID" errors={fields.discord_role_id.errors} errorId={fields.discord_role_id.errorId}>
        <input {...roleProps} inputMode="numeric" autoComplete="off" placeholder="Optional" className={`${inputClass} font-mono`} />
      </Field>
      <FieldError id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-zinc-800 pt-4">
        <Link to={cancelHref} replace preventScrollReset className={`${secondaryButton} h-10`}>
          Cancel
        </Link>
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
          {editing ? 'Save Changes' : 'Add Qualification'}
        </button>
      </div>
    </Form>
  )
}
