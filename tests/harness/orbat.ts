// Arrange an ORBAT (eligible roles, squads, slots, settings, roster members, waitlist) straight in the test database,
// log in extra stand-in users, and read back who holds what. For the ORBAT / waitlist integration tests.
import { asc, eq, isNotNull, sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { OrbatPayload } from '#contracts/orbat.ts'
import type { WaitlistItem, WaitlistSquad } from '#contracts/waitlist.ts'
import type { Db } from '#db/client.ts'
import { auditLog } from '#db/schema/audit.ts'
import {
  eligibleRoles,
  orbatEdges,
  orbatPaxCounters,
  orbatWaypoints,
  slots,
  squads,
  type Slot,
  type Squad,
} from '#db/schema/orbat.ts'
import { members } from '#db/schema/roster.ts'
import { orbatVersions } from '#db/schema/orbat-history.ts'
import { settings } from '#db/schema/settings.ts'
import { users } from '#db/schema/users-sessions.ts'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { DEMO_CHANNELS, DEMO_ROLES, DEMO_USERS, type DemoUser } from '#db/seed/demo-guild.ts'
import { markChanged } from '#server/orbat/live.ts'
import { TestClient, type TestApp } from './app.ts'
import { truncateTables } from './db.ts'

export { toSave } from './save-body.ts'

/** Eligible role names used in slot locks -> the demo guild's Discord role ids. */
export const ROLE_IDS = {
  Rifleman: DEMO_ROLES.rifleman.id,
  'Combat Medic': DEMO_ROLES.medic.id,
  Pilot: DEMO_ROLES.pilot.id,
} as const
export type EligibleRoleName = keyof typeof ROLE_IDS

export const ACTIVITY_CHANNEL_ID = DEMO_CHANNELS.orbatActivity.id

export const demoUser = (username: string): DemoUser => {
  const user = DEMO_USERS.find((u) => u.username === username)
  if (!user) throw new Error(`No demo user ${username}`)
  return user
}

/** Empties everything the ORBAT tests arrange (users and their sessions stay, so logged-in clients keep working). */
export async function resetOrbat(t: TestApp): Promise<void> {
  const db = t.database.db
  await truncateTables(db, [
    waitlistEntries,
    slots,
    squads,
    orbatEdges,
    orbatWaypoints,
    orbatPaxCounters,
    eligibleRoles,
    settings,
    auditLog,
    members,
    orbatVersions,
  ])
  t.discord.state.messages.length = 0
  t.discord.state.failures.length = 0
  markChanged()
}

/**
 * Eligible roles by name. `general` = can_join_general_waitlist; `roleId` overrides the Discord id(s) (comma-separated
 * for several). A name not in ROLE_IDS needs a roleId.
 */
export async function addEligibleRoles(
  db: Db,
  roles: Record<string, { general?: boolean; roleId?: string }>,
): Promise<void> {
  const rows = Object.entries(roles).map(([name, options]) => {
    const roleId = options.roleId ?? ROLE_IDS[name as EligibleRoleName]
    if (!roleId) throw new Error(`No Discord role id for eligible role ${name}`)
    return { role_name: name, role_id: roleId, can_join_general_waitlist: options.general ?? false }
  })
  if (rows.length) await db.insert(eligibleRoles).values(rows)
}

export interface SlotSpec {
  team?: string
  role: string
  /** An eligible role NAME (the lock) or null/undefined for UNLOCKED. */
  lock?: string | null
  user_id?: number | null
  manual_username?: string | null
}

export interface SquadSpec {
  name: string
  primary?: boolean
  pos_x?: number
  pos_y?: number
  /** Slots in order; team_order follows the first appearance of each team, slot_order the order inside the team. */
  slots?: SlotSpec[]
}

export interface ArrangedSquad {
  squad: Squad
  /** The squad's slots (spacers included), in the order given. */
  slots: Slot[]
  /** Slot by role text (first match). */
  slot: (role: string) => Slot
}

/** A spacer/heading row as the editor stores it. */
export const spacer = (text: string, team?: string): SlotSpec => ({ role: `---${text.toUpperCase()}---`, team })

export async function addSquad(db: Db, spec: SquadSpec): Promise<ArrangedSquad> {
  const [squad] = await db
    .insert(squads)
    .values({
      name: spec.name,
      can_be_primary_waitlist: spec.primary ?? false,
      pos_x: spec.pos_x ?? 0,
      pos_y: spec.pos_y ?? 0,
    })
    .returning()
  const teamOrder = new Map<string, number>()
  const slotOrder = new Map<string, number>()
  const values = (spec.slots ?? []).map((s) => {
    const team = s.team ?? 'Alpha'
    if (!teamOrder.has(team)) teamOrder.set(team, teamOrder.size)
    const order = slotOrder.get(team) ?? 0
    slotOrder.set(team, order + 1)
    return {
      squad_id: squad!.id,
      team,
      team_order: teamOrder.get(team)!,
      slot_order: order,
      role: s.role,
      required_role_id: s.lock ?? null,
      user_id: s.user_id ?? null,
      manual_username: s.manual_username ?? null,
    }
  })
  const inserted = values.length ? await db.insert(slots).values(values).returning() : []
  // Keep the given order (RETURNING follows the VALUES order, but do not rely on it).
  inserted.sort((a, b) => a.id - b.id)
  return {
    squad: squad!,
    slots: inserted,
    slot: (role) => {
      const found = inserted.find((s) => s.role === role)
      if (!found) throw new Error(`No slot ${role} in ${spec.name}`)
      return found
    },
  }
}

/** signup_time: a Date, an ISO string, or '' (no lock). Refreshes the in-memory snapshot. */
export async function setSignupTime(db: Db, value: Date | string): Promise<void> {
  const iso = value instanceof Date ? value.toISOString() : value
  await putSetting(db, 'signup_time', iso)
}

export async function setActivityChannel(db: Db, channelId: string = ACTIVITY_CHANNEL_ID): Promise<void> {
  await putSetting(db, 'orbat_activity_channel_id', channelId)
}

async function putSetting(db: Db, key: string, value: string) {
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } })
  markChanged()
}

/** A roster member linked to a Discord id (for in-game names and bans). `banned` is the ban reason. */
export async function addMember(db: Db, discordId: string, options: { ingameName?: string; banned?: string } = {}) {
  const [member] = await db
    .insert(members)
    .values({
      ingame_name: options.ingameName ?? `Member ${discordId.slice(-4)}`,
      join_date: '2024-01-01',
      discord_id: discordId,
      is_banned: Boolean(options.banned),
      banned_date: options.banned ? new Date() : null,
      ban_reason: options.banned ?? null,
    })
    .returning()
  return member!
}

/** A waitlist entry written directly (e.g. someone who joined before the lock), with an explicit join time. */
export async function addWaitlistEntry(
  db: Db,
  userId: number,
  options: { squadId?: number | null; createdAt?: Date } = {},
) {
  const [entry] = await db
    .insert(waitlistEntries)
    .values({
      user_id: userId,
      squad_id: options.squadId ?? null,
      ...(options.createdAt ? { created_at: options.createdAt } : {}),
    })
    .returning()
  markChanged()
  return entry!
}

/** Puts a user into a slot directly (no rules). */
export async function assignSlot(db: Db, slotId: number, userId: number | null) {
  await db.update(slots).set({ user_id: userId }).where(eq(slots.id, slotId))
  markChanged()
}

/** The app's user id of a logged-in client (GET /auth/user). */
export async function userIdOf(client: TestClient): Promise<number> {
  const response = await client.get('/auth/user')
  if (response.status !== 200) throw new Error(`/auth/user answered ${response.status}`)
  return ((await response.json()) as { id: number }).id
}

export interface LoggedIn {
  client: TestClient
  id: number
  discordId: string
  username: string
}

/** Logs in a demo user and returns the client with the user's app id. */
export async function loginDemo(t: TestApp, username: string): Promise<LoggedIn> {
  const client = await t.login(username)
  return { client, id: await userIdOf(client), discordId: demoUser(username).id, username }
}

/** Logs in several demo users at once, in the given order. */
export function loginDemos<const N extends readonly string[]>(
  t: TestApp,
  usernames: N,
): Promise<{ [K in keyof N]: LoggedIn }> {
  return Promise.all(usernames.map((u) => loginDemo(t, u))) as Promise<{ [K in keyof N]: LoggedIn }>
}

/** The real OAuth flow for any stand-in user (TestClient.login only knows the demo users). */
export async function loginStandInUser(t: TestApp, discordId: string): Promise<TestClient> {
  const client = new TestClient(t.url)
  const start = await client.get('/auth/discord')
  if (start.status !== 302) throw new Error(`/auth/discord answered ${start.status}`)
  const authorize = new URL(start.headers.get('location')!)
  const pick = await fetch(authorize, {
    method: 'POST',
    body: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), user_id: discordId }),
    redirect: 'manual',
  })
  if (pick.status !== 302) throw new Error(`stand-in authorize answered ${pick.status}: ${await pick.text()}`)
  const callback = await client.get(pick.headers.get('location')!)
  if (callback.status !== 302) throw new Error(`callback answered ${callback.status}: ${await callback.text()}`)
  return client
}

/**
 * Adds `count` extra guild members to the stand-in (Member + the given roles, Rifleman by default) and logs each in.
 * Ids are unique per `prefix` (a small number) so several batches in one file do not collide.
 */
export async function addAndLoginUsers(
  t: TestApp,
  count: number,
  options: { prefix?: number; roles?: string[]; namePrefix?: string } = {},
): Promise<LoggedIn[]> {
  const prefix = options.prefix ?? 1
  const roles = options.roles ?? [DEMO_ROLES.member.id, DEMO_ROLES.rifleman.id]
  const made: DemoUser[] = []
  for (let i = 0; i < count; i++) {
    const id = `81${String(prefix).padStart(3, '0')}${String(i).padStart(13, '0')}`
    const user: DemoUser = {
      id,
      username: `${options.namePrefix ?? 'trooper'}_${prefix}_${i}`,
      global_name: `Trooper ${prefix}-${i}`,
      avatar: null,
      roles: [...roles],
      description: 'Test user',
    }
    t.discord.state.addUser(user)
    made.push(user)
  }
  return Promise.all(
    made.map(async (user) => {
      const client = await loginStandInUser(t, user.id)
      return { client, id: await userIdOf(client), discordId: user.id, username: user.username }
    }),
  )
}

// ---- reading back ----

export async function slotRow(db: Db, slotId: number): Promise<Slot> {
  const [row] = await db.select().from(slots).where(eq(slots.id, slotId))
  if (!row) throw new Error(`No slot ${slotId}`)
  return row
}

export async function holderOf(db: Db, slotId: number): Promise<number | null> {
  return (await slotRow(db, slotId)).user_id
}

/** Slot ids held by a user (should be zero or one). */
export async function slotsHeldBy(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: slots.id }).from(slots).where(eq(slots.user_id, userId)).orderBy(asc(slots.id))
  return rows.map((r) => r.id)
}

export async function heldSlots(db: Db): Promise<Array<{ id: number; user_id: number }>> {
  const rows = await db
    .select({ id: slots.id, user_id: slots.user_id })
    .from(slots)
    .where(isNotNull(slots.user_id))
    .orderBy(asc(slots.id))
  return rows as Array<{ id: number; user_id: number }>
}

/** Users holding more than one slot (must always be empty). */
export async function usersWithTwoSlots(db: Db): Promise<Array<{ user_id: number; count: number }>> {
  return db.execute<{ user_id: number; count: number }>(
    sql`select user_id, count(*)::int as count from ${slots} where user_id is not null group by user_id having count(*) > 1`,
  ) as unknown as Promise<Array<{ user_id: number; count: number }>>
}

/** Waitlist user ids, longest-waiting first. */
export async function waitlistUserIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ user_id: waitlistEntries.user_id })
    .from(waitlistEntries)
    .orderBy(asc(waitlistEntries.created_at), asc(waitlistEntries.id))
  return rows.map((r) => r.user_id)
}

export async function auditEntries(db: Db, action?: string) {
  return db
    .select()
    .from(auditLog)
    .where(action ? eq(auditLog.action, action) : undefined)
    .orderBy(asc(auditLog.id))
}

export async function setUserRoles(db: Db, userId: number, roles: string[]) {
  await db.update(users).set({ discord_roles: roles }).where(eq(users.id, userId))
}

/** Waits (polling, up to `timeout` ms) for a bot message in the activity channel whose content contains `text`. */
export async function expectActivity(t: TestApp, text: string | RegExp, timeout = 4000) {
  await expect
    .poll(
      () =>
        t.discord.state
          .messagesIn(ACTIVITY_CHANNEL_ID)
          .some((m) => (typeof text === 'string' ? m.content.includes(text) : text.test(m.content))),
      { timeout, interval: 25 },
    )
    .toBe(true)
}

// ---- HTTP shorthands ----

export interface JsonResponse<T = Record<string, unknown>> {
  status: number
  body: T
  headers: Headers
}

async function asJson<T>(response: Response): Promise<JsonResponse<T>> {
  const text = await response.text()
  let body: unknown = text
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    // keep the text
  }
  return { status: response.status, body: body as T, headers: response.headers }
}

export const signUp = async (client: TestClient, slotId: number | string) =>
  asJson<{ message?: string; slotId?: number; error?: string }>(
    await client.fetch(`/api/slot/${slotId}/signup`, { method: 'POST' }),
  )

export const leaveSlot = async (client: TestClient, slotId: number | string) =>
  asJson<{ message?: string; slotId?: number; error?: string }>(
    await client.fetch(`/api/slot/${slotId}/leave`, { method: 'POST' }),
  )

/** POST /api/waitlist/join; pass `undefined` to send `{}` (omitted preference). */
export const joinWaitlist = async (client: TestClient, squadPreference?: unknown) =>
  asJson<{ message?: string; entry?: Record<string, unknown>; error?: string; fields?: Record<string, string[]> }>(
    await client.postJson(
      '/api/waitlist/join',
      squadPreference === undefined ? {} : { squad_preference: squadPreference },
    ),
  )

export const leaveWaitlist = async (client: TestClient) =>
  asJson<{ message?: string; error?: string }>(await client.fetch('/api/waitlist/leave', { method: 'POST' }))

export const getJson = async <T = unknown>(client: TestClient, path: string, init?: RequestInit) =>
  asJson<T>(await client.get(path, init))

/** True when the slot is held by `userId` in the database and by nobody else. */
export async function expectHolder(db: Db, slotId: number, userId: number | null) {
  expect(await holderOf(db, slotId)).toBe(userId)
}

export interface LiveSnapshot {
  version: number
  orbat: OrbatPayload
  waitlist: WaitlistItem[]
  settings: { signup_time: string }
  squads: WaitlistSquad[]
}

export interface LiveEvent {
  event: string
  data: LiveSnapshot
}

/** Opens the live ORBAT stream (GET /api/live) and collects its Server-Sent Events as they arrive. */
export async function openLive(url: string) {
  const controller = new AbortController()
  const response = await fetch(url, { signal: controller.signal })
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  const events: LiveEvent[] = []
  let buffer = ''
  let closed = false
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        let end: number
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          let event = 'message'
          const data: string[] = []
          for (const line of block.split('\n')) {
            if (line.startsWith('event:')) event = line.slice(6).trim()
            else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''))
          }
          if (data.length) events.push({ event, data: JSON.parse(data.join('\n')) })
        }
      }
    } catch {
      // aborted
    }
  })()
  let seen = 0
  return {
    response,
    events,
    /** The next event (after those already returned) matching `predicate`, within `timeoutMs`. */
    async waitFor(predicate: (e: LiveEvent) => boolean, timeoutMs: number): Promise<LiveEvent> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        while (seen < events.length) {
          const e = events[seen++]!
          if (predicate(e)) return e
        }
        if (closed || Date.now() > deadline)
          throw new Error(`no matching live event within ${timeoutMs} ms (saw ${events.length})`)
        await new Promise((r) => setTimeout(r, 10))
      }
    },
    close() {
      closed = true
      controller.abort()
      void pump
    },
  }
}
