import { Authenticator } from 'remix-auth'
import { OAuth2Strategy, OAuth2RequestError } from 'remix-auth-oauth2'
import { createCookie } from 'react-router'
import { users } from '#db/schema/users-sessions.ts'
import type { AppServices } from '../context.ts'
import { fetchDiscordUser, fetchOwnGuildMember } from '../discord/client.ts'
import { isAdminByRoles } from './role-refresh.ts'
import { createSession, destroySession } from './session.ts'
import { singleton } from '../singleton.ts'
import type { Config } from '../config.ts'
import { toastHeader } from '../toast.ts'

const OAUTH_SCOPES = ['identify', 'guilds.members.read']

const STATE_COOKIE = 'discord_oauth'

function stateCookieName(config: Config) {
  return config.secure ? `__Host-${STATE_COOKIE}` : STATE_COOKIE
}

/** remix-auth with a plain OAuth2 strategy against Discord's endpoints (or any stand-in at the same paths). */
function authenticator(services: AppServices) {
  const { config } = services
  const key = `auth:${config.discord.clientId}:${config.discord.apiUrl}:${config.discord.authorizeUrl}:${config.appUrl}`
  return singleton(key, () => {
    const auth = new Authenticator<number>()
    auth.use(
      new OAuth2Strategy(
        {
          clientId: config.discord.clientId,
          clientSecret: config.discord.clientSecret,
          authorizationEndpoint: config.discord.authorizeUrl,
          tokenEndpoint: `${config.discord.apiUrl}/oauth2/token`,
          redirectURI: `${config.appUrl}/auth/discord/callback`,
          scopes: OAUTH_SCOPES,
          // NOTE: remix-auth-oauth2 does not mark its state/PKCE cookie Secure by default.
          cookie: {
            name: stateCookieName(config),
            httpOnly: true,
            sameSite: 'Lax',
            ...(config.secure ? { secure: true as const } : {}),
            path: '/',
            maxAge: 600,
          },
        },
        async ({ tokens }) => upsertDiscordUser(services, tokens.accessToken()),
      ),
      'discord',
    )
    return auth
  })
}

/** Reads the Discord account and its guild roles with the user's token and stores them. Returns the user id. */
async function upsertDiscordUser(services: AppServices, accessToken: string): Promise<number> {
  const { config, db } = services
  const profile = await fetchDiscordUser(config.discord.apiUrl, accessToken)
  let roles: string[] = []
  if (config.discord.guildId) {
    const member = await fetchOwnGuildMember(config.discord.apiUrl, accessToken, config.discord.guildId)
    roles = member?.roles ?? []
  }
  const now = new Date()
  const values = {
    discord_id: profile.id,
    username: profile.username,
    display_name: profile.global_name ?? null,
    avatar: profile.avatar ?? null,
    discord_roles: roles,
    is_admin: isAdminByRoles(roles, config.discord.adminRoleIds),
    roles_refreshed_at: now,
    last_login_at: now,
  }
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoUpdate({ target: users.discord_id, set: values })
    .returning({ id: users.id })
  return row!.id
}

const returnToCookie = createCookie('login_return_to', { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 600 })

/** Only local paths: an open redirect would let a link log someone in and send them anywhere. */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length > RETURN_TO_MAX || !value.startsWith('/')) return '/'
  // NOTE: browsers drop tabs and newlines from a URL and read `\` as `/`, so `/\t/evil.example` is `//evil.example`.
  if (value.startsWith('//') || UNSAFE_IN_PATH.test(value)) return '/'
  let url: URL
  try {
    url = new URL(value, SAME_ORIGIN)
  } catch {
    return '/'
  }
  if (url.origin !== SAME_ORIGIN || url.pathname.startsWith('//') || url.pathname.startsWith('/auth/')) return '/'
  // The parsed form: non-ASCII is percent-encoded, so it is always a valid Location header.
  return `${url.pathname}${url.search}${url.hash}`
}

/** A longer return address is no page of this app. */
const RETURN_TO_MAX = 2048
/** Control characters (tab, newline, NUL...) and the backslash. */
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f\\]/
/** A stand-in origin to resolve a path against: only paths that stay on it are kept. */
const SAME_ORIGIN = 'http://return-to.invalid'

/** GET /auth/discord: redirects to Discord's authorize page (state + PKCE in a short-lived cookie). */
export async function startLogin(services: AppServices, request: Request): Promise<Response> {
  const returnTo = safeReturnTo(new URL(request.url).searchParams.get('returnTo'))
  // Drop any incoming ?state so the strategy starts a fresh flow instead of treating this as a callback.
  const url = new URL(request.url)
  url.search = ''
  const fresh = new Request(url, { headers: request.headers })
  try {
    await authenticator(services).authenticate('discord', fresh)
    throw new Error('OAuth strategy did not redirect')
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    const headers = new Headers(thrown.headers)
    headers.append('Set-Cookie', await returnToCookie.serialize(returnTo, { secure: services.config.secure }))
    return new Response(null, { status: thrown.status, headers })
  }
}

export class LoginFailed extends Error {
  constructor(
    message: string,
    public readonly status: number,
  ) {
    super(message)
  }
}

/**
 * GET /auth/discord/callback: checks state, exchanges the code (PKCE), reads the user and roles, and starts a
 * session. Every failure becomes a LoginFailed with a message fit for the user; no session is made then.
 */
export async function finishLogin(services: AppServices, request: Request): Promise<Response> {
  const { config, db } = services
  const url = new URL(request.url)
  if (!url.searchParams.get('state')) {
    throw new LoginFailed('The login response from Discord is missing its state. Please start the login again.', 400)
  }
  let userId: number
  try {
    userId = await authenticator(services).authenticate('discord', request)
  } catch (error) {
    throw toLoginFailed(error)
  }
  const headers = new Headers()
  headers.append('Set-Cookie', await createSession(db, config, userId))
  // remix-auth-oauth2 names each login attempt's cookie `<name>:<uuid>`; clear them all now the login is done.
  for (const name of cookieNames(request)) {
    if (name.startsWith(stateCookieName(config))) {
      headers.append(
        'Set-Cookie',
        `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${config.secure ? '; Secure' : ''}`,
      )
    }
  }
  headers.append('Set-Cookie', await returnToCookie.serialize('', { maxAge: 0 }))
  const returnTo = safeReturnTo(await returnToCookie.parse(request.headers.get('cookie')))
  headers.set('Location', returnTo)
  return new Response(null, { status: 302, headers })
}

function cookieNames(request: Request): string[] {
  return (request.headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.split('=')[0]!.trim())
    .filter(Boolean)
}

function toLoginFailed(error: unknown): LoginFailed {
  if (error instanceof LoginFailed) return error
  if (error instanceof OAuth2RequestError) {
    if (error.code === 'access_denied') return new LoginFailed('Login was cancelled on Discord.', 400)
    if (error.code === 'invalid_grant')
      return new LoginFailed('This login link has already been used or has expired. Please log in again.', 400)
    return new LoginFailed(`Discord refused the login (${error.code}). Please try again.`, 400)
  }
  if (error instanceof RangeError || error instanceof ReferenceError) {
    // remix-auth-oauth2 signals a missing or mismatched state/verifier cookie this way.
    return new LoginFailed(
      'The login request could not be verified (state mismatch or expired). Please start the login again.',
      400,
    )
  }
  return new LoginFailed('Discord could not be reached to complete the login. Please try again in a moment.', 502)
}

/** /auth/logout: ends the session on the server, clears the cookie, and (for the form) says so in a toast. */
/**
 * GET /auth/logout, the browser redirect: only a top-level navigation from the app's own pages (or typed in the
 * address bar) logs out. An image, a script, a frame or another site's link pointing here changes nothing, so a
 * question image or a forum post cannot log people out. Clients that send no Fetch Metadata (not a browser) are
 * treated as a navigation.
 */
export async function logoutByNavigation(services: AppServices, request: Request): Promise<Response> {
  const dest = request.headers.get('sec-fetch-dest')
  const site = request.headers.get('sec-fetch-site')
  const navigation =
    (dest === null || dest === 'document') && (site === null || site === 'same-origin' || site === 'none')
  if (!navigation) return new Response(null, { status: 302, headers: { Location: '/' } })
  return logout(services, request)
}

export async function logout(
  services: AppServices,
  request: Request,
  options: { toast?: boolean } = {},
): Promise<Response> {
  const headers = new Headers({ Location: '/' })
  headers.append('Set-Cookie', await destroySession(services.db, services.config, request))
  if (options.toast)
    headers.append(
      'Set-Cookie',
      await toastHeader(services.config, { type: 'info', message: 'You have been logged out.' }),
    )
  return new Response(null, { status: 302, headers })
}
