import { asc, eq } from 'drizzle-orm'
import type { PacketInput, PacketItem } from '#contracts/library.ts'
import type { DbOrTx } from '#db/client.ts'
import { knowledgePackets } from '#db/schema/library.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { NotFound } from '../errors.ts'
import { runTransaction } from '../transaction.ts'

// The document library (docs/rules/library.md; name and URL both required). Links open in a new tab, so only http(s)
// addresses are stored (the database refuses anything else too). The use cases serve Manage Library's actions and
// /api/knowledge alike.

export type { PacketInput, PacketItem }

const columns = {
  id: knowledgePackets.id,
  name: knowledgePackets.name,
  google_doc_url: knowledgePackets.google_doc_url,
}

export async function listPackets(db: DbOrTx): Promise<PacketItem[]> {
  return db.select(columns).from(knowledgePackets).orderBy(asc(knowledgePackets.name), asc(knowledgePackets.id))
}

export async function createPacket(services: AppServices, admin: User, input: PacketInput): Promise<PacketItem> {
  return runTransaction(
    services,
    async (tx) => {
      const [row] = await tx.insert(knowledgePackets).values(input).returning(columns)
      await recordAudit(tx, admin, 'Library document added', `${input.name} (${input.google_doc_url})`)
      return row!
    },
    // The library shows on neither the ORBAT nor the public roster.
    { name: 'create library document', changes: [] },
  )
}

export async function updatePacket(
  services: AppServices,
  admin: User,
  id: number,
  input: PacketInput,
): Promise<PacketItem> {
  return runTransaction(
    services,
    async (tx) => {
      const [row] = await tx.update(knowledgePackets).set(input).where(eq(knowledgePackets.id, id)).returning(columns)
      if (!row) throw new NotFound('Document not found.')
      await recordAudit(tx, admin, 'Library document updated', `${input.name} (${input.google_doc_url})`)
      return row
    },
    { name: 'update library document', changes: [] },
  )
}

export async function deletePacket(services: AppServices, admin: User, id: number): Promise<void> {
  return runTransaction(
    services,
    async (tx) => {
      const [removed] = await tx
        .delete(knowledgePackets)
        .where(eq(knowledgePackets.id, id))
        .returning({ name: knowledgePackets.name })
      if (!removed) throw new NotFound('Document not found.')
      await recordAudit(tx, admin, 'Library document deleted', removed.name)
    },
    { name: 'delete library document', changes: [] },
  )
}
