import { and, asc, desc, eq, lt, sql } from 'drizzle-orm'
import type { VersionDetail, VersionItem, VersionLayout, VersionVia } from '#contracts/orbat-history.ts'
import { diffLayouts, summarise } from '#contracts/orbat-diff.ts'
import type { DbOrTx } from '#db/client.ts'
import { orbatVersions } from '#db/schema/orbat-history.ts'
import { orbatEdges, orbatPaxCounters, orbatWaypoints, platoons, slots, squads } from '#db/schema/orbat.ts'
import { members } from '#db/schema/roster.ts'
import { users } from '#db/schema/users-sessions.ts'
import { actorName, SYSTEM_ACTOR, type Actor } from '../audit/audit.ts'
import { NotFound } from '../errors.ts'
import { getSetting } from '../unit/settings.ts'
import { memberOfUser } from '../people.ts'

// The ORBAT's versions (docs/rules/orbat-history.md): every save writes the whole layout as it stands after the save,
// with who, how and a one-line summary of what changed against the version before (contracts/orbat-diff.ts).

/** Versions are kept this many days unless the setting orbat_history_days says otherwise. */
export const DEFAULT_HISTORY_DAYS = 365

/** The ORBAT as it stands, as a version stores it. */
export async function readLayout(db: DbOrTx): Promise<VersionLayout> {
  const [squadRows, slotRows, edgeRows, waypointRows, paxRows] = await Promise.all([
    db
      .select({
        id: squads.id,
        name: squads.name,
        pos_x: squads.pos_x,
        pos_y: squads.pos_y,
        can_be_primary_waitlist: squads.can_be_primary_waitlist,
        platoon_id: squads.platoon_id,
        platoon_name: platoons.name,
        reserved_for: squads.reserved_for,
      })
      .from(squads)
      .leftJoin(platoons, eq(platoons.id, squads.platoon_id))
      .orderBy(asc(squads.pos_x), asc(squads.id)),
    db
      .select({
        id: slots.id,
        squad_id: slots.squad_id,
        team: slots.team,
        team_order: slots.team_order,
        slot_order: slots.slot_order,
        role: slots.role,
        required_role_id: slots.required_role_id,
        user_id: slots.user_id,
        manual_username: slots.manual_username,
        reserved_for: slots.reserved_for,
        team_reserved_for: slots.team_reserved_for,
        holder: sql<
          string | null
        >`case when ${slots.user_id} is null then ${slots.manual_username} else coalesce(${members.ingame_name}, ${users.display_name}, ${users.username}) end`,
      })
      .from(slots)
      .leftJoin(users, eq(users.id, slots.user_id))
      .leftJoin(members, memberOfUser)
      .orderBy(asc(slots.squad_id), asc(slots.team_order), asc(slots.slot_order), asc(slots.id)),
    db
      .select({
        source: orbatEdges.source,
        target: orbatEdges.target,
        source_handle: orbatEdges.source_handle,
        target_handle: orbatEdges.target_handle,
      })
      .from(orbatEdges)
      .orderBy(asc(orbatEdges.id)),
    db
      .select({ id: orbatWaypoints.id, pos_x: orbatWaypoints.pos_x, pos_y: orbatWaypoints.pos_y })
      .from(orbatWaypoints)
      .orderBy(asc(orbatWaypoints.id)),
    db
      .select({ id: orbatPaxCounters.id, pos_x: orbatPaxCounters.pos_x, pos_y: orbatPaxCounters.pos_y })
      .from(orbatPaxCounters)
      .orderBy(asc(orbatPaxCounters.id)),
  ])
  return { squads: squadRows, slots: slotRows, edges: edgeRows, waypoints: waypointRows, pax_counters: paxRows }
}

function asLayout(value: unknown): VersionLayout {
  const layout = (value ?? {}) as Partial<VersionLayout>
  return {
    squads: layout.squads ?? [],
    slots: layout.slots ?? [],
    edges: layout.edges ?? [],
    waypoints: layout.waypoints ?? [],
    pax_counters: layout.pax_counters ?? [],
  }
}

/**
 * Writes the version of a save, in the save's transaction: the layout as it now stands and what changed since the
 * last version. `note` goes before the counts ("Restored version 12: ...").
 */
export async function recordVersion(
  tx: DbOrTx,
  actor: Actor,
  via: VersionVia,
  note?: string,
): Promise<{ id: number; summary: string }> {
  const [layout, [previous]] = await Promise.all([
    readLayout(tx),
    tx
      .select({ layout: orbatVersions.layout })
      .from(orbatVersions)
      .orderBy(desc(orbatVersions.at), desc(orbatVersions.id))
      .limit(1),
  ])
  const counts = summarise(diffLayouts(previous ? asLayout(previous.layout) : null, layout))
  const summary = note ? `${note}: ${counts}` : counts
  const [row] = await tx
    .insert(orbatVersions)
    .values({
      actor_user_id: actor === SYSTEM_ACTOR ? null : actor.id,
      actor: actorName(actor),
      via,
      summary: summary.slice(0, 500),
      layout,
    })
    .returning({ id: orbatVersions.id })
  return { id: row!.id, summary }
}

const itemColumns = {
  id: orbatVersions.id,
  at: orbatVersions.at,
  by: orbatVersions.actor,
  via: orbatVersions.via,
  summary: orbatVersions.summary,
}
const toItem = (row: { id: number; at: Date; by: string; via: VersionVia; summary: string }): VersionItem => ({
  ...row,
  at: row.at.toISOString(),
})

/** The newest versions first. */
export async function listVersions(db: DbOrTx, limit = 50): Promise<VersionItem[]> {
  const rows = await db
    .select(itemColumns)
    .from(orbatVersions)
    .orderBy(desc(orbatVersions.at), desc(orbatVersions.id))
    .limit(limit)
  return rows.map(toItem)
}

/** One version with its layout and the diff against the version before it; 404 when there is none. */
export async function getVersion(db: DbOrTx, id: number): Promise<VersionDetail> {
  const [row] = await db
    .select({ ...itemColumns, layout: orbatVersions.layout })
    .from(orbatVersions)
    .where(eq(orbatVersions.id, id))
    .limit(1)
  if (!row) throw new NotFound('Version not found.')
  const [previous] = await db
    .select({ id: orbatVersions.id, layout: orbatVersions.layout })
    .from(orbatVersions)
    .where(sql`(${orbatVersions.at}, ${orbatVersions.id}) < (${row.at.toISOString()}::timestamptz, ${row.id}::int)`)
    .orderBy(desc(orbatVersions.at), desc(orbatVersions.id))
    .limit(1)
  const layout = asLayout(row.layout)
  return {
    ...toItem(row),
    previous_id: previous?.id ?? null,
    layout,
    diff: diffLayouts(previous ? asLayout(previous.layout) : null, layout),
  }
}

/** The version before the newest: what Undo goes back to; null when there is none. */
export async function undoTarget(db: DbOrTx): Promise<number | null> {
  const rows = await db
    .select({ id: orbatVersions.id })
    .from(orbatVersions)
    .orderBy(desc(orbatVersions.at), desc(orbatVersions.id))
    .limit(2)
  return rows[1]?.id ?? null
}

/** How many days versions are kept (setting orbat_history_days; unset: a year). */
export async function historyDays(db: DbOrTx): Promise<number> {
  const value = Number(await getSetting(db, 'orbat_history_days'))
  return Number.isInteger(value) && value > 0 ? value : DEFAULT_HISTORY_DAYS
}

/** Drops versions older than the kept days, never the newest one (Undo and the diff of the next save need it). */
export async function pruneVersions(db: DbOrTx, now = new Date()): Promise<number> {
  const days = await historyDays(db)
  const cutoff = new Date(now.getTime() - days * 86_400_000)
  const [newest] = await db
    .select({ id: orbatVersions.id })
    .from(orbatVersions)
    .orderBy(desc(orbatVersions.at), desc(orbatVersions.id))
    .limit(1)
  if (!newest) return 0
  const removed = await db
    .delete(orbatVersions)
    .where(and(lt(orbatVersions.at, cutoff), sql`${orbatVersions.id} <> ${newest.id}`))
    .returning({ id: orbatVersions.id })
  return removed.length
}
