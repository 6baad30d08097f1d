import { z } from 'zod'
import { isHttpUrl, requiredText, text } from './fields.ts'

// The document library (docs/rules/library.md; name and URL both required): the Manage Library form and POST/PUT
// /api/knowledge parse with this schema.

export const packetSchema = z.object({
  name: requiredText('Name is required.', 200, 'Names are limited to 200 characters.'),
  google_doc_url: text({ error: 'URL is required.' })
    .trim()
    .min(1, { error: 'URL is required.', abort: true })
    .max(2000, 'The URL is too long.')
    .refine(isHttpUrl, 'Please enter a valid URL starting with http:// or https://.'),
})
export type PacketInput = z.output<typeof packetSchema>

export interface PacketItem {
  id: number
  name: string
  google_doc_url: string
}
