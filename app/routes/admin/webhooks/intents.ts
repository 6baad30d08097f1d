// The Webhooks page's posts (app/routes/admin/webhooks/route.tsx) and what its action answers besides a redirect.

export const WEBHOOK_INTENTS = {
  save: 'save-webhook',
  remove: 'delete-webhook',
  rotate: 'rotate-webhook-secret',
  test: 'test-webhook',
  redeliver: 'redeliver-webhook',
} as const

/** A signing secret, answered once (after Add endpoint or Rotate secret), never kept in a URL or a cookie. */
export interface WebhookSecretShown {
  endpointId: number
  url: string
  secret: string
  message: string
}

export type WebhooksActionData = { ok: true; secret: WebhookSecretShown }
