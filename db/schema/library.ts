// The document library ("knowledge packets"): named links to Google Docs.
import { sql } from 'drizzle-orm'
import { check, pgTable, text } from 'drizzle-orm/pg-core'
import { idColumn, timestampColumns } from './columns.ts'

export const knowledgePackets = pgTable(
  'knowledge_packets',
  {
    id: idColumn(),
    name: text('name').notNull(),
    google_doc_url: text('google_doc_url').notNull(),
    ...timestampColumns(),
  },
  (t) => [
    check('knowledge_packets_name_not_blank', sql`btrim(${t.name}) <> ''`),
    // NOTE: the library opens this address in a new tab: never allow javascript: or data: URLs.
    check('knowledge_packets_url_is_http', sql`${t.google_doc_url} ~* '^https?://'`),
  ],
)

export type KnowledgePacket = typeof knowledgePackets.$inferSelect
export type NewKnowledgePacket = typeof knowledgePackets.$inferInsert
