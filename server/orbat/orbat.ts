import { asc, eq } from 'drizzle-orm'
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
        ...personColumns,
        on_loa: onLeaveSql(today),
      })
      .from(slots)
      .leftJoin(users, eq(users.id, slots.user_id))
      .leftJoin(members, memberOfUser)
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
