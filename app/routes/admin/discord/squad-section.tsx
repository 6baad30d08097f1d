import type { DiscordPageData } from './data.ts'
import { channelPickOptions, nameOf, rolePickOptions } from '#app/components/discord-pickers.tsx'
import { DISCORD_INTENTS, squadMappingCreateSchema, type SquadRoleMappingItem } from '#contracts/discord.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton, smallButton } from '#app/ui/button.ts'
import { checkboxProps, fieldProps, selectProps } from '#app/ui/conform-props.ts'
import { ConfirmButtonForm, ConfirmStep } from '#app/ui/confirm.tsx'
import { DeleteButton, DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { EmptyState, Field, FieldError, Section, selectClass } from '#app/ui/field.tsx'
import { PostButton } from '#app/ui/post-button.tsx'

// Squad role mapping (docs/rules/discord.md, squad roles and channels): adding one creates a Discord role named after
// the squad and, when asked, a text channel under the squad channel category that only the squad role sees; removing
// one deletes the role and channel the app created.

/** The confirm step key of turning a squad's channel off (without JavaScript). */
export function removeChannelKey(id: number): string {
  return `remove-channel-${id}`
}

function deleteMappingMessage(m: SquadRoleMappingItem, channelName: string | null): string {
  return `Remove the role mapping of ${m.squad_name}? This deletes the Discord role ${m.squad_name}${m.create_discord_channel && m.discord_channel_id ? ` and the channel ${channelName ?? m.discord_channel_id}` : ''}.`
}

function removeChannelMessage(m: SquadRoleMappingItem, channelName: string | null): string {
  return `Delete the Discord channel ${channelName ?? m.discord_channel_id} of ${m.squad_name}?`
}

export function SquadSection({ data }: { data: DiscordPageData }) {
  const roles = rolePickOptions(data.roles)
  const channels = channelPickOptions(data.channels, 'channel')
  const channelName = (m: SquadRoleMappingItem) =>
    m.discord_channel_id ? nameOf(channels, m.discord_channel_id) : null
  return (
    <Section
      title="Squad Role Mapping"
      description="Each mapped squad has its own Discord role, and optionally a private text channel."
    >
      {/* Remounted once a mapping is added: the form starts empty again. */}
      <AddMappingForm key={data.squads.length} data={data} />
      <DeleteConfirmStep
        intent={DISCORD_INTENTS.deleteSquadMapping}
        items={data.squads}
        message={(m) => deleteMappingMessage(m, channelName(m))}
        confirmLabel="Remove"
      />
      {data.squads.map((m) => (
        <ConfirmStep
          key={m.id}
          confirmKey={removeChannelKey(m.id)}
          intent={DISCORD_INTENTS.updateSquadMapping}
          fields={{ id: m.id, create_discord_channel: '' }}
          message={removeChannelMessage(m, channelName(m))}
          confirmLabel="Delete Channel"
        />
      ))}
      {data.squads.length === 0 ? (
        <EmptyState>No squads are mapped yet.</EmptyState>
      ) : (
        <ul className="divide-y divide-zinc-800 rounded-lg border border-zinc-800" aria-label="Squad role mappings">
          {data.squads.map((m) => (
            <li
              key={m.id}
              data-testid="squad-mapping"
              className="flex flex-col gap-2 px-3 py-2.5 sm:flex-row sm:items-center"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium text-zinc-100">{m.squad_name}</p>
                <p className="text-sm break-words text-zinc-400 sm:truncate">
                  Role <span className="text-zinc-200">{nameOf(roles, m.discord_role_id)}</span>
                  {' · '}Channel <span className="text-zinc-200">{m.discord_channel_id ? channelName(m) : 'none'}</span>
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-1.5">
                {m.create_discord_channel && m.discord_channel_id ? (
                  <ConfirmButtonForm
                    formKey={removeChannelKey(m.id)}
                    intent={DISCORD_INTENTS.updateSquadMapping}
                    fields={{ id: m.id, create_discord_channel: '' }}
                    confirm={removeChannelMessage(m, channelName(m))}
                    label="Remove Channel"
                    className={smallButton}
                    aria-label={`Remove the channel of ${m.squad_name}`}
                  />
                ) : (
                  <PostButton
                    formKey={`add-channel-${m.id}`}
                    intent={DISCORD_INTENTS.updateSquadMapping}
                    fields={{ id: m.id, create_discord_channel: 'on' }}
                    label="Create Channel"
                    className={smallButton}
                    aria-label={`Create a channel for ${m.squad_name}`}
                  />
                )}
                <DeleteButton
                  intent={DISCORD_INTENTS.deleteSquadMapping}
                  id={m.id}
                  confirm={deleteMappingMessage(m, channelName(m))}
                  name={`the mapping of ${m.squad_name}`}
                  label="Remove"
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  )
}

function AddMappingForm({ data }: { data: DiscordPageData }) {
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm('add-squad-mapping', squadMappingCreateSchema, {
    id: 'add-squad-mapping',
    validateOn: 'onSubmit',
  })
  const noCategory = !data.settings.squad_channel_category_id
  return (
    <Form
      {...formProps}
      className="flex flex-col gap-3 rounded-lg border border-zinc-800 bg-zinc-950/40 p-3 sm:flex-row sm:items-end"
    >
      {hidden}
      <input type="hidden" name="intent" value={DISCORD_INTENTS.addSquadMapping} />
      <div className="flex-1">
        <Field {...fieldProps(fields.squad_id, 'Squad')}>
          <select {...selectProps(fields.squad_id)} className={`${selectClass} w-full`}>
            <option value="">{data.unmappedSquads.length ? 'Select a squad…' : 'Every squad is mapped'}</option>
            {data.unmappedSquads.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <label
        className="flex items-center gap-2 text-sm text-zinc-200 sm:pb-2"
        title={noCategory ? 'Set the squad channel category first.' : undefined}
      >
        <input {...checkboxProps(fields.create_discord_channel)} className="size-4 accent-brand-600" />
        Create a channel
      </label>
      <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
        Add Mapping
      </button>
      <FieldError id={form.errorId} errors={form.errors} />
    </Form>
  )
}
