import crypto from 'node:crypto'
import { eq, lt } from 'drizzle-orm'
import { createCookie, type Cookie } from 'react-router'
import type { Config } from '../config.ts'
import type { DbOrTx } from '#db/client.ts'
import { sessions } from '#db/schema/users-sessions.ts'
import { singleton } from '../singleton.ts'

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 30

/**
 * The session cookie carries only a random id (256 bits), signed with SESSION_SECRET (a comma list rotates:
 * the first signs, all verify). Behind https it is Secure and uses the __Host- prefix.
 */
export function sessionCookie(config: Config): Cookie {
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
  const header = request.headers.get('cookie')
  if (!header) return null
  const value = await sessionCookie(config).parse(header)
  return typeof value === 'string' && /^[A-Za-z0-9_-]{40,}$/.test(value) ? value : null
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
  return sessionCookie(config).serialize('', { maxAge: 0, expires: new Date(0) })
}

/** Ends every session of a user (a ban, an admin's decision). */
export async function destroyUserSessions(db: DbOrTx, userId: number) {
  await db.delete(sessions).where(eq(sessions.user_id, userId))
}
