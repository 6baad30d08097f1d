import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { rankRoleMappings, squadRoleMappings } from '#db/schema/discord.ts'
import { platoons, slots, squads } from '#db/schema/orbat.ts'
import { memberQualifications, members, qualifications } from '#db/schema/roster.ts'
import { users } from '#db/schema/users-sessions.ts'
import type { AppServices } from '../context.ts'
import { logger } from '../logger.ts'
import { singleton } from '../singleton.ts'
import { getSetting } from '../settings/settings.ts'

// Who holds which Discord role (ARCHITECTURE §5 "Discord roles"). The app manages these roles: the mapped rank
// roles, the qualification roles, the squad roles (squad_role_mappings), the platoon roles and milsim_role_id.
// - an active (not banned) roster member with a Discord id holds milsim_role_id, their rank's role and the roles of
//   their qualifications;
// - whoever holds a slot (and is not a banned member) holds their squad's role and the role of its platoon;
// - nobody else holds any managed role (a banned or deleted member loses them all). Roles nobody mapped are never
//   touched.
// desiredRoles() is the one computation of that rule; roleDifference() is the one comparison with what Discord has.
// Use cases call queueRoleSync() from their `after:` with the Discord ids their result names: the sync is batched
// (one read for the whole batch, after the commit) and never makes the member's request wait.

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
  const [managed, milsim, rankRows, memberRows, qualificationRows, slotRows] = await Promise.all([
    managedRoles(db),
    getSetting(db, 'milsim_role_id'),
    db.select().from(rankRoleMappings),
    db.select({ id: members.id, discord_id: members.discord_id, rank: members.rank, banned: members.is_banned }).from(members).where(memberFilter),
    db
      .select({ discord_id: members.discord_id, role: qualifications.discord_role_id })
      .from(memberQualifications)
      .innerJoin(members, eq(members.id, memberQualifications.member_id))
      .innerJoin(qualifications, eq(qualifications.id, memberQualifications.qualification_id))
      .where(and(memberFilter, eq(members.is_banned, false), isNotNull(qualifications.discord_role_id))),
    db
      .select({ discord_id: users.discord_id, squad_role: squadRoleMappings.discord_role_id, platoon_role: platoons.discord_role_id })
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
  }
  for (const q of qualificationRows) if (q.discord_id) grant(q.discord_id, q.role)
  for (const s of slotRows) {
    if (banned.has(s.discord_id)) continue
    grant(s.discord_id, s.squad_role)
    grant(s.discord_id, s.platoon_role)
  }
  return { managed, byDiscordId }
}

/** Every role the app manages (mapped rank, qualification, squad and platoon roles, milsim_role_id). */
export async function managedRoles(db: DbOrTx): Promise<Set<string>> {
  const [milsim, ranks, quals, squadRoles, platoonRoles] = await Promise.all([
    getSetting(db, 'milsim_role_id'),
    db.select({ role: rankRoleMappings.discord_role_id }).from(rankRoleMappings),
    db.select({ role: qualifications.discord_role_id }).from(qualifications),
    db.select({ role: squadRoleMappings.discord_role_id }).from(squadRoleMappings),
    db.select({ role: platoons.discord_role_id }).from(platoons),
  ])
  const managed = new Set<string>()
  for (const role of [milsim, ...[ranks, quals, squadRoles, platoonRoles].flat().map((r) => r.role)]) if (role?.trim()) managed.add(role.trim())
  return managed
}

export interface RoleDifference {
  add: string[]
  remove: string[]
}

/** What must change so `current` holds exactly the wanted managed roles; other roles are left alone. */
export function roleDifference(current: Iterable<string>, wanted: Set<string> | undefined, managed: Set<string>): RoleDifference {
  const has = new Set(current)
  const want = wanted ?? new Set<string>()
  return {
    add: [...want].filter((r) => !has.has(r)),
    remove: [...has].filter((r) => managed.has(r) && !want.has(r)),
  }
}

export interface ApplyCounts {
  done: number
  failed: number
}

/** Applies a difference to one member, one call at a time (the client waits out 429s). Never throws. */
export async function applyRoleDifference(services: AppServices, discordId: string, diff: RoleDifference, reason: string): Promise<ApplyCounts> {
  const counts = { done: 0, failed: 0 }
  for (const role of diff.add) {
    const r = await services.discord.addMemberRole(discordId, role, reason)
    counts[r.ok ? 'done' : 'failed'] += 1
  }
  for (const role of diff.remove) {
    const r = await services.discord.removeMemberRole(discordId, role, reason)
    counts[r.ok ? 'done' : 'failed'] += 1
  }
  return counts
}

/**
 * Makes these people's managed roles match the roster now: one database read for all of them, then per person their
 * current roles from Discord and the calls that differ. People not in the guild are skipped (Discord answers 404,
 * which the client records as a System audit entry).
 */
export async function syncRolesNow(services: AppServices, discordIds: Array<string | null | undefined>, reason = 'Roster sync'): Promise<ApplyCounts> {
  const total = { done: 0, failed: 0 }
  const ids = [...new Set(discordIds.filter((id): id is string => Boolean(id)))]
  if (!ids.length || !services.discord.configured) return total
  const { managed, byDiscordId } = await desiredRoles(services.db, ids)
  if (!managed.size) return total
  for (const id of ids) {
    const current = await services.discord.getGuildMember(id)
    if (!current.ok) {
      total.failed += 1
      continue
    }
    const counts = await applyRoleDifference(services, id, roleDifference(current.data.roles, byDiscordId.get(id), managed), reason)
    total.done += counts.done
    total.failed += counts.failed
  }
  return total
}

/** Sign-ups in a rush arrive hundreds a second: their syncs are gathered this long and run as one batch. */
export const ROLE_SYNC_BATCH_MS = 500

const queue = singleton('discord:role-sync', () => ({
  pending: new Set<string>(),
  timer: null as NodeJS.Timeout | null,
  /** The batch running now (batches run one after another, so two never race on one member). */
  running: Promise.resolve() as Promise<unknown>,
}))

/**
 * Queues a role sync for these Discord ids, after the caller's commit. Returns at once: the batch runs in the
 * background, and its failures are System audit entries (the client's onFailure).
 */
export function queueRoleSync(services: AppServices, discordIds: Array<string | null | undefined>): void {
  for (const id of discordIds) if (id) queue.pending.add(id)
  if (!queue.pending.size || queue.timer) return
  queue.timer = setTimeout(() => {
    queue.timer = null
    const batch = [...queue.pending]
    queue.pending.clear()
    queue.running = queue.running
      .then(() => syncRolesNow(services, batch))
      .catch((error: unknown) => logger.warn({ msg: 'Discord role sync failed', error: error instanceof Error ? error.message : String(error) }))
  }, ROLE_SYNC_BATCH_MS)
  queue.timer.unref()
}

/** Resolves once every queued role sync has run (tests, shutdown). */
export async function roleSyncSettled(): Promise<void> {
  for (;;) {
    if (queue.timer) await new Promise((r) => setTimeout(r, ROLE_SYNC_BATCH_MS))
    const running = queue.running
    await running
    if (!queue.timer && !queue.pending.size && running === queue.running) return
  }
}
