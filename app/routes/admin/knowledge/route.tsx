import { Link, useSearchParams } from 'react-router'
import type { Route } from './+types/route'
import { PacketFormDialog, SAVE_PACKET } from './packet-form.tsx'
import { packetSchema, type PacketItem } from '#contracts/library.ts'
import { deleteRecord, saveRecord } from '#app/forms/actions.ts'
import { readAdminPost, unknownIntent } from '#app/forms/respond.ts'
import { useStateHref } from '#app/hooks/url-state.ts'
import { primaryButton, smallButton } from '#app/ui/button.ts'
import { DeleteButton, DeleteConfirmStep } from '#app/ui/delete-button.tsx'
import { EmptyState, LoadError } from '#app/ui/field.tsx'
import { requirePageUser } from '#server/auth/user.ts'
import { getServices } from '#server/context.ts'
import { createPacket, deletePacket, listPackets, updatePacket } from '#server/library/library.ts'
import { withLoadError } from '#server/load-error.ts'
import { parseIdText } from '#contracts/fields.ts'
import { countOf } from '#contracts/plural.ts'
import { AdminPageHeader } from '#app/ui/admin-page-header.tsx'

// Manage Library (docs/rules/library.md): the documents with a count, Add Document, Edit and delete (confirmed). The
// same use cases and schema as /api/knowledge. Dialogs are URL states (?dialog=edit&packet=3).

const DELETE_PACKET = 'delete-packet'
/** The confirmation before deleting a library document. */
const DELETE_PACKET_CONFIRM = 'Are you sure you want to delete this knowledge packet?'

interface KnowledgeData {
  packets: PacketItem[]
  loadError?: string
}

export async function loader({ request, context }: Route.LoaderArgs): Promise<KnowledgeData> {
  await requirePageUser(request, context, 'admin')
  return withLoadError(
    'manage library: packets',
    async () => ({ packets: await listPackets(getServices(context).db) }),
    { packets: [] },
    'Failed to load packets.',
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  const post = await readAdminPost(request, context)
  const services = getServices(context)
  switch (post.intent) {
    case SAVE_PACKET:
      return saveRecord(post, packetSchema, {
        save: (value, id) =>
          id ? updatePacket(services, post.admin, id, value) : createPacket(services, post.admin, value),
        done: (id) => (id ? 'Packet updated successfully!' : 'Packet created successfully!'),
        failed: 'Failed to save packet.',
      })
    case DELETE_PACKET:
      return deleteRecord(post, (id) => deletePacket(services, post.admin, id), {
        success: 'Packet deleted successfully.',
        failure: 'Failed to delete packet.',
      })
    default:
      return unknownIntent(post)
  }
}

export default function ManageLibrary({ loaderData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams()
  const href = useStateHref()
  const { packets } = loaderData
  const dialog = searchParams.get('dialog')
  const editing = packets.find((p) => p.id === parseIdText(searchParams.get('packet'))) ?? null
  const closeHref = href(null)

  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <AdminPageHeader
        title="Manage Library"
        description={<p data-testid="packet-count">{countOf(packets.length, 'document')}</p>}
        actions={
          <Link to={href({ dialog: 'add' })} preventScrollReset className={primaryButton}>
            Add Document
          </Link>
        }
      />

      <div className="mt-6 flex flex-col gap-4">
        <LoadError message={loaderData.loadError} />
        <DeleteConfirmStep
          intent={DELETE_PACKET}
          items={packets}
          message={() => DELETE_PACKET_CONFIRM}
          confirmLabel="Delete"
        />
        {packets.length === 0 && !loaderData.loadError ? (
          <EmptyState>No documents have been added yet.</EmptyState>
        ) : (
          <ul className="divide-y divide-zinc-800 rounded-xl border border-zinc-800 bg-zinc-900/60">
            {packets.map((packet) => (
              <li
                key={packet.id}
                data-testid="packet-row"
                className={`flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center ${editing?.id === packet.id ? 'bg-brand-600/10' : ''}`}
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-zinc-100">{packet.name}</p>
                  <a
                    href={packet.google_doc_url}
                    target="_blank"
                    rel="noreferrer noopener"
                    className="block truncate text-sm text-brand-400 hover:underline"
                  >
                    {packet.google_doc_url}
                  </a>
                </div>
                <div className="flex shrink-0 gap-1.5">
                  <Link
                    to={href({ dialog: 'edit', packet: packet.id })}
                    preventScrollReset
                    className={smallButton}
                    aria-label={`Edit ${packet.name}`}
                  >
                    Edit
                  </Link>
                  <DeleteButton
                    intent={DELETE_PACKET}
                    id={packet.id}
                    confirm={DELETE_PACKET_CONFIRM}
                    name={packet.name}
                  />{' '}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      {dialog === 'add' ? <PacketFormDialog editing={null} closeHref={closeHref} /> : null}
      {dialog === 'edit' && editing ? (
        <PacketFormDialog key={editing.id} editing={editing} closeHref={closeHref} />
      ) : null}
    </main>
  )
}

export function meta() {
  return [{ title: 'Manage Library · Task Force HQ' }]
}
