import { and, eq, gt } from 'drizzle-orm'
import type postgres from 'postgres'
import type { DbOrTx } from '#db/client.ts'
import { members } from '#db/schema/roster.ts'
import { sessions, users, type User } from '#db/schema/users-sessions.ts'
import { singleton } from '../singleton.ts'

// Sessions in this instance's memory: every request of a logged-in member reads its session, and in the sign-up rush
// that read was a round trip per press. An entry is dropped on every instance as soon as the database says its session
// ended or its user changed: triggers on sessions (DELETE) and users (UPDATE) NOTIFY SESSION_CHANNEL with the user id
// (db/functions/auth.sql), whatever code path did it, and every instance LISTENs on the connection
// that already hears the ORBAT's changes. That takes the NOTIFY's delivery, a few milliseconds; what must not wait even
// that long is decided in the database: the member writes name their session and the stored function checks it is
// still live in the same statement (session_is_live), and read members.is_banned there too, so a logout or a ban
// stops writes on every instance at once.

const SESSION_CHANNEL = 'sessions_changed'
/** A safety net, not the mechanism: an entry is read again after this long even if no change was heard. */
const ENTRY_TTL_MS = 5 * 60_000
/** Enough for every member of a unit many times over; past it the oldest entries go. */
const MAX_ENTRIES = 20_000

interface Entry {
  user: User
  expiresAt: number
  cachedAt: number
}

interface CacheState {
  entries: Map<string, Entry>
  /** Lookups under way, so a member's five simultaneous presses read their session once. */
  loading: Map<string, Promise<Entry | null>>
  /** Bumped by every eviction: a lookup that started before one does not store what it read. */
  generation: number
}

const state = singleton<CacheState>('auth:session-cache', () => ({
  entries: new Map(),
  loading: new Map(),
  generation: 0,
}))

/** The user of an unexpired session: from memory, or one round trip for the session and its user. */
export async function cachedSessionUser(db: DbOrTx, sessionId: string): Promise<User | null> {
  const now = Date.now()
  const cached = state.entries.get(sessionId)
  if (cached && cached.expiresAt > now && now - cached.cachedAt < ENTRY_TTL_MS) return cached.user
  if (cached) state.entries.delete(sessionId)
  let pending = state.loading.get(sessionId)
  if (!pending) {
    const started = load(db, sessionId).finally(() => {
      if (state.loading.get(sessionId) === started) state.loading.delete(sessionId)
    })
    state.loading.set(sessionId, started)
    pending = started
  }
  return (await pending)?.user ?? null
}

async function load(db: DbOrTx, sessionId: string): Promise<Entry | null> {
  const generation = state.generation
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expires_at, banned: members.is_banned })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(members, eq(members.discord_id, users.discord_id))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expires_at, new Date())))
    .limit(1)
  if (!row) return null
  // A ban ends admin rights on every open session at once (a trigger on members tells every instance to drop the
  // member's cached sessions: db/functions/auth.sql); the person stays signed in as a banned member.
  const user = row.banned ? { ...row.user, is_admin: false } : row.user
  const entry = { user, expiresAt: row.expiresAt.getTime(), cachedAt: Date.now() }
  // NOTE: an eviction heard while this read was under way may concern what it read: use it once, keep nothing.
  if (generation === state.generation) {
    if (state.entries.size >= MAX_ENTRIES) state.entries.delete(state.entries.keys().next().value!)
    state.entries.set(sessionId, entry)
  }
  return entry
}

/** Drops one session (this instance's logout, before the NOTIFY comes back). */
export function forgetSession(sessionId: string): void {
  evicting()
  state.entries.delete(sessionId)
}

/** Drops every cached session of a user (also this instance's own change, before the NOTIFY comes back). */
export function forgetUserSessions(userId: number): void {
  evicting()
  for (const [id, entry] of state.entries) if (entry.user.id === userId) state.entries.delete(id)
}

function forgetAll(): void {
  evicting()
  state.entries.clear()
}

/** Lookups under way may have read what is being evicted: they store nothing, and later callers read afresh. */
function evicting() {
  state.generation++
  state.loading.clear()
}

/**
 * LISTENs for ended sessions and changed users from every instance. Returns a stop function. postgres.js runs all
 * of a client's LISTENs on its one dedicated connection and reconnects it by itself; on every (re)connect the cache
 * starts empty, since a NOTIFY sent while it was away is lost.
 */
export async function listenForSessionChanges(sqlClient: postgres.Sql): Promise<() => Promise<void>> {
  const { unlisten } = await sqlClient.listen(
    SESSION_CHANNEL,
    (userId) => forgetUserSessions(Number(userId)),
    () => forgetAll(),
  )
  return async () => {
    await unlisten().catch(() => {})
    forgetAll()
  }
}
