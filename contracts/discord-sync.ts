// Sync now on /admin/discord/sync and the nightly reconcile (docs/rules/discord.md, Role sync): the dry-run plan and
// the result of applying it (server/role-sync/reconcile.ts).

import { countOf } from './plural.ts'

export interface RoleRef {
  id: string
  name: string
}

export interface PlannedChange {
  discordId: string
  /** The roster name (in-game name), else the Discord name. */
  name: string
  add: RoleRef[]
  remove: RoleRef[]
}

export interface ReconcilePlan {
  /** Guild members looked at (bots excluded). */
  members: number
  /** Roles the app manages. */
  managedRoles: RoleRef[]
  changes: PlannedChange[]
  /** Role calls the plan needs. */
  calls: number
}

export interface ReconcileResult {
  /** Role calls that succeeded / failed (each failure is also a System audit entry). */
  done: number
  failed: number
  /** Guild members looked at, and how many needed a change. */
  members: number
  changed: number
  ms: number
}

export const SYNC_INTENT = 'apply-role-sync'

export const SYNC_MESSAGES = {
  confirm: (plan: Pick<ReconcilePlan, 'calls' | 'changes'>) =>
    `Apply ${countOf(plan.calls, 'role change')} to ${countOf(plan.changes.length, 'member')} in Discord?`,
  applied: (r: ReconcileResult) =>
    r.failed
      ? `Role sync finished: ${countOf(r.done, 'change')} applied, ${r.failed} failed (see System & Bot Actions).`
      : `Role sync finished: ${countOf(r.done, 'change')} applied.`,
  failed: 'Role sync failed.',
  continuing:
    'Role sync is still running: it goes on in the background, and the audit log shows the result when it is done.',
  inSync: 'Discord matches the roster: nothing to change.',
} as const
