import { inArray } from 'drizzle-orm'
import type { PlannedChange, ReconcilePlan, ReconcileResult, RoleRef } from '#contracts/discord-sync.ts'
import { members } from '#db/schema/roster.ts'
import { users } from '#db/schema/users-sessions.ts'
import type { AppServices } from '../context.ts'
import { ServiceError } from '../errors.ts'
import { logger } from '../logger.ts'
import { singleton } from '../singleton.ts'
import { recordAudit, SYSTEM_ACTOR, type Actor } from '../audit/audit.ts'
import { applyRoleDifference, desiredRoles, roleDifference } from './member-roles.ts'
import { countOf } from '#contracts/plural.ts'

// Sync now / the nightly reconcile (docs/rules/discord.md, Role sync): makes every guild member's managed roles match
// the roster (server/role-sync/member-roles.ts), idempotently. The plan is a dry run: who gains and loses which role.
// Applying recomputes the plan (the roster or Discord may have moved since it was shown) and makes the calls one at a
// time: the client waits out each 429 within its bound, so a 300-member unit reconciles without a storm of retries.

export type { PlannedChange, ReconcilePlan, ReconcileResult, RoleRef }

function unavailable(error: string): never {
  throw new ServiceError(`Could not load from Discord: ${error}`, 502)
}

/** The dry run: what Discord has against what the roster says, for the managed roles only. */
export async function planReconcile(services: AppServices): Promise<ReconcilePlan> {
  if (!services.discord.configured) unavailable('the Discord bot is not configured.')
  const [guildMembers, guildRoles, desired] = await Promise.all([
    services.discord.listGuildMembers(),
    services.discord.listGuildRoles(),
    desiredRoles(services.db),
  ])
  if (!guildMembers.ok) unavailable(guildMembers.error)
  const roleName = new Map(guildRoles.ok ? guildRoles.data.map((r) => [r.id, r.name]) : [])
  const ref = (id: string): RoleRef => ({ id, name: roleName.get(id) ?? id })
  const people = guildMembers.data.filter((m) => m.user && !m.user.bot)
  const changes: PlannedChange[] = []
  for (const m of people) {
    const diff = roleDifference(m.roles, desired.byDiscordId.get(m.user.id), desired.managed)
    if (!diff.add.length && !diff.remove.length) continue
    changes.push({
      discordId: m.user.id,
      name: m.nick ?? m.user.global_name ?? m.user.username,
      add: diff.add.map(ref),
      remove: diff.remove.map(ref),
    })
  }
  // Prefer the roster's names.
  const ids = changes.map((c) => c.discordId)
  if (ids.length) {
    const [rosterNames, userNames] = await Promise.all([
      services.db
        .select({ id: members.discord_id, name: members.ingame_name })
        .from(members)
        .where(inArray(members.discord_id, ids)),
      services.db
        .select({ id: users.discord_id, name: users.display_name })
        .from(users)
        .where(inArray(users.discord_id, ids)),
    ])
    const names = new Map<string, string>()
    for (const u of userNames) if (u.name) names.set(u.id, u.name)
    for (const r of rosterNames) if (r.id) names.set(r.id, r.name)
    for (const c of changes) c.name = names.get(c.discordId) ?? c.name
  }
  changes.sort((a, b) => a.name.localeCompare(b.name))
  return {
    members: people.length,
    managedRoles: [...desired.managed].map(ref).sort((a, b) => a.name.localeCompare(b.name)),
    changes,
    calls: changes.reduce((n, c) => n + c.add.length + c.remove.length, 0),
  }
}

const running = singleton('discord:reconcile', () => ({ current: null as Promise<ReconcileResult> | null }))

/**
 * Plans and applies. One reconcile at a time: a second request while one runs gets the running one's result.
 * Failed calls are counted and recorded as System audit entries by the client; the rest go on.
 */
export function applyReconcile(
  services: AppServices,
  actor: Actor = SYSTEM_ACTOR,
  reason = 'Role reconcile',
): Promise<ReconcileResult> {
  if (running.current) return running.current
  const started = Date.now()
  const run = (async () => {
    const plan = await planReconcile(services)
    const total = { done: 0, failed: 0 }
    for (const change of plan.changes) {
      const counts = await applyRoleDifference(
        services,
        change.discordId,
        { add: change.add.map((r) => r.id), remove: change.remove.map((r) => r.id) },
        reason,
      )
      total.done += counts.done
      total.failed += counts.failed
    }
    const result = { ...total, members: plan.members, changed: plan.changes.length, ms: Date.now() - started }
    logger.info({ msg: 'Discord roles reconciled', ...result })
    // An admin's run is always recorded; an unattended one only when it changed something.
    if (actor !== SYSTEM_ACTOR || plan.changes.length) {
      await recordAudit(
        services.db,
        actor,
        'Discord roles reconciled',
        `${reason}: ${countOf(result.done, 'role change')} for ${result.changed} of ${countOf(result.members, 'member')}${result.failed ? `, ${result.failed} failed` : ''}.`,
      )
    }
    return result
  })()
  running.current = run
  void run
    .finally(() => {
      if (running.current === run) running.current = null
    })
    .catch(() => {})
  return run
}
