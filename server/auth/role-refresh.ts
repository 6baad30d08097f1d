import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { users, type User } from '#db/schema/users-sessions.ts'
import type { AppServices } from '../context.ts'
import { describeError } from '../error-text.ts'
import { logger } from '../logger.ts'
import { singleton } from '../singleton.ts'

// Admin rights come from guild roles, read at login and re-read in the background while the member keeps using the
// app (a browser session or an API token alike).

/** Guild roles are re-read at most this often after login. */
const ROLE_REFRESH_MS = 10 * 60 * 1000
/** After a failed refresh, the next attempt waits this long. */
const ROLE_REFRESH_RETRY_MS = 60 * 1000

export function isAdminByRoles(roles: readonly string[], adminRoleIds: readonly string[]): boolean {
  return roles.some((role) => adminRoleIds.includes(role))
}

/**
 * Queues a background refresh of the user's guild roles when they are older than ROLE_REFRESH_MS. The request goes on
 * with the roles already known; the next one sees the new roles.
 */
export async function refreshRolesWhenStale(services: AppServices, user: User): Promise<void> {
  const stale = !user.roles_refreshed_at || Date.now() - user.roles_refreshed_at.getTime() > ROLE_REFRESH_MS
  if (stale) await scheduleRoleRefresh(services, user)
}

/** Role refreshes run at most this many at a time; the rest wait their turn (in this process). */
const ROLE_REFRESH_CONCURRENCY = 2

const refreshes = singleton('auth:role-refresh', () => ({ waiting: [] as Array<() => Promise<void>>, running: 0 }))

/**
 * Claims the user's refresh and queues it. The claim moves roles_refreshed_at to "retry in a minute" in one
 * conditional update, so of the requests (on any instance) that find the roles stale exactly one refreshes them, and a
 * refresh that fails or dies with its process is tried again a minute later.
 */
async function scheduleRoleRefresh(services: AppServices, user: User): Promise<void> {
  const now = Date.now()
  const claimed = await services.db
    .update(users)
    .set({ roles_refreshed_at: new Date(now - ROLE_REFRESH_MS + ROLE_REFRESH_RETRY_MS) })
    .where(
      and(
        eq(users.id, user.id),
        or(isNull(users.roles_refreshed_at), lt(users.roles_refreshed_at, new Date(now - ROLE_REFRESH_MS))),
      ),
    )
    .returning({ id: users.id })
  if (!claimed.length) return
  refreshes.waiting.push(() => refreshRoles(services, user))
  startRefreshes()
}

function startRefreshes() {
  while (refreshes.running < ROLE_REFRESH_CONCURRENCY && refreshes.waiting.length) {
    const refresh = refreshes.waiting.shift()!
    refreshes.running += 1
    void refresh()
      .catch((error: unknown) => logger.warn({ msg: 'role refresh failed', error: describeError(error) }))
      .finally(() => {
        refreshes.running -= 1
        startRefreshes()
      })
  }
}

/** Re-reads the member's guild roles with the bot token. On failure the old roles stay (the claim retries later). */
async function refreshRoles(services: AppServices, user: User): Promise<void> {
  const result = await services.discord.getGuildMember(user.discord_id)
  if (!result.ok && result.status !== 404) {
    logger.warn({ msg: 'role refresh failed; keeping cached roles', userId: user.id, error: result.error })
    return
  }
  // A 404 means the member left the guild: no roles any more.
  const roles = result.ok ? result.data.roles : []
  const isAdmin = isAdminByRoles(roles, services.config.discord.adminRoleIds)
  await services.db
    .update(users)
    .set({ discord_roles: roles, is_admin: isAdmin, roles_refreshed_at: new Date() })
    .where(eq(users.id, user.id))
}
