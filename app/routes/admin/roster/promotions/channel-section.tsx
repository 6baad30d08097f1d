import { promotionChannelSchema, ROSTER_INTENTS } from '#contracts/roster.ts'
import type { PromotionsData } from '#contracts/roster-types.ts'
import { useSchemaForm } from '#app/hooks/use-schema-form.ts'
import { primaryButton } from '#app/ui/button.ts'
import { Options } from '#app/ui/choices.tsx'
import { fieldProps, inputProps } from '#app/ui/conform-props.ts'
import { Field, FieldError, inputClass, Section } from '#app/ui/field.tsx'

// The promotion announcement channel: a pick of the guild's channels, or a plain id field when Discord cannot list
// them; blank turns the announcements off.

export function ChannelSection({ data }: { data: PromotionsData }) {
  const { Form, busy, hidden, form, fields, formProps } = useSchemaForm('promotion-channel', promotionChannelSchema, {
    id: 'promotion-channel',
    defaultValue: { channel_id: data.channelId },
    validateOn: 'onSubmit',
  })
  const channel = fields.channel_id
  const known = data.channels?.some((c) => c.id === data.channelId)
  return (
    <Section
      title="Announcement Channel"
      description="Promotions are announced in this Discord channel. Leave it blank to turn announcements off."
    >
      {data.channelsError ? (
        <p
          role="alert"
          className="rounded-md border border-amber-500/40 bg-amber-950/30 px-3 py-2 text-sm text-amber-100"
        >
          {/\.$/.test(data.channelsError) ? data.channelsError : `${data.channelsError}.`} Enter the channel ID instead.
        </p>
      ) : null}
      <Form {...formProps} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        {hidden}
        <input type="hidden" name="intent" value={ROSTER_INTENTS.saveChannel} />
        <div className="flex-1">
          {data.channels ? (
            <Field {...fieldProps(channel, 'Channel')}>
              <select name={channel.name} id={channel.id} defaultValue={data.channelId} className={inputClass}>
                <option value="">Disabled (no announcements)</option>
                {data.channelId && !known ? (
                  <option value={data.channelId}>Unknown channel ({data.channelId})</option>
                ) : null}
                <Options items={data.channels.map((c) => ({ value: c.id, label: `# ${c.name}` }))} />
              </select>
            </Field>
          ) : (
            <Field {...fieldProps(channel, 'Channel ID')}>
              <input
                {...inputProps(channel)}
                inputMode="numeric"
                autoComplete="off"
                placeholder="Blank = no announcements"
                className={`${inputClass} font-mono`}
              />
            </Field>
          )}
        </div>
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy || undefined}>
          Save Channel
        </button>
      </Form>
      <FieldError id={form.errorId} errors={form.errors} />
    </Section>
  )
}
