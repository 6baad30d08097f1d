import crypto from 'node:crypto'
import { eq, lt } from 'drizzle-orm'
import { createCookie, type Cookie } from 'react-router'
import type { Config } from '../config.ts'
import type { DbOrTx } from '#db/client.ts'
import { sessions } from '#db/schema/users-sessions.ts'
import { singleton } from '../singleton.ts'
import { forgetSession } from './session-cache.ts'

const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30

/**
 * The session cookie carries only a random id (256 bits), signed with SESSION_SECRET (a comma list rotates:
 * the first signs, all verify). Behind https it is Secure and uses the __Host- prefix.
 */
function sessionCookie(config: Config): Cookie {
  return singleton(`cookie:session:${config.secure}:${config.sessionSecrets.join(',')}`, () =>
    createCookie(config.secure ? '__Host-session' : 'session', {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secure,
      path: '/',
      secrets: config.sessionSecrets,
      maxAge: SESSION_MAX_AGE_SECONDS,
    }),
  )
}

export async function readSessionId(config: Config, request: Request): Promise<string | null> {
  return sessionIdOf(config, request.headers.get('cookie'))
}

// Signed cookie values already verified, and the session id each carries: checking the signature (WebCrypto HMAC)
// is most of what reading a session costs once the session itself is in memory (server/auth/session-cache.ts).
const verified = singleton('auth:verified-session-cookies', () => new Map<string, string>())
const MAX_VERIFIED = 20_000

/** The session id in a Cookie header (signature checked), or null. */
export async function sessionIdOf(config: Config, header: string | null | undefined): Promise<string | null> {
  if (!header) return null
  const cookie = sessionCookie(config)
  const signed = rawCookieValue(header, cookie.name)
  const known = signed && verified.get(signed)
  if (known) return known
  const value = await cookie.parse(header)
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{40,}$/.test(value)) return null
  if (signed) {
    if (verified.size >= MAX_VERIFIED) verified.clear()
    verified.set(signed, value)
  }
  return value
}

function rawCookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}

export async function createSession(db: DbOrTx, config: Config, userId: number): Promise<string> {
  const id = crypto.randomBytes(32).toString('base64url')
  const expiresAt = new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000)
  await db.insert(sessions).values({ id, user_id: userId, expires_at: expiresAt })
  // Opportunistic clean-up keeps the table small without a job.
  await db.delete(sessions).where(lt(sessions.expires_at, new Date()))
  return sessionCookie(config).serialize(id)
}

export async function destroySession(db: DbOrTx, config: Config, request: Request): Promise<string> {
  const id = await readSessionId(config, request)
  if (id) await db.delete(sessions).where(eq(sessions.id, id))
  // Other instances hear it from the database (the sessions trigger); this one forgets it before answering.
  if (id) forgetSession(id)
  return sessionCookie(config).serialize('', { maxAge: 0, expires: new Date(0) })
}
