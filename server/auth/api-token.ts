import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { ApiTokenScope } from '#contracts/api-tokens.ts'
import { apiTokens, type ApiToken } from '#db/schema/api-tokens.ts'
import { members } from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import type { Actor } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import type { Config } from '../config.ts'
import { Forbidden, RateLimited, Unauthorized } from '../errors.ts'
import { createRateLimiter, type RateLimiter } from '../lib/rate-limiter.ts'
import { singleton } from '../singleton.ts'
import { refreshRolesWhenStale } from './role-refresh.ts'

// The one check of `Authorization: Bearer` (docs/rules/api.md, API tokens), for the React Router /api routes (through
// getUser) and any light path in front of them: the token's owner, within the token's scopes. Bearer requests carry no
// cookie, so a page elsewhere cannot make a browser send one: the Origin check does not apply to them
// (isBearerApiRequest).

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = 'tfhq_'
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** last_used_at is written at most this often per token: one write a minute, not one per request. */
const LAST_USED_RESOLUTION_MS = 60_000

export const TOKEN_ERRORS = {
  invalid: 'Invalid or revoked API token.',
  banned: 'Banned members cannot use API tokens.',
  readOnly: 'This token can only read: its scope does not allow changes.',
  serverOnly: 'A server token can only call the game-server endpoints (/api/integrations).',
  needsServerToken: 'This call needs a server token with the scope game-server (Authorization: Bearer <token>).',
  creatorNotAdmin: 'The admin who created this server token is no longer an admin.',
} as const

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerTokenOf(authorization: string | null | undefined): string | null {
  const match = authorization ? /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization) : null
  return match ? match[1]! : null
}

/** Requests under /api/ that carry a bearer token are authenticated by it alone (cookies ignored, no Origin check). */
export function isBearerApiRequest(path: string, authorization: string | null | undefined): boolean {
  return path.startsWith('/api/') && bearerTokenOf(authorization) !== null
}

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}

/** A new token: the prefix and 256 random bits. */
export function generateToken(): string {
  return `${TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`
}

function tokenLimiter(config: Config): RateLimiter {
  return singleton(`ratelimit:api-token:${config.apiTokenRateLimitPerMinute}`, () =>
    createRateLimiter(config.apiTokenRateLimitPerMinute),
  )
}

/**
 * Whether a token exists (one read by its hash, on an index): asked before a request's body is read, so a made-up
 * token is refused at once and costs the server no body (server/http/limits.ts).
 */
export async function tokenExists(services: AppServices, token: string): Promise<boolean> {
  const [row] = await services.db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .where(eq(apiTokens.token_hash, hashToken(token)))
    .limit(1)
  return row !== undefined
}

interface FoundToken {
  token: ApiToken
  user: User
}

/** Looks the token up (rate limited per token first, so a flood with one token costs no queries). */
async function findToken(services: AppServices, token: string): Promise<FoundToken> {
  const hash = hashToken(token)
  const retryAfter = tokenLimiter(services.config).hit(hash)
  if (retryAfter !== null) throw new RateLimited(undefined, retryAfter)
  const [row] = await services.db
    .select({ token: apiTokens, user: users, banned: members.is_banned })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.user_id))
    .leftJoin(members, eq(members.discord_id, users.discord_id))
    .where(eq(apiTokens.token_hash, hash))
    .limit(1)
  if (!row) throw new Unauthorized(TOKEN_ERRORS.invalid)
  if (row.banned) throw new Forbidden(TOKEN_ERRORS.banned)
  if (!row.token.last_used_at || Date.now() - row.token.last_used_at.getTime() > LAST_USED_RESOLUTION_MS) {
    await services.db.update(apiTokens).set({ last_used_at: new Date() }).where(eq(apiTokens.id, row.token.id))
  }
  return { token: row.token, user: row.user }
}

const holds = (token: ApiToken, scope: ApiTokenScope) => token.scopes.includes(scope)

/**
 * The user a bearer request acts as, or null when it carries no bearer token. Throws 401 for an unknown or revoked
 * token, 403 for a banned owner, a server token, or a write with a read-only token, and 429 over the token's rate
 * limit. The user is an admin only when the token holds the admin scope, so every admin check downstream (requireUser,
 * the admin roster) follows the scope without knowing about tokens.
 */
export async function userFromBearer(
  services: AppServices,
  request: Pick<Request, 'method' | 'headers'>,
): Promise<User | null> {
  const token = bearerTokenOf(request.headers.get('authorization'))
  if (!token) return null
  const found = await findToken(services, token)
  if (holds(found.token, 'game-server')) throw new Forbidden(TOKEN_ERRORS.serverOnly)
  if (!SAFE_METHODS.has(request.method.toUpperCase()) && !holds(found.token, 'member'))
    throw new Forbidden(TOKEN_ERRORS.readOnly)
  // Like a browser session: the roles already known now, a refresh in the background when they are stale.
  await refreshRolesWhenStale(services, found.user)
  return { ...found.user, is_admin: found.user.is_admin && holds(found.token, 'admin') }
}

export interface ServerToken {
  id: number
  name: string
  /** Audit entries of a server token name the token, not the admin who created it. */
  actor: Exclude<Actor, string>
}

/** The server token of a game-server call: scope game-server, created by someone who is still an admin and not banned. */
export async function serverTokenFrom(services: AppServices, request: Pick<Request, 'headers'>): Promise<ServerToken> {
  const token = bearerTokenOf(request.headers.get('authorization'))
  if (!token) throw new Unauthorized(TOKEN_ERRORS.needsServerToken)
  const found = await findToken(services, token)
  if (!holds(found.token, 'game-server')) throw new Forbidden(TOKEN_ERRORS.needsServerToken)
  if (!found.user.is_admin) throw new Forbidden(TOKEN_ERRORS.creatorNotAdmin)
  return {
    id: found.token.id,
    name: found.token.name,
    actor: { id: found.user.id, username: found.token.name, display_name: null },
  }
}
