import { z } from 'zod'
import { rosterAwardSchema } from './awards.ts'
import { text } from './fields.ts'
import { RANKS } from './roster.ts'

// The JSON answer of GET /api/roster, as the API reference describes it (the pages read the types in
// roster-types.ts, which this mirrors).

const adminOnly = (schema: z.ZodType, what: string) => schema.optional().meta({ description: `${what} (admins only).` })

export const rosterMemberSchema = z.object({
  id: z.number().int(),
  ingame_name: text(),
  rank: z.enum(RANKS),
  join_date: text().meta({ description: 'YYYY-MM-DD' }),
  event_score: z.number(),
  awards: z.array(rosterAwardSchema).meta({ description: 'The awards held, in precedence order.' }),
  discord_id: adminOnly(text().nullable(), 'Discord id'),
  bohemia_uuid: adminOnly(text().nullable(), 'Bohemia UUID'),
  notes: adminOnly(text().nullable(), 'Notes'),
  hidden_score: adminOnly(z.number(), 'The admin adjustment of the event score'),
  attended_events_count: adminOnly(z.number().int(), 'Events attended'),
  is_banned: adminOnly(z.boolean(), 'Banned'),
  banned_date: adminOnly(text().nullable(), 'When the ban began'),
  ban_reason: adminOnly(text().nullable(), 'Why'),
})

export const rosterPageSchema = z.object({
  members: z.array(rosterMemberSchema),
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
})
