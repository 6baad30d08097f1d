// A webhook receiver of the tests' own, in its own process (tests/harness/webhook-receiver-process.ts): https like a
// real one, so the sender's address rules, TLS, timeouts and signatures are exercised end to end.
import { fork } from 'node:child_process'
import { Webhook } from 'standardwebhooks'

export interface ReceivedWebhook {
  path: string
  at: number
  headers: { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string }
  body: string
}

export interface WebhookReceiver {
  /** https://localhost:PORT; add it to WEBHOOK_ENDPOINT_ALLOW. */
  origin: string
  /** The certificate, for the sender's NODE_EXTRA_CA_CERTS. */
  caFile: string
  received: ReceivedWebhook[]
  /** What arrived at a path (e.g. '/a'). */
  at: (path: string) => ReceivedWebhook[]
  /** The next requests to `path` answer these, in order (then 200). */
  plan: (
    path: string,
    answers: Array<{ status: number; delayMs?: number; body?: string; location?: string }>,
  ) => Promise<void>
  close: () => Promise<void>
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const child = fork('tests/harness/webhook-receiver-process.ts', [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const received: ReceivedWebhook[] = []
  const acks = new Map<number, () => void>()
  let seq = 0
  const ready = await new Promise<{ origin: string; caFile: string }>((resolve, reject) => {
    child.on(
      'message',
      (message: { ready?: { origin: string; caFile: string }; received?: ReceivedWebhook; ack?: number }) => {
        if (message.ready) resolve(message.ready)
        if (message.received) received.push(message.received)
        if (message.ack !== undefined) acks.get(message.ack)?.()
      },
    )
    child.once('exit', (code) => reject(new Error(`the webhook receiver exited (${code}) before it was ready`)))
  })
  return {
    ...ready,
    received,
    at: (path) => received.filter((r) => r.path === path),
    plan: (path, answers) =>
      new Promise<void>((resolve) => {
        const n = ++seq
        acks.set(n, resolve)
        child.send({ plan: { path, answers }, seq: n })
      }),
    close: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.disconnect()
      await exited
    },
  }
}

/** The event a request carried, after checking its signature with a Standard Webhooks library (throws when wrong). */
export function verified(secret: string, request: ReceivedWebhook): { type: string; timestamp: string; data: unknown } {
  return new Webhook(secret).verify(request.body, request.headers) as { type: string; timestamp: string; data: unknown }
}
