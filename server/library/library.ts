import { asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '#db/client.ts'
import { knowledgePackets } from '#db/schema/library.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import { NotFound } from '../errors.ts'

// The document library (spec 2 §2 Library and Manage Library, §5: name and URL both required). Links open in a new
// tab, so only http(s) addresses are stored (the database refuses anything else too).

export const packetInputSchema = z.object({
  name: z.string({ error: 'Name is required.' }).trim().min(1, 'Name is required.').max(200, 'Names are limited to 200 characters.'),
  google_doc_url: z
    .string({ error: 'URL is required.' })
    .trim()
    .min(1, { error: 'URL is required.', abort: true })
    .max(2000, 'The URL is too long.')
    .refine((v) => {
      try {
        const url = new URL(v)
        return url.protocol === 'http:' || url.protocol === 'https:'
      } catch {
        return false
      }
    }, 'Please enter a valid URL starting with http:// or https://.'),
})
export type PacketInput = z.output<typeof packetInputSchema>

export interface PacketItem {
  id: number
  name: string
  google_doc_url: string
}

const columns = { id: knowledgePackets.id, name: knowledgePackets.name, google_doc_url: knowledgePackets.google_doc_url }

export async function listPackets(db: DbOrTx): Promise<PacketItem[]> {
  return db.select(columns).from(knowledgePackets).orderBy(asc(knowledgePackets.name), asc(knowledgePackets.id))
}

export async function createPacket(tx: DbOrTx, admin: User, input: PacketInput): Promise<PacketItem> {
  const [row] = await tx.insert(knowledgePackets).values(input).returning(columns)
  await recordAudit(tx, admin, 'Library document added', `${input.name} (${input.google_doc_url})`)
  return row!
}

export async function updatePacket(tx: DbOrTx, admin: User, id: number, input: PacketInput): Promise<PacketItem> {
  const [row] = await tx.update(knowledgePackets).set(input).where(eq(knowledgePackets.id, id)).returning(columns)
  if (!row) throw new NotFound('Document not found.')
  await recordAudit(tx, admin, 'Library document updated', `${input.name} (${input.google_doc_url})`)
  return row
}

export async function deletePacket(tx: DbOrTx, admin: User, id: number): Promise<void> {
  const [removed] = await tx.delete(knowledgePackets).where(eq(knowledgePackets.id, id)).returning({ name: knowledgePackets.name })
  if (!removed) throw new NotFound('Document not found.')
  await recordAudit(tx, admin, 'Library document deleted', removed.name)
}
