import { and, asc, desc, eq, ilike, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '#db/client.ts'
import { memberEventScoreSql, memberQualifications, members, RANKS } from '#db/schema/roster.ts'

// GET /api/roster (spec 2 §7): page, limit, term, type, qualification, and is_banned for admins. The admin editor's
// Assigned autocomplete reads every member with limit=9999 (spec 1 §7).

export const ROSTER_PAGE_SIZES = [30, 60, 100] as const
export const ROSTER_MAX_LIMIT = 9999
export const ROSTER_SEARCH_TYPES = ['name', 'rank', 'discord_id', 'bohemia_uuid'] as const

const LIKE_SPECIALS = /[\\%_]/g

export const rosterQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number.' }).int('page must be a whole number.').min(1, 'page starts at 1.').max(1_000_000).catch(1),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(ROSTER_MAX_LIMIT, `limit is at most ${ROSTER_MAX_LIMIT}.`)
    .catch(ROSTER_PAGE_SIZES[0]),
  term: z.string().trim().max(100).catch(''),
  type: z.enum(ROSTER_SEARCH_TYPES).catch('name'),
  qualification: z.coerce.number().int().min(1).max(2_147_483_647).optional().catch(undefined),
  is_banned: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional()
    .catch(undefined),
})
export type RosterQuery = z.output<typeof rosterQuerySchema>

export interface RosterMember {
  id: number
  ingame_name: string
  rank: (typeof RANKS)[number]
  join_date: string
  event_score: number
}

export interface AdminRosterMember extends RosterMember {
  discord_id: string | null
  bohemia_uuid: string | null
  notes: string | null
  hidden_score: number
  attended_events_count: number
  is_banned: boolean
  banned_date: string | null
  ban_reason: string | null
}

export interface RosterPage<M> {
  members: M[]
  pagination: { page: number; limit: number; total: number; totalPages: number }
}

/** The query string of GET /api/roster as a query; malformed values fall back to their defaults. */
export function parseRosterQuery(url: URL): RosterQuery {
  return rosterQuerySchema.parse(Object.fromEntries(url.searchParams))
}

/**
 * One page of the roster, newest ranks first then by name. The public list never shows banned members; admins see
 * the active list, or only the banned with is_banned=true.
 */
export async function listRoster(db: DbOrTx, query: RosterQuery, options: { admin: boolean }): Promise<RosterPage<RosterMember | AdminRosterMember>> {
  const filters: SQL[] = [eq(members.is_banned, options.admin && query.is_banned === true)]
  if (query.term) {
    const pattern = `%${query.term.replace(LIKE_SPECIALS, (c) => `\\${c}`)}%`
    const type = !options.admin && (query.type === 'discord_id' || query.type === 'bohemia_uuid') ? 'name' : query.type
    if (type === 'rank') {
      const rank = RANKS.find((r) => r.toLowerCase() === query.term.toLowerCase())
      filters.push(rank ? eq(members.rank, rank) : sql`false`)
    } else if (type === 'discord_id') filters.push(ilike(members.discord_id, pattern))
    else if (type === 'bohemia_uuid') filters.push(ilike(members.bohemia_uuid, pattern))
    else filters.push(ilike(members.ingame_name, pattern))
  }
  if (query.qualification !== undefined) {
    filters.push(
      sql`exists(select 1 from ${memberQualifications} mq where mq.member_id = ${members.id} and mq.qualification_id = ${query.qualification})`,
    )
  }
  const rows = await db
    .select({
      id: members.id,
      ingame_name: members.ingame_name,
      rank: members.rank,
      join_date: members.join_date,
      event_score: sql<string>`${memberEventScoreSql}`,
      discord_id: members.discord_id,
      bohemia_uuid: members.bohemia_uuid,
      notes: members.notes,
      hidden_score: members.hidden_score,
      attended_events_count: members.attended_events_count,
      is_banned: members.is_banned,
      banned_date: members.banned_date,
      ban_reason: members.ban_reason,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(members)
    .where(and(...filters))
    .orderBy(desc(members.rank), asc(sql`lower(${members.ingame_name})`), asc(members.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)

  // count(*) over () rides on the page's rows; a page past the end has none, so count separately then.
  const total =
    rows[0]?.total ??
    (query.page > 1 ? Number((await db.select({ n: sql<number>`count(*)` }).from(members).where(and(...filters)))[0]?.n ?? 0) : 0)
  return {
    members: rows.map((r) => {
      const base: RosterMember = { id: r.id, ingame_name: r.ingame_name, rank: r.rank, join_date: r.join_date, event_score: Number(r.event_score) }
      if (!options.admin) return base
      return {
        ...base,
        discord_id: r.discord_id,
        bohemia_uuid: r.bohemia_uuid,
        notes: r.notes,
        hidden_score: r.hidden_score,
        attended_events_count: r.attended_events_count,
        is_banned: r.is_banned,
        banned_date: r.banned_date ? r.banned_date.toISOString() : null,
        ban_reason: r.ban_reason,
      }
    }),
    pagination: { page: query.page, limit: query.limit, total, totalPages: Math.max(1, Math.ceil(total / query.limit)) },
  }
}
