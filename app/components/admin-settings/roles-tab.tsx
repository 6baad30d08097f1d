import { useMemo } from 'react'
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
import { useT } from '#app/ui/i18n.tsx'
import { useSettingsErrors } from './texts.ts'

// Eligible Roles (who may fill a role-locked slot or join the waitlist: docs/rules/orbat.md): the table, the add/edit
// form (Add and Edit mode), and the Danger Zone purge.

/** The General Waitlist column's mark (its name is the cell's label). */
const TICK = '✓'

type RolesT = ReturnType<typeof useT<'adminSettings'>>

export function RolesTab({ data }: { data: RolesData }) {
  const t = useT('adminSettings')
  const purgeConfirm = t('roles.purgeConfirm')
  const dialog = { confirm: t('common.confirm'), cancel: t('common.cancel') }
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
          message={t('roles.deleteConfirm', { name: confirming.role_name })}
          confirmLabel={t('common.delete')}
          cancelLabel={t('common.cancel')}
        />
      ) : null}
      <ConfirmStep
        confirmKey={INTENTS.purgeWaitlist}
        intent={INTENTS.purgeWaitlist}
        message={purgeConfirm}
        confirmLabel={t('roles.purge')}
        cancelLabel={t('common.cancel')}
      />

      <Section title={t('roles.title')} description={t('roles.description')}>
        <RolesTable roles={data.roles} editingId={editing?.id ?? null} />
      </Section>

      {/* Re-mounted per mode so Edit fills the form and Add starts empty. */}
      <RoleForm
        key={editing ? `edit-${editing.id}` : 'add'}
        editing={editing}
        roles={data.discordRoles}
        discordError={data.discordError}
      />

      <Section title={t('roles.dangerZone')} tone="danger">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-zinc-300">{t('roles.purgeText')}</p>
          <ConfirmButtonForm
            formKey="purge"
            intent={INTENTS.purgeWaitlist}
            confirm={purgeConfirm}
            dialog={dialog}
            label={t('roles.purge')}
          />
        </div>
      </Section>
    </div>
  )
}

function RolesTable({ roles, editingId }: { roles: EligibleRoleItem[]; editingId: number | null }) {
  const t = useT('adminSettings')
  const columns = useMemo(() => roleColumns(t), [t])
  if (roles.length === 0) return <p className="text-sm text-zinc-400">{t('roles.empty')}</p>
  return (
    <Table
      label={t('roles.title')}
      flush
      columns={columns}
      rows={roles}
      rowKey={(role) => role.id}
      rowProps={(role) => ({
        'data-testid': 'role-row',
        className: role.id === editingId ? 'bg-brand-600/10' : undefined,
      })}
    />
  )
}

// On a narrow container (a phone) the ids and the general waitlist move under the name: the actions keep their room in
// every language.
const roleColumns = (t: RolesT): ReadonlyArray<Column<EligibleRoleItem>> => [
  {
    header: t('roles.columns.name'),
    rowHeader: true,
    cell: (role) => (
      <>
        {role.role_name}
        <span className="mt-0.5 block font-mono text-xs font-normal text-zinc-400 @md:hidden">
          <RoleIds ids={role.role_id} />
        </span>
        {role.can_join_general_waitlist ? (
          <span className="mt-0.5 block text-xs font-normal text-brand-400 @md:hidden">
            {TICK} {t('roles.canJoinTitle')}
          </span>
        ) : null}
      </>
    ),
  },
  {
    header: t('roles.columns.ids'),
    className: 'hidden @md:table-cell',
    cellClassName: 'font-mono text-xs text-zinc-300',
    cell: (role) => <RoleIds ids={role.role_id} />,
  },
  {
    header: t('roles.columns.general'),
    align: 'center',
    className: 'hidden @md:table-cell',
    cell: (role) =>
      role.can_join_general_waitlist ? (
        <span className="text-brand-400" aria-label={t('roles.yes')} title={t('roles.canJoinTitle')}>
          {TICK}
        </span>
      ) : (
        <span className="text-zinc-500" aria-label={t('roles.no')}>
          –
        </span>
      ),
  },
  {
    header: <span className="sr-only">{t('common.actions')}</span>,
    align: 'right',
    cell: (role) => (
      <div className="flex flex-col items-stretch gap-1.5 @lg:flex-row @lg:justify-end @lg:gap-2">
        <StateLink
          state={{ edit: String(role.id) }}
          className={secondaryButton}
          aria-label={t('roles.editLabel', { name: role.role_name })}
        >
          {t('roles.edit')}
        </StateLink>
        <ConfirmButtonForm
          formKey={`delete-role-${role.id}`}
          intent={INTENTS.deleteRole}
          fields={{ id: role.id }}
          confirm={t('roles.deleteConfirm', { name: role.role_name })}
          dialog={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}
          label={t('common.delete')}
          aria-label={t('common.deleteLabel', { name: role.role_name })}
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
  const t = useT('adminSettings')
  const errorsOf = useSettingsErrors()
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
    <Section title={editing ? t('roles.form.editTitle', { name: editing.role_name }) : t('roles.form.addTitle')}>
      {/* On a page the action is the URL with ?edit=ID: a 400 answer keeps Edit mode. */}
      <Form
        {...formProps}
        className="flex flex-col gap-3"
        aria-label={editing ? t('roles.form.editLabel') : t('roles.form.addLabel')}
      >
        {hidden}
        <input type="hidden" name="intent" value={INTENTS.saveRole} />
        {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
        <DiscordUnreachableNotice error={discordError} unreachable={t('common.discordUnreachable')} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field {...fieldProps(fields.role_name, t('roles.form.name'))} errors={errorsOf(fields.role_name.errors)}>
            {/* Edit mode puts the cursor in the form it just filled (it may sit below the table). */}
            <input
              {...inputProps(fields.role_name)}
              autoFocus={Boolean(editing)}
              placeholder={t('roles.form.namePlaceholder')}
              className={inputClass}
            />
          </Field>
          <RoleIdsPicker
            id={fields.role_id.id}
            name={fields.role_id.name}
            value={fields.role_id.initialValue}
            roles={roles}
            label={roles ? t('roles.form.discordRoles') : t('roles.columns.ids')}
            errors={errorsOf(fields.role_id.errors)}
            errorId={fields.role_id.errorId}
            texts={{
              placeholder: t('roles.form.idsPlaceholder'),
              unknown: (id) => t('roles.form.unknownRole', { id }),
            }}
          />
        </div>
        <label className="flex items-center gap-2 text-sm text-zinc-300">
          <input {...checkboxProps(fields.can_join_general_waitlist)} className="size-4 accent-brand-600" />
          {t('roles.form.canJoin')}
        </label>
        <FieldError id={form.errorId} errors={errorsOf(form.errors)} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            {editing ? t('roles.form.update') : t('roles.form.addTitle')}
          </button>
          {editing ? (
            <StateLink state={null} className={buttonClass('secondary', 'md')}>
              {t('common.cancel')}
            </StateLink>
          ) : null}
        </div>
      </Form>
    </Section>
  )
}
