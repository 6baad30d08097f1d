import { usePanel } from '#app/hooks/use-form-post.tsx'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton } from '#app/ui/button.ts'
import { ConfirmButtonForm, ConfirmStep } from '#app/ui/confirm.tsx'
import { fieldProps, inputProps, pickOrIdProps } from '#app/ui/conform-props.ts'
import { DiscordUnreachableNotice, nameOf, PickOrId, rolePickOptions } from '#app/components/discord-pickers.tsx'
import type { GuildRoleItem } from '#contracts/guild.ts'
import { Field, inputClass, LoadError, Section } from '#app/ui/field.tsx'
import { platoonSchema, SETTINGS_INTENTS as INTENTS, type PlatoonItem } from '#contracts/settings.ts'
import { useSettingsState } from './state.tsx'
import type { PlatoonsData } from './types.ts'
import { useT } from '#app/ui/i18n.tsx'
import { useSettingsErrors } from './texts.ts'

// Platoons (docs/rules/orbat.md, platoons): the list with name, role ID and delete (its squads become unassigned), and
// Add New Platoon.

export function PlatoonsTab({ data }: { data: PlatoonsData }) {
  const t = useT('adminSettings')
  const deleteConfirm = (platoon: PlatoonItem) => t('platoons.deleteConfirm', { name: platoon.name })
  const confirm = useSettingsState('confirm')
  const confirming = data.platoons.find((platoon) => confirm === `${INTENTS.deletePlatoon}-${platoon.id}`)
  return (
    <div className="flex flex-col gap-6">
      <LoadError message={data.loadError} />
      {confirming ? (
        <ConfirmStep
          confirmKey={`${INTENTS.deletePlatoon}-${confirming.id}`}
          intent={INTENTS.deletePlatoon}
          fields={{ id: confirming.id }}
          message={deleteConfirm(confirming)}
          confirmLabel={t('common.delete')}
          cancelLabel={t('common.cancel')}
        />
      ) : null}
      <Section title={t('platoons.title')}>
        {data.platoons.length === 0 ? (
          <p className="text-sm text-zinc-400">{t('platoons.empty')}</p>
        ) : (
          <ul className="-mx-4 -my-4 divide-y divide-zinc-800" aria-label={t('platoons.title')}>
            {data.platoons.map((platoon) => (
              <li key={platoon.id} className="flex items-center gap-3 px-4 py-2.5" data-testid="platoon-row">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-zinc-100">{platoon.name}</p>
                  <p className="truncate text-xs text-zinc-400">
                    {t('platoons.role')}{' '}
                    <span
                      className={
                        data.discordRoles?.some((r) => r.id === platoon.discord_role_id) ? undefined : 'font-mono'
                      }
                    >
                      {nameOf(rolePickOptions(data.discordRoles), platoon.discord_role_id)}
                    </span>
                  </p>
                </div>
                <ConfirmButtonForm
                  formKey={`delete-platoon-${platoon.id}`}
                  intent={INTENTS.deletePlatoon}
                  fields={{ id: platoon.id }}
                  confirm={deleteConfirm(platoon)}
                  dialog={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}
                  label={t('common.delete')}
                  aria-label={t('common.deleteLabel', { name: platoon.name })}
                />
              </li>
            ))}
          </ul>
        )}
      </Section>
      <AddPlatoonForm roles={data.discordRoles} discordError={data.discordError} />
    </div>
  )
}

function AddPlatoonForm({ roles, discordError }: { roles: GuildRoleItem[] | null; discordError?: string }) {
  const t = useT('adminSettings.platoons.add')
  const common = useT('adminSettings.common')
  const errorsOf = useSettingsErrors()
  const panel = usePanel()
  const { Form, hidden, busy, fields, formProps } = useSchemaForm('platoon', platoonSchema, {
    id: panel ? 'platoon-form-panel' : 'platoon-form-page',
    validateOn: 'onBlur',
  })
  return (
    <Section title={t('title')}>
      <Form {...formProps} className="flex flex-col gap-3" aria-label={t('title')}>
        {hidden}
        <input type="hidden" name="intent" value={INTENTS.createPlatoon} />
        <DiscordUnreachableNotice error={discordError} unreachable={common('discordUnreachable')} />
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Field {...fieldProps(fields.name, t('name'))} errors={errorsOf(fields.name.errors)}>
            <input {...inputProps(fields.name)} placeholder={t('placeholder')} className={inputClass} />
          </Field>
          <Field
            {...fieldProps(fields.discord_role_id, roles ? t('discordRole') : t('discordRoleId'))}
            errors={errorsOf(fields.discord_role_id.errors)}
          >
            <PickOrId
              {...pickOrIdProps(fields.discord_role_id)}
              options={rolePickOptions(roles)}
              blankLabel={t('select')}
            />
          </Field>
        </div>
        <div className="flex">
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            {t('submit')}
          </button>
        </div>
      </Form>
    </Section>
  )
}
