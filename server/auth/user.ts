import { and, eq, gt } from 'drizzle-orm'
import { createContext, data, redirect, type RouterContextProvider } from 'react-router'
import type { PublicUser } from '#contracts/types.ts'
import type { DbOrTx } from '#db/client.ts'
import { members } from '#db/schema/roster.ts'
import { sessions, users, type User } from '#db/schema/users-sessions.ts'
import type { AppServices } from '../context.ts'
import { getServices } from '../context.ts'
import { discordAvatarUrl } from '../discord/client.ts'
import { Forbidden, Unauthorized } from '../errors.ts'
import { logger } from '../logger.ts'
import { singleton } from '../singleton.ts'
import { isBearerApiRequest, userFromBearer } from './api-token.ts'
import { readSessionId } from './session.ts'

/** Guild roles are re-read at most this often after login (ARCHITECTURE §4). */
export const ROLE_REFRESH_MS = 10 * 60 * 1000
/** After a failed refresh, the next attempt waits this long. */
export const ROLE_REFRESH_RETRY_MS = 60 * 1000

export type { PublicUser }

export function isAdminByRoles(roles: readonly string[], adminRoleIds: readonly string[]): boolean {
  return roles.some((role) => adminRoleIds.includes(role))
}

// Loaders of one navigation run in parallel with the same Request; look the user up once per request.
const perRequest = new WeakMap<Request, Promise<User | null>>()

/** The logged-in user, or null. Refreshes guild roles when they are older than ROLE_REFRESH_MS. */
export function getUser(services: AppServices, request: Request): Promise<User | null> {
  let pending = perRequest.get(request)
  if (!pending) {
    pending = loadUser(services, request)
    perRequest.set(request, pending)
  }
  return pending
}

async function loadUser(services: AppServices, request: Request): Promise<User | null> {
  // An /api call with a bearer token is that token's user (within its scopes), whatever cookies it carries.
  if (isBearerApiRequest(new URL(request.url).pathname, request.headers.get('authorization'))) return userFromBearer(services, request)
  const sessionId = await readSessionId(services.config, request)
  if (!sessionId) return null
  // One round trip: the session (unexpired) and its user.
  const [row] = await services.db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expires_at, new Date())))
    .limit(1)
  const user = row?.user
  if (!user) return null
  const stale = !user.roles_refreshed_at || Date.now() - user.roles_refreshed_at.getTime() > ROLE_REFRESH_MS
  return stale ? refreshRoles(services, user) : user
}

/** Re-reads the member's guild roles with the bot token. On failure the old roles stay (and are retried later). */
export async function refreshRoles(services: AppServices, user: User): Promise<User> {
  const result = await services.discord.getGuildMember(user.discord_id)
  const now = new Date()
  if (!result.ok && result.status !== 404) {
    logger.warn({ msg: 'role refresh failed; keeping cached roles', userId: user.id, error: result.error })
    // Try again in a minute rather than on every request while Discord is down.
    const retryAt = new Date(now.getTime() - ROLE_REFRESH_MS + ROLE_REFRESH_RETRY_MS)
    await services.db.update(users).set({ roles_refreshed_at: retryAt }).where(eq(users.id, user.id))
    return user
  }
  // A 404 means the member left the guild: no roles any more.
  const roles = result.ok ? result.data.roles : []
  const isAdmin = isAdminByRoles(roles, services.config.discord.adminRoleIds)
  const [updated] = await services.db
    .update(users)
    .set({ discord_roles: roles, is_admin: isAdmin, roles_refreshed_at: now })
    .where(eq(users.id, user.id))
    .returning()
  return updated ?? user
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

/** For the admin layout: pages show the spec's 'Admin Access Required' / 'Access Denied' states instead of redirecting. */
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
