import { getFormProps, getInputProps } from '@conform-to/react'
import { usePanel } from '#app/hooks/use-form-post.tsx'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { buttonClass, primaryButton, secondaryButton } from '#app/ui/button.ts'
import { ConfirmButtonForm, ConfirmStep } from '#app/ui/confirm.tsx'
import { FieldError, inputClass, labelClass, LoadError, Section } from '#app/ui/field.tsx'
import { eligibleRoleSchema, SETTINGS_INTENTS as INTENTS, type EligibleRoleItem } from '#contracts/settings.ts'
import { StateLink, useSettingsState } from './state.tsx'
import type { RolesData } from './types.ts'

// Eligible Roles (spec 1 §2, §5, §6): the table, the add/edit form (Add and Edit mode), and the Danger Zone purge.

const PURGE_CONFIRM = 'Are you sure you want to purge the waitlist? This removes everyone on it and cannot be undone.'
const deleteRoleConfirm = (role: EligibleRoleItem) => `Are you sure you want to delete the role "${role.role_name}"?`

export function RolesTab({ data }: { data: RolesData }) {
  const editId = Number(useSettingsState('edit'))
  const confirm = useSettingsState('confirm')
  const editing = data.roles.find((role) => role.id === editId) ?? null
  const confirming = data.roles.find((role) => confirm === `${INTENTS.deleteRole}-${role.id}`)

  return (
    <div className="flex flex-col gap-6">
      <LoadError message={data.loadError} />
      {confirming ? (
        <ConfirmStep
          confirmKey={`${INTENTS.deleteRole}-${confirming.id}`}
          intent={INTENTS.deleteRole}
          fields={{ id: confirming.id }}
          message={deleteRoleConfirm(confirming)}
          confirmLabel="Delete"
        />
      ) : null}
      <ConfirmStep confirmKey={INTENTS.purgeWaitlist} intent={INTENTS.purgeWaitlist} message={PURGE_CONFIRM} confirmLabel="Purge Waitlist" />

      <Section title="Eligible Roles" description="Discord roles that may fill role-locked slots and join the waitlist.">
        <RolesTable roles={data.roles} editingId={editing?.id ?? null} />
      </Section>

      {/* Re-mounted per mode so Edit fills the form and Add starts empty. */}
      <RoleForm key={editing ? `edit-${editing.id}` : 'add'} editing={editing} />

      <Section title="Danger Zone" tone="danger">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-zinc-300">Remove everyone from the waitlist. This cannot be undone.</p>
          <ConfirmButtonForm formKey="purge" intent={INTENTS.purgeWaitlist} confirm={PURGE_CONFIRM} label="Purge Waitlist" />
        </div>
      </Section>
    </div>
  )
}

function RolesTable({ roles, editingId }: { roles: EligibleRoleItem[]; editingId: number | null }) {
  if (roles.length === 0) return <p className="text-sm text-zinc-400">No eligible roles yet.</p>
  return (
    // `relative`: the sr-only header is absolutely placed and must not widen the page.
    <div className="@container relative -mx-4 -mb-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase tracking-wide text-zinc-400">
          <tr className="border-b border-zinc-800">
            <th scope="col" className="px-4 py-2 font-medium">
              Role Name
            </th>
            {/* On a narrow container (a phone) the ids move under the name. */}
            <th scope="col" className="hidden px-2 py-2 font-medium @md:table-cell">
              Role ID(s)
            </th>
            <th scope="col" className="px-2 py-2 text-center font-medium">
              General Waitlist
            </th>
            <th scope="col" className="py-2 pr-4 pl-2 text-right font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-800">
          {roles.map((role) => (
            <tr key={role.id} className={role.id === editingId ? 'bg-brand-600/10' : undefined} data-testid="role-row">
              <th scope="row" className="px-4 py-2.5 font-medium text-zinc-100">
                {role.role_name}
                <span className="mt-0.5 block font-mono text-xs font-normal text-zinc-400 @md:hidden">
                  <RoleIds ids={role.role_id} />
                </span>
              </th>
              <td className="hidden px-2 py-2.5 font-mono text-xs text-zinc-300 @md:table-cell">
                <RoleIds ids={role.role_id} />
              </td>
              <td className="px-2 py-2.5 text-center">
                {role.can_join_general_waitlist ? (
                  <span className="text-brand-400" aria-label="Yes" title="Can join the general waitlist">
                    ✓
                  </span>
                ) : (
                  <span className="text-zinc-600" aria-label="No">
                    –
                  </span>
                )}
              </td>
              <td className="py-2.5 pr-4 pl-2">
                <div className="flex flex-col items-stretch gap-1.5 @lg:flex-row @lg:justify-end @lg:gap-2">
                  <StateLink state={{ edit: String(role.id) }} className={secondaryButton} aria-label={`Edit ${role.role_name}`}>
                    Edit
                  </StateLink>
                  <ConfirmButtonForm
                    formKey={`delete-role-${role.id}`}
                    intent={INTENTS.deleteRole}
                    fields={{ id: role.id }}
                    confirm={deleteRoleConfirm(role)}
                    label="Delete"
                    aria-label={`Delete ${role.role_name}`}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Comma-separated ids; the comma stays with its id and a line may break after it. */
function RoleIds({ ids }: { ids: string }) {
  const list = ids.split(',')
  return list.map((id, i) => (
    <span key={id}>
      {i > 0 ? ' ' : ''}
      <span className="whitespace-nowrap">
        {id}
        {i < list.length - 1 ? ',' : ''}
      </span>
    </span>
  ))
}

function RoleForm({ editing }: { editing: EligibleRoleItem | null }) {
  const panel = usePanel()
  const { Form, action, hidden, busy, form, fields } = useSchemaForm('role', eligibleRoleSchema, { id: panel ? 'role-form-panel' : 'role-form-page', defaultValue: editing
      ? { role_name: editing.role_name, role_id: editing.role_id, can_join_general_waitlist: editing.can_join_general_waitlist ? 'on' : '' }
      : undefined, validateOn: 'onBlur' })
  const { key: _nameKey, ...nameProps } = getInputProps(fields.role_name, { type: 'text' })
  const { key: _idKey, ...idProps } = getInputProps(fields.role_id, { type: 'text' })
  const { key: _flagKey, ...flagProps } = getInputProps(fields.can_join_general_waitlist, { type: 'checkbox' })

  return (
    <Section title={editing ? `Edit Role: ${editing.role_name}` : 'Add Role'}>
      {/* On a page the action is the URL with ?edit=ID: a 400 answer keeps Edit mode. */}
      <Form
        method="post"
        action={action}
        {...getFormProps(form)}
        className="flex flex-col gap-3"
        aria-label={editing ? 'Edit role' : 'Add role'}
      >
        {hidden}
        <input type="hidden" name="intent" value={INTENTS.saveRole} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-1.5">
            <label className={labelClass}>
              Role Name
              {/* Edit mode puts the cursor in the form it just filled (it may sit below the table). */}
              <input {...nameProps} autoFocus={Boolean(editing)} placeholder="e.g. Rifleman" className={inputClass} />
            </label>
            <FieldError id={fields.role_name.errorId} errors={fields.role_name.errors} />
          </div>
          <div className="flex min-w-0 flex-col gap-1.5">
            <label className={labelClass}>
              Role ID(s)
              <input {...idProps} placeholder="Discord role ids, comma-separated" className={`${inputClass} font-mono`} />
            </label>
            <FieldError id={fields.role_id.errorId} errors={fields.role_id.errors} />
          </div>
        </div>
        <label className="flex items-center gap-2 text-sm text-zinc-300">
          <input {...flagProps} className="size-4 accent-brand-600" />
          Can join the General Waitlist
        </label>
        <FieldError id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            {editing ? 'Update Role' : 'Add Role'}
          </button>
          {editing ? (
            <StateLink state={null} className={buttonClass('secondary', 'md')}>
              Cancel
            </StateLink>
          ) : null}
        </div>
      </Form>
    </Section>
  )
}
