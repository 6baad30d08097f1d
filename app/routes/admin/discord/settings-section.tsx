import { getFormProps } from '@conform-to/react'
import type { DiscordPageData } from './data.ts'
import { channelPickOptions, PickOrId, rolePickOptions } from '#app/components/discord-pickers.tsx'
import {
  DISCORD_INTENTS,
  DISCORD_SETTING_FIELDS,
  DISCORD_SETTING_KEYS,
  discordSettingsSchema,
} from '#contracts/discord.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton } from '#app/ui/button.ts'
import { Field, FieldError, Section } from '#app/ui/field.tsx'

// Global settings (docs/rules/settings.md, the settings keys): each chosen by name from the guild's channels, roles or
// categories; trimmed and saved only when changed (server/settings/admin-settings.ts saveDiscordSettings).

/** What a blank choice means where it is more than "not set". */
const BLANK_LABELS: Partial<Record<(typeof DISCORD_SETTING_KEYS)[number], string>> = {
  promotion_channel_id: 'Disabled (no announcements)',
  leave_channel_id: 'Disabled (no posts)',
  recruitment_channel_id: 'Disabled (no posts)',
  activity_digest_channel_id: 'Disabled (no digest)',
  admin_channel_id: 'Disabled (admin hub only)',
}

export function SettingsSection({ data }: { data: DiscordPageData }) {
  const { Form, busy, hidden, action, form, fields } = useSchemaForm('discord-settings', discordSettingsSchema, {
    id: 'discord-settings',
    defaultValue: data.settings,
    validateOn: 'onSubmit',
  })
  const options = {
    role: rolePickOptions(data.roles),
    channel: channelPickOptions(data.channels, 'channel'),
    category: channelPickOptions(data.channels, 'category'),
  }
  return (
    <Section title="Global Settings" description="The channels and roles the app uses on Discord.">
      <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-4">
        {hidden}
        <input type="hidden" name="intent" value={DISCORD_INTENTS.saveSettings} />
        <div className="grid gap-4 md:grid-cols-2">
          {DISCORD_SETTING_KEYS.map((key) => {
            const field = fields[key]
            const spec = DISCORD_SETTING_FIELDS[key]
            const value = typeof field.initialValue === 'string' ? field.initialValue : data.settings[key]
            return (
              <Field
                key={key}
                id={field.id}
                label={spec.label}
                errors={field.errors}
                errorId={field.errorId}
                hint={spec.hint}
              >
                <PickOrId
                  id={field.id}
                  name={field.name}
                  value={value}
                  options={options[spec.pick]}
                  blankLabel={BLANK_LABELS[key] ?? 'Not set'}
                  invalid={!!field.errors?.length}
                  errorId={field.errorId}
                />
              </Field>
            )
          })}
        </div>
        <FieldError id={form.errorId} errors={form.errors} />
        <div>
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            Save Settings
          </button>
        </div>
      </Form>
    </Section>
  )
}
