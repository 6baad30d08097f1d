import { asc, eq, sql } from 'drizzle-orm'
import type { SquadPreference, WaitlistItem, WaitlistSquad } from '#contracts/waitlist.ts'
import type { Db, DbOrTx } from '#db/client.ts'
import { squads } from '#db/schema/orbat.ts'
import { members } from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { discordAvatarUrl } from '../../discord/client.ts'
import { lockUnlockFill } from '../locks.ts'
import type { Writer } from '../slots.ts'
import { decided } from '../../refusals.ts'
import { getSetting, lockActive, putSetting, UNLOCK_FILL_DONE_KEY } from '../../unit/settings.ts'
import { memberOfUser, personColumns } from '../../people.ts'
import type { Placement } from './placement.ts'

export async function listWaitlist(db: DbOrTx): Promise<WaitlistItem[]> {
  const rows = await db
    .select({
      id: waitlistEntries.id,
      user_id: waitlistEntries.user_id,
      ...personColumns,
      squad_name: squads.name,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.user_id))
    .leftJoin(members, memberOfUser)
    .leftJoin(squads, eq(squads.id, waitlistEntries.squad_id))
    .orderBy(asc(waitlistEntries.created_at), asc(waitlistEntries.id))
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    username: r.ingame_name ?? r.display_name ?? r.username,
    avatar: discordAvatarUrl(r.discord_id, r.avatar),
    squad_preference: r.squad_name,
  }))
}

/** Squads a member may name as their preference (can_be_primary_waitlist). */
export async function listWaitlistSquads(db: DbOrTx): Promise<WaitlistSquad[]> {
  return db
    .select({ id: squads.id, name: squads.name })
    .from(squads)
    .where(eq(squads.can_be_primary_waitlist, true))
    .orderBy(asc(squads.name))
}

/** Whether the user's roster entry is banned (no roster entry: not banned). */
export async function isBanned(db: DbOrTx, user: Pick<User, 'discord_id'>): Promise<boolean> {
  const [row] = await db
    .select({ banned: members.is_banned })
    .from(members)
    .where(eq(members.discord_id, user.discord_id))
    .limit(1)
  return row?.banned ?? false
}

/**
 * Who may join the waitlist by their Discord roles: any eligible role at all, and one that allows the general
 * ("Any squad") waitlist. The ORBAT page asks it to offer only what can succeed; waitlist_join decides the same in
 * the database (server/orbat/rights.test.ts proves the two agree).
 */
export function waitlistEligibility(
  userRoles: readonly string[],
  roles: Map<string, { ids: string[]; general: boolean }>,
) {
  const held = [...roles.values()].filter((r) => r.ids.some((id) => userRoles.includes(id)))
  return { eligible: held.length > 0, general: held.some((r) => r.general) }
}

// Joining, leaving and the fill rule are decided in PostgreSQL, one statement each, with every rule commented in
// db/functions/waitlist.sql (waitlist_join, waitlist_leave, orbat_fill_slot). A join and a leave are prepared
// statements of postgres.js itself, as the sign-up is (server/orbat/slots.ts).

interface JoinedEntry extends Record<string, unknown> {
  entry_id: number
  user_name: string
  discord_id: string
  avatar: string | null
  squad_name: string | null
  /** Set when the function refused (server/refusals.ts). */
  refusal_code: string | null
}

/**
 * A member joins the waitlist (not while locked, not banned, holding no slot, with an eligible role), with a
 * preference parsed by contracts/waitlist.ts waitlistJoinSchema.
 */
export async function joinWaitlist(db: Db, writer: Writer, preference: SquadPreference): Promise<WaitlistItem> {
  // An id outside the integer range names no squad (nor does 0): the function answers it like any unknown squad.
  const squadId =
    'squadId' in preference
      ? preference.squadId > 0 && preference.squadId <= 2_147_483_647
        ? preference.squadId
        : 0
      : null
  const squadName = 'squadName' in preference ? preference.squadName : null
  const [entry] = await decided(
    db.$client<
      JoinedEntry[]
    >`select * from waitlist_join(${writer.id}, ${squadId}::integer, ${squadName}::text, ${writer.sessionId ?? null}::text)`,
  )
  return {
    id: entry!.entry_id,
    user_id: writer.id,
    username: entry!.user_name,
    avatar: discordAvatarUrl(entry!.discord_id, entry!.avatar),
    squad_preference: entry!.squad_name,
  }
}

export async function leaveWaitlist(db: Db, writer: Writer): Promise<void> {
  await decided(db.$client`select * from waitlist_leave(${writer.id}, ${writer.sessionId ?? null}::text)`)
}

/**
 * The fill rule (docs/rules/orbat.md, Filling a freed slot): the longest-waiting entry whose preference is Any or this
 * slot's squad, who qualifies for the slot's role lock, is not banned and holds no slot, takes the open slot and leaves
 * the waitlist. Runs inside the caller's transaction. Returns the placement, or null when nobody fits (or while
 * locked).
 */
export async function fillSlot(tx: DbOrTx, slotId: number): Promise<Placement | null> {
  const [placed] = await tx.execute<PlacedRow>(sql`select * from orbat_fill_slot(${slotId})`)
  return placed ? placementOf(placed) : null
}

interface PlacedRow extends Record<string, unknown> {
  user_name: string
  slot_role: string
  squad_name: string
  discord_id: string
}

function placementOf(row: PlacedRow): Placement {
  return { userName: row.user_name, slotRole: row.slot_role, squadName: row.squad_name, discordId: row.discord_id }
}

/** Fills every open slot from the waitlist, in ORBAT order (orbat_fill_open_slots: one call). */
export async function fillOpenSlots(tx: DbOrTx): Promise<Placement[]> {
  const placed = await tx.execute<PlacedRow>(sql`select * from orbat_fill_open_slots()`)
  return placed.map(placementOf)
}

/**
 * When the time lock has ended, the waitlist fill for that unlock runs once, before any direct sign-up is accepted
 * (docs/rules/orbat.md, When the lock ends). A sign-up the database answers "fill pending" runs this first (server/orbat/sign-ups.ts); the
 * unlock job calls it too. Cheap when already done.
 */
export async function ensureUnlockFill(tx: DbOrTx): Promise<Placement[]> {
  const signupTime = await getSetting(tx, 'signup_time')
  if (!signupTime || lockActive(signupTime)) return []
  if ((await getSetting(tx, UNLOCK_FILL_DONE_KEY)) === signupTime) return []
  await lockUnlockFill(tx)
  // Re-read under the lock: another request may have just done it.
  if ((await getSetting(tx, UNLOCK_FILL_DONE_KEY)) === signupTime) return []
  const placements = await fillOpenSlots(tx)
  await putSetting(tx, UNLOCK_FILL_DONE_KEY, signupTime)
  return placements
}
