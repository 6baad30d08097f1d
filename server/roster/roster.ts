import { sql, type SQL } from 'drizzle-orm'
import { RANKS, rosterQuerySchema, type RosterQuery } from '#contracts/roster.ts'
import type { AdminRosterMember, RosterMember, RosterPage } from '#contracts/roster-types.ts'
import type { DbOrTx } from '#db/client.ts'
import { onLeaveSql, unitToday } from '../leave/days.ts'

// GET /api/roster (docs/rules/api.md, Pagination): page, limit, term, type, qualification, and is_banned for admins.
// The admin editor's Assigned autocomplete reads every member with limit=9999.

const LIKE_SPECIALS = /[\\%_]/g

// The row as the query reads it (banned_date may come back as a Date or as text).
type RosterRow = Omit<AdminRosterMember, 'banned_date'> & { banned_date: Date | string | null } & Record<
    string,
    unknown
  >

/**
 * Each row's awards as JSON, in the same statement (no query per row): one entry per award held, counted, in
 * precedence order; a deleted award by the name its grants kept, last (docs/rules/personnel.md, Awards).
 */
const AWARDS_COLUMN = sql`(
  select coalesce(json_agg(json_build_object('award_id', r.award_id, 'name', r.name, 'count', r.n)
                           order by r.precedence nulls last, lower(r.name), r.award_id), '[]'::json)
  from (select g.award_id, coalesce(a.name, g.award_name) as name, a.precedence, count(*)::int as n
        from award_grants g left join awards a on a.id = g.award_id
        where g.member_id = members.id
        group by 1, 2, 3) r)`

/** The query string of GET /api/roster as a query; malformed values fall back to their defaults. */
export function parseRosterQuery(url: URL): RosterQuery {
  return rosterQuerySchema.parse(Object.fromEntries(url.searchParams))
}

/**
 * One page of the roster, newest ranks first then by name. The public list never shows banned members; admins see
 * the active list, or only the banned with is_banned=true.
 */
export async function listRoster(
  db: DbOrTx,
  query: RosterQuery,
  options: { admin: boolean },
): Promise<RosterPage<RosterMember | AdminRosterMember>> {
  // Hand-written SQL (drizzle's builder cost more than the query on this hot public endpoint). Every value is a
  // bound parameter.
  const filters: SQL[] = [sql`is_banned = ${options.admin && query.is_banned === true}`]
  if (query.term) {
    const pattern = `%${query.term.replace(LIKE_SPECIALS, (c) => `\\${c}`)}%`
    const type = !options.admin && (query.type === 'discord_id' || query.type === 'bohemia_uuid') ? 'name' : query.type
    if (type === 'rank') {
      const rank = RANKS.find((r) => r.toLowerCase() === query.term.toLowerCase())
      filters.push(rank ? sql`rank = ${rank}` : sql`false`)
    } else if (type === 'discord_id') filters.push(sql`discord_id ilike ${pattern}`)
    else if (type === 'bohemia_uuid') filters.push(sql`bohemia_uuid ilike ${pattern}`)
    else filters.push(sql`ingame_name ilike ${pattern}`)
  }
  if (query.qualification !== undefined) {
    filters.push(
      sql`exists(select 1 from member_qualifications mq where mq.member_id = members.id and mq.qualification_id = ${query.qualification})`,
    )
  }
  const where = sql.join(filters, sql` and `)
  // The LOA badge: on leave on the unit's today, probed per row in the same query (no query per row).
  const { today } = await unitToday(db)
  // Two light queries instead of count(*) over (): the page walks members_roster_order_idx (rank, name) and stops
  // after `limit` rows; the count scans without sorting.
  const [rows, [counted]] = await Promise.all([
    db.execute<RosterRow>(sql`
      select id, ingame_name, rank, join_date::text as join_date, (attended_events_count + hidden_score)::float8 as event_score,
             discord_id, bohemia_uuid, notes, hidden_score::float8 as hidden_score, attended_events_count, is_banned,
             banned_date, ban_reason, ${AWARDS_COLUMN} as awards, ${onLeaveSql(today)} as on_loa
      from members where ${where}
      order by is_banned, rank desc nulls last, lower(ingame_name), id
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from members where ${where}`),
  ])
  const total = counted?.n ?? 0
  return {
    members: rows.map((r) => {
      const base: RosterMember = {
        id: r.id,
        ingame_name: r.ingame_name,
        rank: r.rank,
        join_date: r.join_date,
        event_score: Math.round(r.event_score * 100) / 100,
        awards: r.awards,
        on_loa: r.on_loa,
      }
      if (!options.admin) return base
      return {
        ...base,
        discord_id: r.discord_id,
        bohemia_uuid: r.bohemia_uuid,
        notes: r.notes,
        hidden_score: r.hidden_score,
        attended_events_count: r.attended_events_count,
        is_banned: r.is_banned,
        banned_date: r.banned_date ? new Date(r.banned_date).toISOString() : null,
        ban_reason: r.ban_reason,
      }
    }),
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.max(1, Math.ceil(total / query.limit)),
    },
  }
}
