import type { ReactNode } from 'react'
import type { DiscordPageData } from './data.ts'
import { nameOf, rolePickOptions } from '#app/components/discord-pickers.tsx'
import { DISCORD_INTENTS } from '#contracts/discord.ts'
import { dangerButton } from '#app/ui/button.ts'
import { ConfirmButtonForm, ConfirmStep } from '#app/ui/confirm.tsx'
import { Section } from '#app/ui/field.tsx'
import { countOf } from '#contracts/plural.ts'

// Danger Zone (the purges of docs/rules/discord.md): each purge behind a confirmation that names what goes.

function purgeSquadsMessage(data: DiscordPageData): string {
  const names = data.squads.map((m) => m.squad_name)
  const channels = data.squads.filter((m) => m.create_discord_channel && m.discord_channel_id).length
  return names.length
    ? `Purge squad integrations? This deletes the Discord roles of ${names.join(', ')}, ${countOf(channels, 'squad channel')} and every squad role mapping.`
    : 'Purge squad integrations? There are no squad role mappings to delete.'
}

function purgeEventPingMessage(data: DiscordPageData): string {
  const role = nameOf(rolePickOptions(data.roles), data.settings.event_ping_role_id)
  return `Remove the event ping role ${role} from every member of the Discord server who holds it?`
}

export function DangerSection({ data }: { data: DiscordPageData }) {
  const hasPingRole = !!data.settings.event_ping_role_id
  return (
    <Section title="Danger Zone" tone="danger" description="These cannot be undone.">
      <ConfirmStep
        confirmKey={DISCORD_INTENTS.purgeSquads}
        intent={DISCORD_INTENTS.purgeSquads}
        message={purgeSquadsMessage(data)}
        confirmLabel="Purge"
      />
      <ConfirmStep
        confirmKey={DISCORD_INTENTS.purgeEventPing}
        intent={DISCORD_INTENTS.purgeEventPing}
        message={purgeEventPingMessage(data)}
        confirmLabel="Purge"
      />
      <DangerRow
        title="Purge Squad Integrations"
        text="Deletes every squad role and channel the app created, and the mappings."
      >
        <ConfirmButtonForm
          formKey={DISCORD_INTENTS.purgeSquads}
          intent={DISCORD_INTENTS.purgeSquads}
          confirm={purgeSquadsMessage(data)}
          label="Purge Squad Integrations"
          className={dangerButton}
        />
      </DangerRow>
      <DangerRow
        title="Purge Event Ping Role"
        text={
          hasPingRole ? 'Removes the event ping role from every member who holds it.' : 'Set an event ping role first.'
        }
        divided
      >
        <ConfirmButtonForm
          formKey={DISCORD_INTENTS.purgeEventPing}
          intent={DISCORD_INTENTS.purgeEventPing}
          confirm={purgeEventPingMessage(data)}
          label="Purge Event Ping Role"
          className={dangerButton}
          disabled={!hasPingRole}
        />
      </DangerRow>
    </Section>
  )
}

/** One purge: what it does, and its button. */
function DangerRow({
  title,
  text,
  divided = false,
  children,
}: {
  title: string
  text: string
  /** A line above it (every row but the first). */
  divided?: boolean
  children: ReactNode
}) {
  const line = divided ? 'border-t border-red-500/20 pt-4' : ''
  return (
    <div className={`flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between ${line}`}>
      <div>
        <p className="font-medium text-zinc-100">{title}</p>
        <p className="text-sm text-zinc-400">{text}</p>
      </div>
      {children}
    </div>
  )
}
