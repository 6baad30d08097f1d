import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { rankRoleMappings, squadRoleMappings } from '#db/schema/discord.ts'
import { platoons, slots, squads } from '#db/schema/orbat.ts'
import { memberQualifications, members, qualifications } from '#db/schema/roster.ts'
import { users } from '#db/schema/users-sessions.ts'
import type { AppServices } from '../context.ts'
import { onLeaveSql, unitToday } from '../leave/days.ts'
import { getSetting } from '../unit/settings.ts'

// Who holds which Discord role (docs/rules/discord.md, Managed roles). The app manages these roles: the mapped rank
// roles, the qualification roles, the squad roles (squad_role_mappings), the platoon roles, milsim_role_id and
// leave_role_id.
// - an active (not banned) roster member with a Discord id holds milsim_role_id, their rank's role and the roles of
//   their qualifications, and leave_role_id while their leave of absence is active (server/leave/days.ts);
// - whoever holds a slot (and is not a banned member) holds their squad's role and the role of its platoon;
// - nobody else holds any managed role (a banned or deleted member loses them all). Roles nobody mapped are never
//   touched.
// desiredRoles() is the one computation of that rule; roleDifference() is the one comparison with what Discord has.
// Use cases name the Discord ids their change touches (runTransaction's `syncRoles`); the durable queue in
// queue.ts syncs them after the commit and never makes the member's request wait.

export interface DesiredRoles {
  /** Every role the app manages. */
  managed: Set<string>
  /** Discord id -> the managed roles that person should hold (absent: none). */
  byDiscordId: Map<string, Set<string>>
}

/** The managed roles the roster grants, for the given Discord ids (all people the roster knows when omitted). */
export async function desiredRoles(db: DbOrTx, discordIds?: string[]): Promise<DesiredRoles> {
  const byDiscordId = new Map<string, Set<string>>()
  if (discordIds && discordIds.length === 0) return { managed: await managedRoles(db), byDiscordId }
  const memberFilter = discordIds ? inArray(members.discord_id, discordIds) : isNotNull(members.discord_id)
  const { today } = await unitToday(db)
  const [managed, milsim, leaveRole, rankRows, memberRows, qualificationRows, slotRows] = await Promise.all([
    managedRoles(db),
    getSetting(db, 'milsim_role_id'),
    getSetting(db, 'leave_role_id'),
    db.select().from(rankRoleMappings),
    db
      .select({
        id: members.id,
        discord_id: members.discord_id,
        rank: members.rank,
        banned: members.is_banned,
        on_leave: onLeaveSql(today),
      })
      .from(members)
      .where(memberFilter),
    db
      .select({ discord_id: members.discord_id, role: qualifications.discord_role_id })
      .from(memberQualifications)
      .innerJoin(members, eq(members.id, memberQualifications.member_id))
      .innerJoin(qualifications, eq(qualifications.id, memberQualifications.qualification_id))
      .where(and(memberFilter, eq(members.is_banned, false), isNotNull(qualifications.discord_role_id))),
    db
      .select({
        discord_id: users.discord_id,
        squad_role: squadRoleMappings.discord_role_id,
        platoon_role: platoons.discord_role_id,
      })
      .from(slots)
      .innerJoin(users, eq(users.id, slots.user_id))
      .innerJoin(squads, eq(squads.id, slots.squad_id))
      .leftJoin(squadRoleMappings, eq(squadRoleMappings.squad_id, squads.id))
      .leftJoin(platoons, eq(platoons.id, squads.platoon_id))
      .where(discordIds ? inArray(users.discord_id, discordIds) : undefined),
  ])
  const rankRole = new Map(rankRows.map((r) => [r.rank_name, r.discord_role_id]))
  const banned = new Set<string>()
  const grant = (discordId: string, role: string | null | undefined) => {
    if (!role?.trim()) return
    let set = byDiscordId.get(discordId)
    if (!set) byDiscordId.set(discordId, (set = new Set()))
    set.add(role.trim())
  }
  for (const m of memberRows) {
    if (!m.discord_id) continue
    if (m.banned) {
      banned.add(m.discord_id)
      continue
    }
    grant(m.discord_id, milsim)
    grant(m.discord_id, rankRole.get(m.rank))
    if (m.on_leave) grant(m.discord_id, leaveRole)
  }
  for (const q of qualificationRows) if (q.discord_id) grant(q.discord_id, q.role)
  for (const s of slotRows) {
    if (banned.has(s.discord_id)) continue
    grant(s.discord_id, s.squad_role)
    grant(s.discord_id, s.platoon_role)
  }
  return { managed, byDiscordId }
}

/** Every role the app manages (mapped rank, qualification, squad and platoon roles, milsim_role_id, leave_role_id). */
async function managedRoles(db: DbOrTx): Promise<Set<string>> {
  const [milsim, leaveRole, ranks, quals, squadRoles, platoonRoles] = await Promise.all([
    getSetting(db, 'milsim_role_id'),
    getSetting(db, 'leave_role_id'),
    db.select({ role: rankRoleMappings.discord_role_id }).from(rankRoleMappings),
    db.select({ role: qualifications.discord_role_id }).from(qualifications),
    db.select({ role: squadRoleMappings.discord_role_id }).from(squadRoleMappings),
    db.select({ role: platoons.discord_role_id }).from(platoons),
  ])
  const managed = new Set<string>()
  for (const role of [milsim, leaveRole, ...[ranks, quals, squadRoles, platoonRoles].flat().map((r) => r.role)])
    if (role?.trim()) managed.add(role.trim())
  return managed
}

interface RoleDifference {
  add: string[]
  remove: string[]
}

/** What must change so `current` holds exactly the wanted managed roles; other roles are left alone. */
export function roleDifference(
  current: Iterable<string>,
  wanted: Set<string> | undefined,
  managed: Set<string>,
): RoleDifference {
  const has = new Set(current)
  const want = wanted ?? new Set<string>()
  return {
    add: [...want].filter((r) => !has.has(r)),
    remove: [...has].filter((r) => managed.has(r) && !want.has(r)),
  }
}

interface ApplyCounts {
  done: number
  failed: number
  /** The last failed call's error and status, when one failed. */
  failure?: { error: string; status?: number }
}

/** Applies a difference to one member, one call at a time (the client waits out 429s). Never throws. */
export async function applyRoleDifference(
  services: AppServices,
  discordId: string,
  diff: RoleDifference,
  reason: string,
): Promise<ApplyCounts> {
  const counts: ApplyCounts = { done: 0, failed: 0 }
  const calls = [
    ...diff.add.map((role) => () => services.discord.addMemberRole(discordId, role, reason)),
    ...diff.remove.map((role) => () => services.discord.removeMemberRole(discordId, role, reason)),
  ]
  for (const call of calls) {
    const r = await call()
    if (r.ok) counts.done += 1
    else {
      counts.failed += 1
      counts.failure = { error: r.error, status: r.status }
    }
  }
  return counts
}

/**
 * Makes one person's managed roles match `desired` (desiredRoles() of a batch they are in): their current roles from
 * Discord, then the calls that differ. Someone not in the guild has nothing to sync (Discord answers 404). Never
 * throws; `failure` says what went wrong.
 */
export async function syncMemberRoles(
  services: AppServices,
  discordId: string,
  desired: DesiredRoles,
  reason = 'Roster sync',
): Promise<ApplyCounts> {
  if (!desired.managed.size) return { done: 0, failed: 0 }
  const current = await services.discord.getGuildMember(discordId)
  if (!current.ok)
    return current.status === 404
      ? { done: 0, failed: 0 }
      : { done: 0, failed: 1, failure: { error: current.error, status: current.status } }
  return applyRoleDifference(
    services,
    discordId,
    roleDifference(current.data.roles, desired.byDiscordId.get(discordId), desired.managed),
    reason,
  )
}
