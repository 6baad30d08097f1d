import { usePanel } from '#app/hooks/use-form-post.tsx'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { buttonClass, primaryButton, secondaryButton } from '#app/ui/button.ts'
import { ConfirmButtonForm, ConfirmStep } from '#app/ui/confirm.tsx'
import { checkboxProps, fieldProps, inputProps } from '#app/ui/conform-props.ts'
import { Field, FieldError, inputClass, LoadError, Section } from '#app/ui/field.tsx'
import { Table, type Column } from '#app/ui/table.tsx'
import { DiscordUnreachableNotice, RoleIdsPicker } from '#app/components/discord-pickers.tsx'
import type { GuildRoleItem } from '#contracts/guild.ts'
import { eligibleRoleSchema, SETTINGS_INTENTS as INTENTS, type EligibleRoleItem } from '#contracts/settings.ts'
import { StateLink, useSettingsState } from './state.tsx'
import type { RolesData } from './types.ts'
import { parseIdText } from '#contracts/fields.ts'

// Eligible Roles (who may fill a role-locked slot or join the waitlist: docs/rules/orbat.md): the table, the add/edit
// form (Add and Edit mode), and the Danger Zone purge.

const PURGE_CONFIRM = 'Are you sure you want to purge the waitlist? This removes everyone on it and cannot be undone.'
const deleteRoleConfirm = (role: EligibleRoleItem) => `Are you sure you want to delete the role "${role.role_name}"?`

export function RolesTab({ data }: { data: RolesData }) {
  const editId = parseIdText(useSettingsState('edit'))
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
      <ConfirmStep
        confirmKey={INTENTS.purgeWaitlist}
        intent={INTENTS.purgeWaitlist}
        message={PURGE_CONFIRM}
        confirmLabel="Purge Waitlist"
      />

      <Section
        title="Eligible Roles"
        description="Discord roles that may fill role-locked slots and join the waitlist."
      >
        <RolesTable roles={data.roles} editingId={editing?.id ?? null} />
      </Section>

      {/* Re-mounted per mode so Edit fills the form and Add starts empty. */}
      <RoleForm
        key={editing ? `edit-${editing.id}` : 'add'}
        editing={editing}
        roles={data.discordRoles}
        discordError={data.discordError}
      />

      <Section title="Danger Zone" tone="danger">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-zinc-300">Remove everyone from the waitlist. This cannot be undone.</p>
          <ConfirmButtonForm
            formKey="purge"
            intent={INTENTS.purgeWaitlist}
            confirm={PURGE_CONFIRM}
            label="Purge Waitlist"
          />
        </div>
      </Section>
    </div>
  )
}

function RolesTable({ roles, editingId }: { roles: EligibleRoleItem[]; editingId: number | null }) {
  if (roles.length === 0) return <p className="text-sm text-zinc-400">No eligible roles yet.</p>
  return (
    <Table
      label="Eligible Roles"
      flush
      columns={ROLE_COLUMNS}
      rows={roles}
      rowKey={(role) => role.id}
      rowProps={(role) => ({
        'data-testid': 'role-row',
        className: role.id === editingId ? 'bg-brand-600/10' : undefined,
      })}
    />
  )
}

// On a narrow container (a phone) the ids move under the name.
const ROLE_COLUMNS: ReadonlyArray<Column<EligibleRoleItem>> = [
  {
    header: 'Role Name',
    rowHeader: true,
    cell: (role) => (
      <>
        {role.role_name}
        <span className="mt-0.5 block font-mono text-xs font-normal text-zinc-400 @md:hidden">
          <RoleIds ids={role.role_id} />
        </span>
      </>
    ),
  },
  {
    header: 'Role ID(s)',
    className: 'hidden @md:table-cell',
    cellClassName: 'font-mono text-xs text-zinc-300',
    cell: (role) => <RoleIds ids={role.role_id} />,
  },
  {
    header: 'General Waitlist',
    align: 'center',
    cell: (role) =>
      role.can_join_general_waitlist ? (
        <span className="text-brand-400" aria-label="Yes" title="Can join the general waitlist">
          ✓
        </span>
      ) : (
        <span className="text-zinc-500" aria-label="No">
          –
        </span>
      ),
  },
  {
    header: <span className="sr-only">Actions</span>,
    align: 'right',
    cell: (role) => (
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
    ),
  },
]

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

function RoleForm({
  editing,
  roles,
  discordError,
}: {
  editing: EligibleRoleItem | null
  roles: GuildRoleItem[] | null
  discordError?: string
}) {
  const panel = usePanel()
  const { Form, hidden, busy, form, fields, formProps } = useSchemaForm('role', eligibleRoleSchema, {
    id: panel ? 'role-form-panel' : 'role-form-page',
    defaultValue: editing
      ? {
          role_name: editing.role_name,
          role_id: editing.role_id,
          can_join_general_waitlist: editing.can_join_general_waitlist ? 'on' : '',
        }
      : undefined,
    validateOn: 'onBlur',
  })

  return (
    <Section title={editing ? `Edit Role: ${editing.role_name}` : 'Add Role'}>
      {/* On a page the action is the URL with ?edit=ID: a 400 answer keeps Edit mode. */}
      <Form {...formProps} className="flex flex-col gap-3" aria-label={editing ? 'Edit role' : 'Add role'}>
        {hidden}
        <input type="hidden" name="intent" value={INTENTS.saveRole} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <DiscordUnreachableNotice error={discordError} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field {...fieldProps(fields.role_name, 'Role Name')}>
            {/* Edit mode puts the cursor in the form it just filled (it may sit below the table). */}
            <input
              {...inputProps(fields.role_name)}
              autoFocus={Boolean(editing)}
              placeholder="e.g. Rifleman"
              className={inputClass}
            />
          </Field>
          <RoleIdsPicker
            id={fields.role_id.id}
            name={fields.role_id.name}
            value={fields.role_id.initialValue}
            roles={roles}
            label={roles ? 'Discord Roles' : 'Role ID(s)'}
            errors={fields.role_id.errors}
            errorId={fields.role_id.errorId}
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-zinc-300">
          <input {...checkboxProps(fields.can_join_general_waitlist)} className="size-4 accent-brand-600" />
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
