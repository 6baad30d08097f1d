import { ROSTER_MAX_LIMIT, ROSTER_PAGE_SIZES, type RosterQuery } from '#contracts/roster.ts'
import type { AdminRosterMember, MembersData, MembersFilters, PickItem } from '#contracts/roster-types.ts'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { members as memberRows } from '#db/schema/roster.ts'
import { listEvents } from './events.ts'
import { getAdminMember } from '../personnel/member-views.ts'
import { listQualifications } from './qualifications.ts'
import { listRoster } from './roster.ts'
import { listTrainings } from './trainings.ts'
import { grantSummary, listAwards } from '../personnel/awards.ts'

// What the roster admin's Members tab reads (docs/rules/roster.md): GET /api/roster's admin list, and only what the
// open dialog needs (the pick lists of Ban a Member and Graduate BMTs, the member being edited, the member a delete
// asks about).

/** An event's or training's day on the Edit form's pick lists, in the page's zone. */
const dayFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: 'short', day: 'numeric' })

/** The admin list searches by name, Discord ID or Bohemia UUID (rank search is the public roster's); 30/60/100 rows. */
export function membersFilters(query: RosterQuery): MembersFilters {
  return {
    term: query.term,
    type: query.type === 'rank' ? 'name' : query.type,
    qualification: query.qualification ?? null,
    is_banned: query.is_banned === true,
    page: query.page,
    limit: (ROSTER_PAGE_SIZES as readonly number[]).includes(query.limit) ? query.limit : ROSTER_PAGE_SIZES[0],
  }
}

interface MembersTabWants {
  /** Ban a Member or Graduate BMTs is open. */
  pickLists: boolean
  editId: number | null
  confirmId: number | null
  /** Grant Award is open for this member. */
  grantTo: number | null
  /** A revoke awaits its confirm step (no JavaScript). */
  revokeId: number | null
  /** The page's zone (the viewer's, or the unit's): the Edit form's event and training days. */
  timeZone: string
  /** The bulk actions are open (?dialog=bulk): their pick lists. */
  bulk: boolean
}

async function adminList(db: DbOrTx, query: RosterQuery) {
  const page = await listRoster(db, query, { admin: true })
  return { members: page.members as AdminRosterMember[], pagination: page.pagination }
}

export async function loadMembersTab(
  db: DbOrTx,
  filters: MembersFilters,
  wants: MembersTabWants,
): Promise<Omit<MembersData, 'today' | 'loadError'>> {
  const query = { ...filters, qualification: filters.qualification ?? undefined }
  const [{ members, pagination }, qualifications, picks, editing, awards, granting, revoking, bulk] = await Promise.all(
    [
      adminList(db, query),
      listQualifications(db),
      wants.pickLists ? pickLists(db) : null,
      wants.editId === null ? null : editingMember(db, wants.editId, dayFormat(wants.timeZone)),
      wants.editId === null && wants.grantTo === null ? null : listAwards(db),
      wants.grantTo === null ? null : memberName(db, wants.grantTo),
      wants.revokeId === null ? null : grantSummary(db, wants.revokeId),
      wants.bulk ? bulkChoices(db, dayFormat(wants.timeZone)) : null,
    ],
  )
  let confirming: MembersData['confirming'] = null
  if (wants.confirmId !== null) {
    const row =
      members.find((m) => m.id === wants.confirmId) ?? (await getAdminMember(db, wants.confirmId).catch(() => null))
    if (row) confirming = { id: row.id, name: row.ingame_name }
  }
  return {
    filters,
    members,
    pagination,
    qualifications,
    activeMembers: picks?.active ?? null,
    bmtMembers: picks?.bmt ?? null,
    editing,
    confirming,
    awards,
    granting,
    revoking,
    bulk,
  }
}

/** What the bulk actions pick from: every award, and the events newest first (the last 50). */
async function bulkChoices(db: DbOrTx, day: Intl.DateTimeFormat): Promise<MembersData['bulk']> {
  const [awards, events] = await Promise.all([listAwards(db), listEvents(db)])
  return {
    awards: awards.map((a) => ({ id: a.id, name: a.name })),
    events: [...events]
      .sort((a, b) => b.date.localeCompare(a.date))
      .slice(0, 50)
      .map((e) => ({ id: e.id, name: e.name, detail: day.format(new Date(e.date)) })),
  }
}

/** The ids of every member the admin list's filters match (all pages): "all N matching the search". */
export async function matchingMemberIds(db: DbOrTx, filters: MembersFilters): Promise<number[]> {
  const { members } = await adminList(db, {
    ...filters,
    qualification: filters.qualification ?? undefined,
    page: 1,
    limit: ROSTER_MAX_LIMIT,
  })
  return members.map((m) => m.id)
}

async function memberName(db: DbOrTx, id: number): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: memberRows.id, name: memberRows.ingame_name })
    .from(memberRows)
    .where(eq(memberRows.id, id))
    .limit(1)
  return row ?? null
}

/** Every active member by name (Ban a Member) and the BMTs among them (Graduate BMTs). */
async function pickLists(db: DbOrTx): Promise<{ active: PickItem[]; bmt: PickItem[] }> {
  const { members } = await adminList(db, {
    page: 1,
    limit: ROSTER_MAX_LIMIT,
    term: '',
    type: 'name',
    qualification: undefined,
    is_banned: undefined,
  })
  const byName = [...members].sort((a, b) => a.ingame_name.localeCompare(b.ingame_name))
  return {
    active: byName.map((m) => ({ id: m.id, name: m.ingame_name, detail: m.rank })),
    bmt: byName
      .filter((m) => m.rank === 'BMT')
      .map((m) => ({ id: m.id, name: m.ingame_name, detail: `Joined ${m.join_date}` })),
  }
}

/** The member with every event and training to tick, or null when there is no such member. */
async function editingMember(db: DbOrTx, id: number, day: Intl.DateTimeFormat): Promise<MembersData['editing']> {
  const [member, events, trainings] = await Promise.all([
    getAdminMember(db, id).catch(() => null),
    listEvents(db),
    listTrainings(db),
  ])
  if (!member) return null
  return {
    member,
    events: events.map((e) => ({ id: e.id, name: e.name, detail: day.format(new Date(e.date)) })),
    trainings: trainings.map((t) => ({
      id: t.id,
      name: t.name,
      detail: `${t.is_bmt_training ? 'BMT · ' : ''}${day.format(new Date(t.date))}`,
    })),
  }
}
