import { Link } from 'react-router'
import type { DiscordPageData } from './data.ts'
import { DISCORD_INTENTS, PING_HISTORY_SIZES, type PingHistoryItem } from '#contracts/discord.ts'
import { smallDangerButton } from '#app/ui/button.ts'
import { Badge } from '#app/ui/badge.tsx'
import { ConfirmButtonForm, ConfirmStep } from '#app/ui/confirm.tsx'
import { DateTime } from '#app/ui/date-time.tsx'
import { EmptyState } from '#app/ui/field.tsx'

// Ping History (docs/rules/discord.md, scheduled pings): only a pending ping can be cancelled; 10, 25 or 50 a page.

const STATUS_TONE = { pending: 'warning', sent: 'success', failed: 'danger' } as const

function cancelPingKey(id: number): string {
  return `cancel-ping-${id}`
}

function cancelPingMessage(p: PingHistoryItem): string {
  return `Cancel the ${p.type} ping for ${p.target_name}? It will not be sent.`
}

export function PingHistory({ data }: { data: DiscordPageData }) {
  return (
    <section id="pings" aria-label="Ping History" className="rounded-xl border border-zinc-800 bg-zinc-900/60">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-zinc-800 px-4 py-3">
        <h3 className="font-semibold">Ping History</h3>
        <nav aria-label="Pings shown" className="flex gap-1 text-sm">
          {PING_HISTORY_SIZES.map((size) => (
            <Link
              key={size}
              to={`?pings=${size}#pings`}
              preventScrollReset
              aria-current={data.pingLimit === size ? 'true' : undefined}
              className={`rounded-md px-2 py-1 ${data.pingLimit === size ? 'bg-zinc-700 text-zinc-50' : 'text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100'}`}
            >
              {size}
            </Link>
          ))}
        </nav>
      </div>
      <div className="flex flex-col gap-3 px-4 py-4">
        {data.pings.map((p) => (
          <ConfirmStep
            key={p.id}
            confirmKey={cancelPingKey(p.id)}
            intent={DISCORD_INTENTS.cancelPing}
            fields={{ id: p.id, type: p.type }}
            message={cancelPingMessage(p)}
            confirmLabel="Cancel Ping"
          />
        ))}
        {data.pings.length === 0 ? (
          <EmptyState>No pings have been scheduled.</EmptyState>
        ) : (
          <ul className="divide-y divide-zinc-800" aria-label="Scheduled pings">
            {data.pings.map((p) => (
              <li key={p.id} data-testid="ping-row" className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start">
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={STATUS_TONE[p.status]}>{p.status.toUpperCase()}</Badge>
                    <span className="text-xs font-semibold text-zinc-400 uppercase">{p.type}</span>
                    <span className="font-medium text-zinc-100">{p.target_name}</span>
                  </div>
                  <p className="mt-1 text-sm text-zinc-400">
                    <DateTime iso={p.ping_time} /> · {p.channel_name ? `#${p.channel_name}` : p.channel_id}
                  </p>
                  <p className="mt-1 line-clamp-2 text-sm break-words whitespace-pre-line text-zinc-300">
                    {p.message_content}
                  </p>
                </div>
                {p.status === 'pending' ? (
                  <ConfirmButtonForm
                    formKey={cancelPingKey(p.id)}
                    intent={DISCORD_INTENTS.cancelPing}
                    fields={{ id: p.id, type: p.type }}
                    confirm={cancelPingMessage(p)}
                    label="Cancel"
                    className={smallDangerButton}
                    aria-label={`Cancel the ping for ${p.target_name}`}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
