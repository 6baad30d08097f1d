import { getFormProps } from '@conform-to/react'
import type { DiscordPageData } from './data.ts'
import {
  DEFAULT_DISCORD_EVENT_LOCATION,
  DISCORD_EVENT_DRIFT,
  DISCORD_EVENT_HOURS,
  DISCORD_EVENT_SETTINGS_INTENT,
  DRIFT_LABELS,
  discordEventSettingsSchema,
} from '#contracts/discord-events.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton } from '#app/ui/button.ts'
import { checkboxProps, fieldProps, inputProps, pickOrIdProps, selectProps } from '#app/ui/conform-props.ts'
import { PickOrId } from '#app/components/discord-pickers.tsx'
import { Field, FieldError, inputClass, Section, selectClass } from '#app/ui/field.tsx'

// Scheduled events (docs/rules/discord.md, Scheduled events): whether a new event or training is published on Discord
// unless its form says otherwise, where the Discord events take place, and what the nightly reconcile does with one
// deleted by hand. A plain form: it works without JavaScript (server/settings/admin-settings.ts saves it).

export function ScheduledEventsSection({ data }: { data: DiscordPageData }) {
  const current = data.eventSettings
  const { Form, busy, hidden, action, form, fields } = useSchemaForm(
    'discord-event-settings',
    discordEventSettingsSchema,
    {
      id: 'discord-event-settings',
      defaultValue: {
        discord_events_default: current.discord_events_default ? 'on' : '',
        discord_events_location: current.discord_events_location,
        discord_events_drift: current.discord_events_drift,
        discord_events_channel_id: current.discord_events_channel_id,
      },
      validateOn: 'onSubmit',
    },
  )
  return (
    <Section
      title="Scheduled Events"
      description={`Events and trainings published as Discord events: their name, start, an end ${DISCORD_EVENT_HOURS} hours later, and a link to the app.`}
    >
      <Form method="post" action={action} {...getFormProps(form)} className="flex flex-col gap-4">
        {hidden}
        <input type="hidden" name="intent" value={DISCORD_EVENT_SETTINGS_INTENT} />
        <label className="flex items-start gap-2 text-sm text-zinc-300">
          <input {...checkboxProps(fields.discord_events_default)} className="mt-0.5 size-4 accent-brand-600" />
          <span>
            Publish new events and trainings on Discord by default
            <span className="block text-xs text-zinc-500">Each form's own box can still say otherwise.</span>
          </span>
        </label>
        <div className="grid gap-4 md:grid-cols-2">
          <Field
            {...fieldProps(fields.discord_events_location, 'Location')}
            hint={`Shown on the Discord event. Blank: ${DEFAULT_DISCORD_EVENT_LOCATION}.`}
          >
            <input
              {...inputProps(fields.discord_events_location)}
              placeholder={DEFAULT_DISCORD_EVENT_LOCATION}
              className={inputClass}
            />
          </Field>
          <Field
            {...fieldProps(fields.discord_events_channel_id, 'Voice channel')}
            hint="Where the Discord events take place. None: an external event at the location above."
          >
            <PickOrId
              {...pickOrIdProps(fields.discord_events_channel_id)}
              options={data.voiceChannels?.map((c) => ({ id: c.id, label: `🔊 ${c.name}` })) ?? null}
              blankLabel="None (at the location)"
            />
          </Field>
          <Field
            {...fieldProps(fields.discord_events_drift, 'A Discord event deleted by hand')}
            hint="What the nightly reconcile does with it."
          >
            <select {...selectProps(fields.discord_events_drift)} className={selectClass}>
              {DISCORD_EVENT_DRIFT.map((value) => (
                <option key={value} value={value}>
                  {DRIFT_LABELS[value]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <FieldError id={form.errorId} errors={form.errors} />
        <div>
          <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
            Save Scheduled Event Settings
          </button>
        </div>
      </Form>
    </Section>
  )
}
