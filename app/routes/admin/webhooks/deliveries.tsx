import {
  WEBHOOK_STATUS_LABELS,
  type WebhookDeliveryItem,
  type WebhookDeliveryStatus,
  type WebhookEndpointItem,
} from '#contracts/webhooks.ts'
import { useFormPost } from '#app/hooks/use-form-post.tsx'
import { Badge, type BadgeTone } from '#app/ui/badge.tsx'
import { buttonClass } from '#app/ui/button.ts'
import { DateTime } from '#app/ui/date-time.tsx'
import { Table, type Column } from '#app/ui/table.tsx'
import { WEBHOOK_INTENTS } from './intents.ts'

// An endpoint's last deliveries on the Webhooks page (the server keeps 100 per endpoint): the event, when, its status,
// the attempts, the last answer's status and time, the bodies sent and answered (cut at 4 KB), and Redeliver.

const STATUS_TONES: Record<WebhookDeliveryStatus, BadgeTone> = {
  pending: 'warning',
  delivered: 'success',
  failed: 'danger',
}

export function DeliveryList({
  endpoint,
  deliveries,
}: {
  endpoint: WebhookEndpointItem
  deliveries: WebhookDeliveryItem[]
}) {
  const columns: ReadonlyArray<Column<WebhookDeliveryItem>> = [
    {
      header: 'Event',
      rowHeader: true,
      cell: (d) => (
        <>
          <code className="font-mono text-xs text-zinc-100">{d.type}</code>
          <DateTime iso={d.created_at} className="mt-0.5 block text-xs font-normal whitespace-nowrap text-zinc-400" />
        </>
      ),
    },
    {
      header: 'Status',
      cell: (d) => (
        <Badge tone={STATUS_TONES[d.status]} data-testid="delivery-status">
          {WEBHOOK_STATUS_LABELS[d.status]}
        </Badge>
      ),
    },
    {
      header: 'Attempts',
      align: 'right',
      cell: (d) => d.attempts,
      cellClassName: 'tabular-nums',
    },
    {
      header: 'Answer',
      cell: (d) => <AnswerText delivery={d} />,
      className: 'whitespace-nowrap',
    },
    {
      header: <span className="sr-only">Details and Redeliver</span>,
      label: 'Details',
      align: 'right',
      cell: (d) => (
        <div className="flex flex-col items-end gap-1.5 max-md:items-start">
          <Redeliver endpoint={endpoint} delivery={d} />
          <Bodies delivery={d} />
        </div>
      ),
    },
  ]
  return (
    <section id="deliveries" aria-labelledby="deliveries-title" className="mt-4 flex flex-col gap-3">
      <div>
        <h2 id="deliveries-title" className="text-lg font-semibold">
          Deliveries
        </h2>
        <p className="text-sm break-all text-zinc-400">
          The last 100 sent to <span className="font-mono text-zinc-300">{endpoint.url}</span>, newest first.
        </p>
      </div>
      <Table
        label={`Deliveries to ${endpoint.url}`}
        stacked
        columns={columns}
        rows={deliveries}
        rowKey={(d) => d.id}
        rowProps={() => ({ 'data-testid': 'webhook-delivery' })}
        empty={<p className="py-2 text-sm text-zinc-400">Nothing sent yet: Send test posts a test event now.</p>}
      />
    </section>
  )
}

/** The last answer: its HTTP status and time, or why there was none (a timeout, a refused address). */
function AnswerText({ delivery }: { delivery: WebhookDeliveryItem }) {
  if (delivery.response_status === null && !delivery.error)
    return <span className="text-zinc-500">{delivery.status === 'pending' ? 'Not sent yet' : '–'}</span>
  return (
    <span className="flex flex-col text-xs">
      {delivery.response_status !== null ? (
        <span className="font-mono text-zinc-200">HTTP {delivery.response_status}</span>
      ) : null}
      {delivery.duration_ms !== null ? <span className="text-zinc-400">{delivery.duration_ms} ms</span> : null}
      {delivery.error ? <span className="max-w-56 whitespace-normal text-red-300">{delivery.error}</span> : null}
    </span>
  )
}

/** The bodies sent and answered, folded (a <details>: opens without JavaScript). */
function Bodies({ delivery }: { delivery: WebhookDeliveryItem }) {
  return (
    <details className="w-full max-w-md text-left text-xs">
      <summary className="cursor-pointer text-brand-400 hover:underline">Bodies</summary>
      <p className="mt-2 text-zinc-400">
        Sent, as <code className="font-mono">webhook-id: {delivery.id}</code>
      </p>
      <pre className="mt-1 max-h-48 overflow-auto rounded bg-zinc-950 p-2 font-mono whitespace-pre-wrap text-zinc-300">
        {delivery.request_body}
      </pre>
      <p className="mt-2 text-zinc-400">Answered</p>
      <pre className="mt-1 max-h-48 overflow-auto rounded bg-zinc-950 p-2 font-mono whitespace-pre-wrap text-zinc-300">
        {delivery.response_body || '(nothing)'}
      </pre>
    </details>
  )
}

/** Redeliver: the same message again (the same webhook-id); not while it is still being sent. */
function Redeliver({ endpoint, delivery }: { endpoint: WebhookEndpointItem; delivery: WebhookDeliveryItem }) {
  const { Form, action, hidden, busy } = useFormPost(`redeliver-${delivery.id}`)
  if (delivery.status === 'pending') return null
  return (
    <Form method="post" action={action}>
      {hidden}
      <input type="hidden" name="intent" value={WEBHOOK_INTENTS.redeliver} />
      <input type="hidden" name="id" value={endpoint.id} />
      <input type="hidden" name="delivery" value={delivery.id} />
      <button
        type="submit"
        className={buttonClass('secondary', 'xs')}
        disabled={busy || !endpoint.active}
        aria-busy={busy || undefined}
        aria-label={`Redeliver ${delivery.type} ${delivery.id}`}
      >
        Redeliver
      </button>
    </Form>
  )
}
