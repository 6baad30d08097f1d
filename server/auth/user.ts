import { and, eq, isNull, lt, or } from 'drizzle-orm'
import { createContext, data, redirect, type RouterContextProvider } from 'react-router'
import type { PublicUser } from '#contracts/types.ts'
import type { DbOrTx } from '#db/client.ts'
import { members } from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import type { AppServices } from '../context.ts'
import { getServices } from '../context.ts'
import { discordAvatarUrl } from '../discord/client.ts'
import { Forbidden, Unauthorized } from '../errors.ts'
import { logger } from '../logger.ts'
import { singleton } from '../singleton.ts'
import { isBearerApiRequest, userFromBearer } from './api-token.ts'
import { readSessionId } from './session.ts'
import { cachedSessionUser } from './session-cache.ts'
import { describeError } from '../error-text.ts'

/** Guild roles are re-read at most this often after login (docs/rules/discord.md, Role refresh). */
export const ROLE_REFRESH_MS = 10 * 60 * 1000
/** After a failed refresh, the next attempt waits this long. */
export const ROLE_REFRESH_RETRY_MS = 60 * 1000

export type { PublicUser }

export function isAdminByRoles(roles: readonly string[], adminRoleIds: readonly string[]): boolean {
  return roles.some((role) => adminRoleIds.includes(role))
}

// Loaders of one navigation run in parallel with the same Request; look the user up once per request.
const perRequest = new WeakMap<Request, Promise<User | null>>()

/**
 * The logged-in user, or null. Guild roles older than ROLE_REFRESH_MS are refreshed in the background: this request
 * (and any until the refresh lands) goes on with the roles already known; the next one sees the new roles.
 */
export function getUser(services: AppServices, request: Request): Promise<User | null> {
  let pending = perRequest.get(request)
  if (!pending) {
    pending = loadUser(services, request)
    perRequest.set(request, pending)
  }
  return pending
}

/**
 * The request's user read again, not from this request's memo: a long-lived answer (an event stream) asks this every
 * few seconds, so a logout, a revoked token, a ban or a lost admin role ends it (the session cache is told of each).
 */
export async function recheckUser(services: AppServices, request: Request): Promise<User | null> {
  try {
    return await loadUser(services, request)
  } catch {
    // A token refused now (revoked, banned owner, over its rate) is no user.
    return null
  }
}

async function loadUser(services: AppServices, request: Request): Promise<User | null> {
  // An /api call with a bearer token is that token's user (within its scopes), whatever cookies it carries.
  if (isBearerApiRequest(new URL(request.url).pathname, request.headers.get('authorization')))
    return userFromBearer(services, request)
  const sessionId = await readSessionId(services.config, request)
  return sessionId ? userOfSession(services, sessionId) : null
}

/** The user of a session id, or null; also for the light path of the member writes (server/http/member-writes.ts). */
export async function userOfSession(services: AppServices, sessionId: string): Promise<User | null> {
  const user = await cachedSessionUser(services.db, sessionId)
  if (!user) return null
  const stale = !user.roles_refreshed_at || Date.now() - user.roles_refreshed_at.getTime() > ROLE_REFRESH_MS
  if (stale) await scheduleRoleRefresh(services, user)
  return user
}

/** Role refreshes run at most this many at a time; the rest wait their turn (in this process). */
export const ROLE_REFRESH_CONCURRENCY = 2

const refreshes = singleton('auth:role-refresh', () => ({ waiting: [] as Array<() => Promise<void>>, running: 0 }))

/**
 * Claims the user's refresh and queues it. The claim moves roles_refreshed_at to "retry in a minute" in one
 * conditional update, so of the requests (on any instance) that find the roles stale exactly one refreshes them, and a
 * refresh that fails or dies with its process is tried again a minute later.
 */
export async function scheduleRoleRefresh(services: AppServices, user: User): Promise<void> {
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

export async function toPublicUser(db: DbOrTx, user: User): Promise<PublicUser> {
  const [member] = await db
    .select({ attended: members.attended_events_count, hidden: members.hidden_score })
    .from(members)
    .where(eq(members.discord_id, user.discord_id))
    .limit(1)
  const eventScore = member ? Math.round((member.attended + Number(member.hidden)) * 100) / 100 : 0
  return {
    id: user.id,
    discord_id: user.discord_id,
    username: user.username,
    displayName: user.display_name || user.username,
    avatar: discordAvatarUrl(user.discord_id, user.avatar),
    event_score: eventScore,
    isAdmin: user.is_admin,
  }
}

type Ctx = Readonly<RouterContextProvider>

/** For /api routes: the user, or a 401 Unauthorized service error. */
export async function requireUser(request: Request, context: Ctx): Promise<User> {
  const user = await getUser(getServices(context), request)
  if (!user) throw new Unauthorized()
  return user
}

/** For /api routes: an admin, or 401 (anonymous) / 403 (not admin). */
export async function requireAdmin(request: Request, context: Ctx): Promise<User> {
  const user = await requireUser(request, context)
  if (!user.is_admin) throw new Forbidden('Admin access required.')
  return user
}

/** For pages: the user, or a redirect to login that comes back here afterwards. */
export async function requireUserPage(request: Request, context: Ctx): Promise<User> {
  const user = await getUser(getServices(context), request)
  if (!user) {
    const url = new URL(request.url)
    throw redirect(`/auth/discord?returnTo=${encodeURIComponent(url.pathname + url.search)}`)
  }
  return user
}

export type AdminAccess = { status: 'ok'; user: User } | { status: 'anonymous' } | { status: 'denied'; user: User }

/** For the admin layout: pages show 'Admin Access Required' / 'Access Denied' instead of redirecting. */
export async function adminAccess(request: Request, context: Ctx): Promise<AdminAccess> {
  const user = await getUser(getServices(context), request)
  if (!user) return { status: 'anonymous' }
  return user.is_admin ? { status: 'ok', user } : { status: 'denied', user }
}

/** Set once per request by the admin layout's middleware. */
export const adminAccessContext = singleton('context:admin-access', () => createContext<AdminAccess>())

/**
 * For admin pages (layout and children): the admin user, or a thrown 401/403 that the admin layout's
 * ErrorBoundary renders as 'Admin Access Required' / 'Access Denied - ...'.
 */
export function assertAdminPage(context: Ctx): User {
  const access = context.get(adminAccessContext)
  if (access.status === 'anonymous') throw data({ access: 'anonymous' }, { status: 401, statusText: 'Unauthorized' })
  if (access.status === 'denied') throw data({ access: 'denied' }, { status: 403, statusText: 'Forbidden' })
  return access.user
}
