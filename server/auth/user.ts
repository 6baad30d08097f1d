import { eq } from 'drizzle-orm'
import { createContext, data, redirectDocument, type RouterContextProvider } from 'react-router'
import type { PublicUser } from '#contracts/types.ts'
import type { DbOrTx } from '#db/client.ts'
import { members } from '#db/schema/roster.ts'
import type { User } from '#db/schema/users-sessions.ts'
import type { AppServices } from '../context.ts'
import { getServices } from '../context.ts'
import { discordAvatarUrl } from '../discord/client.ts'
import { Forbidden, Unauthorized } from '../errors.ts'
import { singleton } from '../singleton.ts'
import { isBearerApiRequest, userFromBearer } from './api-token.ts'
import { readSessionId } from './session.ts'
import { refreshRolesWhenStale } from './role-refresh.ts'
import { cachedSessionUser } from './session-cache.ts'

export type { PublicUser }

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
  if (user) await refreshRolesWhenStale(services, user)
  return user
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
    isMember: Boolean(member),
  }
}

type Ctx = Readonly<RouterContextProvider>

// Two gates. requireUser answers in service errors (401 Unauthorized, 403 Forbidden) that the one error mapper turns
// into `{error}` JSON for /api routes or a toast for a page's form action. requirePageUser answers as a page: a member
// page sends the visitor to login and back; an admin page throws a 401/403 response that the admin layout renders as
// 'Admin Access Required' / 'Access Denied' (the layout's middleware looked the access up once for all its children).

type Need = 'user' | 'admin'

/** The gate of /api routes and form actions: the user, or a thrown 401 (anonymous) / 403 (`need` admin, not one). */
export async function requireUser(request: Request, context: Ctx, need: Need = 'user'): Promise<User> {
  const user = await getUser(getServices(context), request)
  if (!user) throw new Unauthorized()
  if (need === 'admin' && !user.is_admin) throw new Forbidden('Admin access required.')
  return user
}

type AdminAccess = { status: 'ok'; user: User } | { status: 'anonymous' } | { status: 'denied'; user: User }

const adminAccessContext = singleton('context:admin-access', () => createContext<AdminAccess>(), { keep: true })

/** The admin layout's middleware: looks the admin access up once per request, before any admin loader runs. */
export async function lookUpAdminAccess(request: Request, context: Ctx): Promise<void> {
  const user = await getUser(getServices(context), request)
  context.set(adminAccessContext, !user ? { status: 'anonymous' } : { status: user.is_admin ? 'ok' : 'denied', user })
}

/**
 * The gate of pages (loaders and form actions). `user`: the user, or a redirect to login that comes back to `returnTo`
 * (this URL unless given). `admin`: the admin, or a thrown 401/403 for the admin layout's ErrorBoundary; only under
 * the admin layout, whose middleware (lookUpAdminAccess) found the access.
 */
export async function requirePageUser(
  request: Request,
  context: Ctx,
  need: Need = 'user',
  returnTo?: string,
): Promise<User> {
  if (need === 'admin') {
    const access = context.get(adminAccessContext)
    if (access.status === 'anonymous') throw data({ access: 'anonymous' }, { status: 401, statusText: 'Unauthorized' })
    if (access.status === 'denied') throw data({ access: 'denied' }, { status: 403, statusText: 'Forbidden' })
    return access.user
  }
  const user = await getUser(getServices(context), request)
  if (!user) {
    const url = new URL(request.url)
    // A document redirect: login leaves the app (Discord), so a fetcher or client navigation must not follow it in place.
    throw redirectDocument(`/auth/discord?returnTo=${encodeURIComponent(returnTo ?? url.pathname + url.search)}`)
  }
  return user
}
