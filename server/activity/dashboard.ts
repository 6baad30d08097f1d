import {
  ACTIVITY_DEFAULT_WEEKS,
  ACTIVITY_PAGE_SIZE,
  ACTIVITY_SORTS,
  ACTIVITY_WINDOWS,
  type ActivityDashboard,
  type ActivitySort,
  type DrifterRow,
} from '#contracts/activity.ts'
import type { DbOrTx } from '#db/client.ts'
import { zonedIso } from '../lib/wall-time.ts'
import { computeActivity, memberRow, sessionRows, sparklines, type MemberFacts } from './report.ts'

// /admin/activity (docs/rules/activity.md): the report's numbers shaped for the page. The members table is sorted
// and paged here, so a unit of thousands sends one page of rows (and their sparklines), not all of them.

/** Drifting-away lists show at most this many. */
const DRIFTERS_SHOWN = 25

export interface DashboardQuery {
  weeks: number
  sort: ActivitySort
  dir: 'asc' | 'desc'
  page: number
}

/** The page's URL read leniently: anything unknown falls back to the defaults. */
export function dashboardQuery(url: URL): DashboardQuery {
  const p = url.searchParams
  const weeks = Number(p.get('weeks'))
  const sort = ACTIVITY_SORTS.find((s) => s === p.get('sort')) ?? 'rate'
  const page = Number(p.get('page'))
  return {
    weeks: (ACTIVITY_WINDOWS as readonly number[]).includes(weeks) ? weeks : ACTIVITY_DEFAULT_WEEKS,
    sort,
    dir:
      p.get('dir') === 'desc'
        ? 'desc'
        : p.get('dir') === 'asc'
          ? 'asc'
          : sort === 'name' || sort === 'squad'
            ? 'asc'
            : 'desc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

const TREND_ORDER = { down: 0, flat: 1, up: 2 } as const

/** Compares two members by a column, missing values always last; ties by name. */
function comparer(sort: ActivitySort, dir: 'asc' | 'desc') {
  const value = (m: MemberFacts): string | number | null => {
    switch (sort) {
      case 'name':
        return m.ingame_name.toLowerCase()
      case 'squad':
        return m.squad?.toLowerCase() ?? null
      case 'attended':
        return m.attended
      case 'rate':
        return m.rate
      case 'reliability':
        return m.reliability
      case 'last':
        return m.last_attended ? Date.parse(m.last_attended) : null
      case 'trend':
        return m.trend ? TREND_ORDER[m.trend] : null
    }
  }
  const sign = dir === 'asc' ? 1 : -1
  return (a: MemberFacts, b: MemberFacts) => {
    const va = value(a)
    const vb = value(b)
    if (va !== vb) {
      if (va === null) return 1
      if (vb === null) return -1
      return (va < vb ? -1 : 1) * sign
    }
    return a.ingame_name.localeCompare(b.ingame_name) || a.member_id - b.member_id
  }
}

export async function activityDashboard(db: DbOrTx, query: DashboardQuery, now?: Date): Promise<ActivityDashboard> {
  const data = await computeActivity(db, { weeks: query.weeks, now })
  const zone = data.window.zone
  const sorted = [...data.members].sort(comparer(query.sort, query.dir))
  const totalPages = Math.max(1, Math.ceil(sorted.length / ACTIVITY_PAGE_SIZE))
  const page = Math.min(query.page, totalPages)
  const shown = sorted.slice((page - 1) * ACTIVITY_PAGE_SIZE, page * ACTIVITY_PAGE_SIZE)
  const lines = await sparklines(
    db,
    data,
    shown.map((m) => m.member_id),
  )
  const drifter = (m: MemberFacts, since: number | null): DrifterRow => ({
    member_id: m.member_id,
    ingame_name: m.ingame_name,
    last_attended: m.last_attended,
    since: since === null ? null : zonedIso(new Date(since), zone),
    previous_rate: m.previous_rate,
    rate: m.rate,
  })
  const attended = data.members.reduce((n, m) => n + m.attended, 0)
  const possible = data.members.reduce((n, m) => n + m.possible, 0)
  const days = new Map(data.sessions.map((s) => [`${s.kind}:${s.id}`, s.day]))
  return {
    weeks: data.window.weeks,
    from: data.window.from,
    to: data.window.to,
    zone,
    unitSize: data.unitSize,
    inactivityWeeks: data.inactivityWeeks,
    totals: {
      attended,
      possible,
      rate: possible ? attended / possible : null,
      inactive: data.members.filter((m) => m.inactive).length,
      onLeave: data.members.filter((m) => m.on_loa).length,
    },
    sessions: (await sessionRows(db, data)).map((s) => ({
      ...s,
      day: days.get(`${s.kind}:${s.id}`) ?? s.at.slice(0, 10),
    })),
    squads: data.squads.map((s) => ({ ...s, squad: s.squad ?? 'No squad' })),
    inactive: data.members
      .filter((m) => m.inactive)
      .sort((a, b) => b.inactive_since! - a.inactive_since! || a.ingame_name.localeCompare(b.ingame_name))
      .slice(0, DRIFTERS_SHOWN)
      .map((m) => drifter(m, m.inactive_since)),
    halved: data.members
      .filter((m) => m.rate_halved && !m.on_loa)
      .sort((a, b) => (a.rate ?? 0) - (b.rate ?? 0) || a.ingame_name.localeCompare(b.ingame_name))
      .slice(0, DRIFTERS_SHOWN)
      .map((m) => drifter(m, null)),
    sort: query.sort,
    dir: query.dir,
    page,
    totalPages,
    members: shown.map((m) => ({ ...memberRow(m), weeks: lines.get(m.member_id) ?? [] })),
  }
}
