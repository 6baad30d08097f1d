import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link, useActionData, useSearchParams } from 'react-router'
import type { Route } from './+types/route'
import { EndpointFormDialog } from './endpoint-form.tsx'
import { DeliveryList } from './deliveries.tsx'
import { WEBHOOK_INTENTS, type WebhooksActionData } from './intents.ts'
import { parseIdText } from '#contracts/fields.ts'
import { countOf } from '#contracts/plural.ts'
import {
  WEBHOOK_MESSAGES,
  webhookEndpointSchema,
  type WebhookDeliveryItem,
  type WebhookEndpointItem,
} from '#contracts/webhooks.ts'
import { deleteRecord, runUseCase } from '#app/forms/actions.ts'
import {
  askToConfirm,
  failInline,
  failWithToast,
  invalid,
  postedId,
  readAdminPost,
  succeed,
  unknownIntent,
  type AdminPost,
} from '#app/forms/respond.ts'
import { useStateHref } from '#app/hooks/url-state.ts'
import { useFormPost } from '#app/hooks/use-form-post.tsx'
import { AdminPageHeader } from '#app/ui/admin-page-header.tsx'
import { Badge } from '#app/ui/badge.tsx'
import { buttonClass, primaryButton, smallButton } from '#app/ui/button.ts'
import { ConfirmButtonForm } from '#app/ui/confirm.tsx'
import { CopyField } from '#app/ui/copy-field.tsx'
import { confirmKeyOf, DeleteButton, DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { EmptyState, LoadError } from '#app/ui/field.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { withLoadError } from '#server/load-error.ts'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
} from '#server/webhooks/endpoints.ts'

// Webhooks (docs/rules/webhooks.md, docs/webhooks.md): the endpoints the unit's other tools listen on, each with its
// events, active or paused; Add endpoint and Edit (URL dialogs), the signing secret shown once after Add and Rotate
// secret, Send test, Delete (confirmed), and the chosen endpoint's last deliveries with Redeliver. Every form is a plain
// post: the page works without JavaScript. The same use cases answer /api/admin/webhooks.

const deleteQuestion = (endpoint: WebhookEndpointItem) =>
  `Delete the endpoint ${endpoint.url}? It is sent nothing more, and its delivery log goes with it.`
const rotateQuestion = (endpoint: WebhookEndpointItem) =>
  `Make a new signing secret for ${endpoint.url}? The receiver must be given the new one: deliveries signed with it fail the old one's check.`

interface WebhooksData {
  endpoints: WebhookEndpointItem[]
  /** The endpoint whose deliveries are shown (?endpoint=<id>, else the first). */
  shown: number | null
  deliveries: WebhookDeliveryItem[]
  loadError?: string
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<WebhooksData> {
  await requirePageUser(request, context, 'admin')
  const { db } = getServices(context)
  const asked = parseIdText(new URL(request.url).searchParams.get('endpoint'))
  return withLoadError(
    'admin webhooks',
    async () => {
      const endpoints = await listWebhookEndpoints(db)
      const shown = endpoints.find((e) => e.id === asked)?.id ?? endpoints[0]?.id ?? null
      return { endpoints, shown, deliveries: shown === null ? [] : await listWebhookDeliveries(db, shown) }
    },
    { endpoints: [], shown: null, deliveries: [] },
    'Failed to load the webhooks.',
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  const services = getServices(context)
  const id = postedId(post) ?? 0
  switch (post.intent) {
    case WEBHOOK_INTENTS.save:
      return saveEndpoint(post)
    case WEBHOOK_INTENTS.remove:
      return deleteRecord(post, (endpoint) => deleteWebhookEndpoint(services, post.admin, endpoint), {
        success: WEBHOOK_MESSAGES.deleted,
        failure: 'Could not delete the endpoint.',
      })
    case WEBHOOK_INTENTS.rotate: {
      if (!post.confirmed) return askToConfirm(post, confirmKeyOf(post.intent, id))
      try {
        const { secret } = await rotateWebhookSecret(services, post.admin, id)
        return secretAnswer(id, await urlOf(post, id), secret, WEBHOOK_MESSAGES.rotated)
      } catch (error) {
        return failWithToast(post, error, 'Could not make a new secret.')
      }
    }
    case WEBHOOK_INTENTS.test:
      return runUseCase(post, () => sendWebhookTest(services, post.admin, id), {
        success: WEBHOOK_MESSAGES.testQueued,
        failure: 'Could not send the test event.',
        to: () => deliveriesHref(post, id),
      })
    case WEBHOOK_INTENTS.redeliver:
      return runUseCase(
        post,
        () => redeliverWebhook(services, post.admin, id, String(post.form.get('delivery') ?? '')),
        { success: WEBHOOK_MESSAGES.redeliverQueued, failure: 'Could not deliver it again.' },
      )
    default:
      return unknownIntent(post)
  }
}

/** Add endpoint (answers the new secret, once) or Edit (back to the page with a toast). */
async function saveEndpoint(post: AdminPost) {
  const submission = parseWithZod(post.form, { schema: webhookEndpointSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  // The form always has the Active box: unticked is paused (the /api leaves `active` out to keep it as it is).
  const value = { ...submission.value, active: submission.value.active ?? false }
  const services = getServices(post.context)
  const id = postedId(post)
  try {
    if (id) {
      await updateWebhookEndpoint(services, post.admin, id, value)
      return succeed(post, WEBHOOK_MESSAGES.saved)
    }
    const created = await createWebhookEndpoint(services, post.admin, value)
    return secretAnswer(created.id, value.url, created.secret, WEBHOOK_MESSAGES.created)
  } catch (error) {
    return failInline(post, submission, error, 'Could not save the endpoint.')
  }
}

/** The secret in the action's answer, never in a redirect's URL or a cookie: the page shows it once. */
function secretAnswer(endpointId: number, url: string, secret: string, message: string) {
  return data<WebhooksActionData>({ ok: true, secret: { endpointId, url, secret, message } })
}

async function urlOf(post: AdminPost, id: number): Promise<string> {
  const endpoints = await listWebhookEndpoints(getServices(post.context).db)
  return endpoints.find((e) => e.id === id)?.url ?? ''
}

/** The page showing one endpoint's deliveries (where Send test lands, so the test's row is in view). */
function deliveriesHref(post: AdminPost, id: number): string {
  const [path, query = ''] = post.back.split('?')
  const params = new URLSearchParams(query)
  params.set('endpoint', String(id))
  return `${path}?${params}#deliveries`
}

export default function WebhooksPage({ loaderData }: Route.ComponentProps) {
  const { endpoints, shown, deliveries, loadError } = loaderData
  const [searchParams] = useSearchParams()
  const href = useStateHref()
  const answer = useActionData<WebhooksActionData>()
  const secret = answer && 'secret' in answer ? answer.secret : null
  const dialog = searchParams.get('dialog')
  const editing = endpoints.find((e) => e.id === parseIdText(searchParams.get('edit'))) ?? null
  const closeHref = href(null)
  const shownEndpoint = endpoints.find((e) => e.id === shown) ?? null

  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <AdminPageHeader
        title="Webhooks"
        description={
          <p>
            Tell the unit&apos;s other tools (a website, a stats bot, a spreadsheet, the game server&apos;s scripts)
            what happens here as it happens: each change is posted to the endpoints that asked for it, signed the
            Standard Webhooks way, and retried for a day.
          </p>
        }
        actions={
          <Link to={href({ dialog: 'add' })} preventScrollReset className={primaryButton}>
            Add endpoint
          </Link>
        }
      />

      <div className="mt-6 flex flex-col gap-4">
        {secret ? <SecretShown shown={secret} /> : null}
        <LoadError message={loadError} />
        <DeleteConfirmStep
          intent={WEBHOOK_INTENTS.remove}
          items={endpoints}
          message={deleteQuestion}
          confirmLabel="Delete"
        />
        <DeleteConfirmStep
          intent={WEBHOOK_INTENTS.rotate}
          items={endpoints}
          message={rotateQuestion}
          confirmLabel="Rotate secret"
        />
        {endpoints.length === 0 && !loadError ? (
          <EmptyState title="No endpoints yet">
            Add one to have its URL sent the events it asks for, each signed with a secret only it and the app know.
          </EmptyState>
        ) : (
          <>
            <p className="text-sm text-zinc-400" data-testid="endpoint-count">
              {countOf(endpoints.length, 'endpoint')}
            </p>
            <ul className="flex flex-col gap-3" aria-label="Endpoints">
              {endpoints.map((endpoint) => (
                <EndpointCard
                  key={endpoint.id}
                  endpoint={endpoint}
                  shown={endpoint.id === shown}
                  deliveriesHref={href({ endpoint: endpoint.id })}
                  editHref={href({ dialog: 'edit', edit: endpoint.id })}
                />
              ))}
            </ul>
          </>
        )}
        {shownEndpoint ? <DeliveryList endpoint={shownEndpoint} deliveries={deliveries} /> : null}
      </div>

      {dialog === 'add' ? <EndpointFormDialog editing={null} closeHref={closeHref} /> : null}
      {dialog === 'edit' && editing ? (
        <EndpointFormDialog key={editing.id} editing={editing} closeHref={closeHref} />
      ) : null}
    </main>
  )
}

/** The secret just made: shown in this answer only, with what to do with it. */
function SecretShown({ shown }: { shown: NonNullable<WebhooksActionData['secret']> }) {
  return (
    <section
      aria-label="Signing secret"
      className="flex flex-col gap-2 rounded-lg border border-emerald-500/40 bg-emerald-950/30 p-3"
      data-testid="webhook-secret"
    >
      <p role="status" className="text-sm font-medium text-emerald-100">
        {shown.message}
      </p>
      <CopyField id="webhook-secret" label={`Signing secret of ${shown.url}`} value={shown.secret} />
      <p className="text-xs text-zinc-400">
        The receiver checks each request&apos;s <code className="font-mono">webhook-signature</code> header with it,
        using any Standard Webhooks library.
      </p>
    </section>
  )
}

function EndpointCard({
  endpoint,
  shown,
  deliveriesHref,
  editHref,
}: {
  endpoint: WebhookEndpointItem
  shown: boolean
  deliveriesHref: string
  editHref: string
}) {
  return (
    <li
      data-testid="webhook-endpoint"
      className={`flex flex-col gap-3 rounded-xl border bg-zinc-900/60 px-4 py-3 ${shown ? 'border-brand-600/60' : 'border-zinc-800'}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="font-mono text-sm break-all text-zinc-100">{endpoint.url}</p>
          {endpoint.description ? <p className="mt-0.5 text-sm text-zinc-300">{endpoint.description}</p> : null}
        </div>
        <EndpointState endpoint={endpoint} />
      </div>
      <p className="text-xs text-zinc-400">
        <span className="sr-only">Events: </span>
        {endpoint.events.map((type, index) => (
          <span key={type}>
            {index ? ', ' : ''}
            <code className="font-mono">{type}</code>
          </span>
        ))}
      </p>
      <div className="flex flex-wrap gap-1.5">
        <Link
          to={deliveriesHref}
          preventScrollReset
          className={smallButton}
          aria-current={shown ? 'true' : undefined}
          aria-label={`Deliveries to ${endpoint.url}`}
        >
          Deliveries
        </Link>
        <Link to={editHref} preventScrollReset className={smallButton} aria-label={`Edit ${endpoint.url}`}>
          Edit
        </Link>
        <SendTest endpoint={endpoint} />
        <ConfirmButtonForm
          formKey={confirmKeyOf(WEBHOOK_INTENTS.rotate, endpoint.id)}
          intent={WEBHOOK_INTENTS.rotate}
          fields={{ id: endpoint.id }}
          confirm={rotateQuestion(endpoint)}
          label="Rotate secret"
          className={smallButton}
          aria-label={`Rotate the secret of ${endpoint.url}`}
        />
        <DeleteButton
          intent={WEBHOOK_INTENTS.remove}
          id={endpoint.id}
          confirm={deleteQuestion(endpoint)}
          name={endpoint.url}
        />
      </div>
      {endpoint.active ? null : (
        <p className="text-xs text-zinc-400">
          Paused: it is sent nothing, and Send test and Redeliver wait until Edit makes it active again.
        </p>
      )}
    </li>
  )
}

function EndpointState({ endpoint }: { endpoint: WebhookEndpointItem }) {
  if (endpoint.active) return <Badge tone="success">Active</Badge>
  return (
    <div className="flex max-w-xs flex-col items-start gap-1 sm:items-end">
      <Badge tone={endpoint.paused_reason ? 'danger' : 'muted'}>Paused</Badge>
      {endpoint.paused_reason ? (
        <p className="text-xs text-red-300 sm:text-right" data-testid="paused-reason">
          {endpoint.paused_reason}
        </p>
      ) : null}
    </div>
  )
}

/** Send test: a `webhook.test` event to this endpoint now (off while it is paused). */
function SendTest({ endpoint }: { endpoint: WebhookEndpointItem }) {
  const { Form, action, hidden, busy } = useFormPost(`test-webhook-${endpoint.id}`)
  return (
    <Form method="post" action={action}>
      {hidden}
      <input type="hidden" name="intent" value={WEBHOOK_INTENTS.test} />
      <input type="hidden" name="id" value={endpoint.id} />
      <button
        type="submit"
        className={buttonClass('secondary', 'xs')}
        disabled={busy || !endpoint.active}
        aria-busy={busy || undefined}
        aria-label={`Send a test event to ${endpoint.url}`}
        title={endpoint.active ? undefined : 'The endpoint is paused: make it active first.'}
      >
        Send test
      </button>
    </Form>
  )
}

export function meta() {
  return [{ title: 'Webhooks · Task Force HQ' }]
}
