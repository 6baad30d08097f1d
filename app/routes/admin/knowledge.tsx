import { parseWithZod } from '@conform-to/zod/v4'
import { Link, useSearchParams } from 'react-router'
import type { Route } from './+types/knowledge'
import { PacketFormDialog } from '#app/components/admin-events/packet-form.tsx'
import { askToConfirm, failInline, failWithToast, idOf, invalid, readAdminPost, succeed, type AdminPost } from '#app/components/admin-events/respond.server.ts'
import { DELETE_PACKET_CONFIRM, INTENTS, packetFormSchema } from '#app/components/admin-events/schemas.ts'
import { KNOWLEDGE_PATH, type PacketItem } from '#app/components/admin-events/types.ts'
import { ConfirmButtonForm, ConfirmStep, EmptyState, Notice, primaryButton, smallButton, smallDangerButton, useStateHref } from '#app/components/admin-events/ui.tsx'
import { parseInput, runAdmin } from '#server/admin/request.ts'
import { assertAdminPage } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { Invalid } from '#server/errors.ts'
import { createPacket, deletePacket, listPackets, packetInputSchema, updatePacket } from '#server/library/library.ts'
import { logger } from '#server/logger.ts'

// Manage Library (spec 2 §2, §5, §7 Library, §8): the documents with a count, Add Document, Edit and delete (confirmed).
// The same services and rules as /api/knowledge. Dialogs are URL states (?dialog=edit&packet=3).

interface KnowledgeData {
  packets: PacketItem[]
  loadError?: string
}

export async function loader({ context }: Route.LoaderArgs): Promise<KnowledgeData> {
  assertAdminPage(context)
  try {
    return { packets: await listPackets(getServices(context).db) }
  } catch (error) {
    logger.error({ msg: 'manage library: loading packets failed', error: error instanceof Error ? error.stack : String(error) })
    return { packets: [], loadError: 'Failed to load packets.' }
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context, KNOWLEDGE_PATH)
  switch (post.intent) {
    case INTENTS.savePacket:
      return savePacket(post)
    case INTENTS.deletePacket: {
      const id = idOf(post.form.get('id'))
      if (id !== null && !post.confirmed) return askToConfirm(post, `delete-packet-${id}`)
      try {
        await runAdmin(getServices(context), (tx) => deletePacket(tx, post.admin, id ?? 0))
      } catch (error) {
        return failWithToast(post, error, 'Failed to delete packet.')
      }
      return succeed(post, 'Packet deleted successfully.')
    }
    default:
      return failWithToast(post, new Invalid('Unknown action.'), 'Unknown action.')
  }
}

async function savePacket(post: AdminPost) {
  const submission = parseWithZod(post.form, { schema: packetFormSchema })
  if (submission.status !== 'success') return invalid(post, submission)
  const { id, ...fields } = submission.value
  try {
    const input = parseInput(packetInputSchema, fields)
    const services = getServices(post.context)
    if (id) await runAdmin(services, (tx) => updatePacket(tx, post.admin, id, input))
    else await runAdmin(services, (tx) => createPacket(tx, post.admin, input))
    return succeed(post, id ? 'Packet updated successfully!' : 'Packet created successfully!')
  } catch (error) {
    return failInline(post, submission, error, 'Failed to save packet.', { name: 'name', google_doc_url: 'google_doc_url' })
  }
}

export default function ManageLibrary({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const href = useStateHref()
  const { packets } = loaderData
  const dialog = searchParams.get('dialog')
  const editing = packets.find((p) => p.id === Number(searchParams.get('packet'))) ?? null
  const confirming = packets.find((p) => searchParams.get('confirm') === `delete-packet-${p.id}`)
  const closeHref = href(null)

  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <Link to="/admin" className="text-sm text-zinc-400 hover:text-zinc-100">
            ← Back to Admin Hub
          </Link>
          <h1 className="mt-2 text-2xl font-bold tracking-tight sm:text-3xl">Manage Library</h1>
          <p className="mt-1 text-sm text-zinc-400" data-testid="packet-count">
            {packets.length} {packets.length === 1 ? 'document' : 'documents'}
          </p>
        </div>
        <Link to={href({ dialog: 'add' })} preventScrollReset className={primaryButton}>
          Add Document
        </Link>
      </div>

      <div className="mt-6 flex flex-col gap-4">
        {loaderData.loadError ? <Notice>{loaderData.loadError}</Notice> : null}
        {confirming ? (
          <ConfirmStep intent={INTENTS.deletePacket} fields={{ id: confirming.id }} message={DELETE_PACKET_CONFIRM} confirmLabel="Delete" />
        ) : null}
        {packets.length === 0 && !loaderData.loadError ? (
          <EmptyState>No documents have been added yet.</EmptyState>
        ) : (
          <ul className="divide-y divide-zinc-800 rounded-xl border border-zinc-800 bg-zinc-900/60">
            {packets.map((packet) => (
              <li key={packet.id} data-testid="packet-row" className={`flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center ${editing?.id === packet.id ? 'bg-brand-600/10' : ''}`}>
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-zinc-100">{packet.name}</p>
                  <a href={packet.google_doc_url} target="_blank" rel="noreferrer noopener" className="block truncate text-sm text-brand-400 hover:underline">
                    {packet.google_doc_url}
                  </a>
                </div>
                <div className="flex shrink-0 gap-1.5">
                  <Link to={href({ dialog: 'edit', packet: packet.id })} preventScrollReset className={smallButton} aria-label={`Edit ${packet.name}`}>
                    Edit
                  </Link>
                  <ConfirmButtonForm
                    formKey={`delete-packet-${packet.id}`}
                    intent={INTENTS.deletePacket}
                    fields={{ id: packet.id }}
                    confirm={DELETE_PACKET_CONFIRM}
                    label="Delete"
                    className={smallDangerButton}
                    aria-label={`Delete ${packet.name}`}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      {dialog === 'add' ? <PacketFormDialog editing={null} closeHref={closeHref} /> : null}
      {dialog === 'edit' && editing ? <PacketFormDialog key={editing.id} editing={editing} closeHref={closeHref} /> : null}
    </main>
  )
}

export function meta() {
  return [{ title: 'Manage Library · Task Force HQ' }]
}
