import { asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { OrbatPayload } from '#contracts/orbat.ts'
import type { DbOrTx } from '#db/client.ts'
import {
  eligibleRoles,
  orbatEdges,
  orbatPaxCounters,
  orbatWaypoints,
  slots,
  squads,
  SPACER_MARK,
} from '#db/schema/orbat.ts'
import { alliedGuests, alliedUnits } from '#db/schema/allies.ts'
import { members } from '#db/schema/roster.ts'
import { users } from '#db/schema/users-sessions.ts'
import { discordAvatarUrl } from '../discord/client.ts'
import { memberOfUser, personColumns } from '../people.ts'
import { onLeaveSql, unitToday } from '../leave/days.ts'

// The public ORBAT payload (GET /api/orbat; docs/rules/orbat.md); its JSON shapes are contracts.

export type { OrbatEdge, OrbatPayload, OrbatPoint, OrbatSlot, OrbatSquad } from '#contracts/orbat.ts'

export function isSpacer(role: string): boolean {
  return role.startsWith(SPACER_MARK)
}

const reservedUnit = alias(alliedUnits, 'reserved_unit')
const guestUnit = alias(alliedUnits, 'guest_unit')

export async function loadOrbat(db: DbOrTx): Promise<OrbatPayload> {
  // A slot's holder on leave today (the LOA badge), read with the slots.
  const { today } = await unitToday(db)
  const [squadRows, slotRows, edgeRows, waypointRows, paxRows] = await Promise.all([
    db.select().from(squads).orderBy(asc(squads.pos_x), asc(squads.id)),
    db
      .select({
        id: slots.id,
        squad_id: slots.squad_id,
        team: slots.team,
        team_order: slots.team_order,
        slot_order: slots.slot_order,
        role: slots.role,
        user_id: slots.user_id,
        manual_username: slots.manual_username,
        required_role_id: slots.required_role_id,
        own_reserved_for: slots.reserved_for,
        team_reserved_for: slots.team_reserved_for,
        ...personColumns,
        on_loa: onLeaveSql(today),
        // The reservation that applies (docs/rules/joint-operations.md), while it holds; a guest holder's unit.
        reserved_id: reservedUnit.id,
        reserved_tag: reservedUnit.tag,
        reserved_name: reservedUnit.name,
        reservation_holds: sql<boolean>`allied_reservation_holds(${reservedUnit.id})`,
        guest_of: guestUnit.tag,
      })
      .from(slots)
      .innerJoin(squads, eq(squads.id, slots.squad_id))
      .leftJoin(
        reservedUnit,
        eq(reservedUnit.id, sql`coalesce(${slots.reserved_for}, ${slots.team_reserved_for}, ${squads.reserved_for})`),
      )
      .leftJoin(users, eq(users.id, slots.user_id))
      .leftJoin(members, memberOfUser)
      .leftJoin(alliedGuests, eq(alliedGuests.user_id, slots.user_id))
      .leftJoin(guestUnit, eq(guestUnit.id, alliedGuests.allied_unit_id))
      .orderBy(asc(slots.squad_id), asc(slots.team_order), asc(slots.slot_order), asc(slots.id)),
    db.select().from(orbatEdges).orderBy(asc(orbatEdges.id)),
    db.select().from(orbatWaypoints).orderBy(asc(orbatWaypoints.id)),
    db.select().from(orbatPaxCounters).orderBy(asc(orbatPaxCounters.id)),
  ])
  return {
    squads: squadRows.map((s) => ({
      id: s.id,
      name: s.name,
      pos_x: s.pos_x,
      pos_y: s.pos_y,
      can_be_primary_waitlist: s.can_be_primary_waitlist,
      platoon_id: s.platoon_id,
      discord_channel_id: s.discord_channel_id,
      reserved_for: s.reserved_for,
    })),
    slots: slotRows.map((s) => ({
      id: s.id,
      squad_id: s.squad_id,
      team: s.team,
      team_order: s.team_order,
      slot_order: s.slot_order,
      role: s.role,
      user_id: s.user_id,
      manual_username: s.manual_username,
      discord_username: s.user_id ? (s.ingame_name ?? s.display_name ?? s.username ?? null) : null,
      avatar: s.user_id && s.discord_id ? discordAvatarUrl(s.discord_id, s.avatar) : null,
      required_role_id: s.required_role_id,
      on_loa: s.user_id !== null && s.on_loa,
      reserved_for:
        s.reserved_id !== null && s.reservation_holds
          ? { id: s.reserved_id, tag: s.reserved_tag!, name: s.reserved_name! }
          : null,
      own_reserved_for: s.own_reserved_for,
      team_reserved_for: s.team_reserved_for,
      holder: holderOf(s),
    })),
    edges: edgeRows.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      sourceHandle: e.source_handle,
      targetHandle: e.target_handle,
      type: 'smoothstep' as const,
    })),
    waypoints: waypointRows.map((w) => ({ id: w.id, pos_x: w.pos_x, pos_y: w.pos_y })),
    pax_counters: paxRows.map((p) => ({ id: p.id, pos_x: p.pos_x, pos_y: p.pos_y })),
  }
}

/** A slot's holder as shown: a member's or guest's name (a guest with their allied unit's tag), or a typed name. */
function holderOf(s: {
  user_id: number | null
  manual_username: string | null
  ingame_name: string | null
  display_name: string | null
  username: string | null
  guest_of: string | null
}) {
  if (s.user_id !== null) return { name: s.ingame_name ?? s.display_name ?? s.username ?? '', guest_of: s.guest_of }
  return s.manual_username ? { name: s.manual_username, guest_of: null } : null
}

/** The Discord role ids that satisfy each eligible role, by role name (the value slots store as their lock). */
export async function eligibleRoleIds(db: DbOrTx): Promise<Map<string, { ids: string[]; general: boolean }>> {
  const rows = await db.select().from(eligibleRoles)
  return new Map(
    rows.map((r) => [
      r.role_name,
      {
        ids: r.role_id
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
        general: r.can_join_general_waitlist,
      },
    ]),
  )
}

/** A role-locked slot can be taken only by holders of one of the lock's Discord roles. */
export function qualifiesForLock(
  lock: string | null,
  userRoles: readonly string[],
  roles: Map<string, { ids: string[] }>,
): boolean {
  if (!lock) return true
  const role = roles.get(lock)
  // A lock naming a role that no longer exists cannot be satisfied: better closed than open to everyone.
  if (!role) return false
  return role.ids.some((id) => userRoles.includes(id))
}
