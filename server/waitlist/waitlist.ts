import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { SquadPreference, WaitlistItem, WaitlistSquad } from '#contracts/waitlist.ts'
import type { DbOrTx } from '#db/client.ts'
import { slots, squads } from '#db/schema/orbat.ts'
import { members } from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.ts'
import { discordAvatarUrl } from '../discord/client.ts'
import { Conflict, Forbidden, Invalid, Locked } from '../errors.ts'
import { lockFill, lockMember, lockUnlockFill } from '../orbat/locks.ts'
import { eligibleRoleIds, isSpacer, qualifiesForLock } from '../orbat/orbat.ts'
import { getSetting, lockActive, putSetting, UNLOCK_FILL_DONE_KEY } from '../settings/settings.ts'
import { memberOfUser, personColumns } from '../people.ts'

/** A placement made by the fill rule, for the activity channel. */
export interface Placement {
  userName: string
  slotRole: string
  squadName: string
  /** Who was placed: their Discord roles follow (server/discord/member-roles.ts). */
  discordId: string
}

export function placementLine(p: Placement): string {
  return `${p.userName} was moved from the waitlist into ${p.slotRole} (${p.squadName}).`
}

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

export async function isBanned(db: DbOrTx, user: Pick<User, 'discord_id'>): Promise<boolean> {
  const [row] = await db.select({ banned: members.is_banned }).from(members).where(eq(members.discord_id, user.discord_id)).limit(1)
  return row?.banned ?? false
}

/** Joins with a preference parsed by contracts/waitlist.ts waitlistJoinSchema. */
export async function joinWaitlist(tx: DbOrTx, user: User, preference: SquadPreference): Promise<WaitlistItem> {
  // A join and a sign-up of one member never interleave: nobody ends up in a slot and on the waitlist at once.
  await lockMember(tx, user.id)
  if (lockActive(await getSetting(tx, 'signup_time'))) throw new Locked('The waitlist is locked until sign-ups open.')
  if (await isBanned(tx, user)) throw new Forbidden('Banned members cannot join the waitlist.')
  const [held] = await tx.select({ id: slots.id }).from(slots).where(eq(slots.user_id, user.id)).limit(1)
  if (held) throw new Conflict('You already hold a slot. Leave it before joining the waitlist.')

  const roles = await eligibleRoleIds(tx)
  const held_roles = [...roles.values()].filter((r) => r.ids.some((id) => user.discord_roles.includes(id)))
  if (held_roles.length === 0) throw new Forbidden('You need an eligible Discord role to join the waitlist.')

  let squadId: number | null = null
  if ('any' in preference) {
    if (!held_roles.some((r) => r.general)) {
      throw new Forbidden('Your roles do not allow joining the general waitlist. Choose a squad preference.')
    }
  } else {
    const [squad] = await tx
      .select({ id: squads.id, primary: squads.can_be_primary_waitlist })
      .from(squads)
      .where('squadId' in preference ? eq(squads.id, preference.squadId) : eq(squads.name, preference.squadName))
      .limit(1)
    if (!squad || !squad.primary) {
      throw new Invalid('That squad does not take waitlist preferences.', { squad_preference: ['Choose one of the listed squads.'] })
    }
    squadId = squad.id
  }

  const inserted = await tx
    .insert(waitlistEntries)
    .values({ user_id: user.id, squad_id: squadId })
    .onConflictDoNothing({ target: waitlistEntries.user_id })
    .returning({ id: waitlistEntries.id })
  if (inserted.length === 0) throw new Conflict('You are already on the waitlist.')
  const item = (await listWaitlist(tx)).find((entry) => entry.id === inserted[0]!.id)
  return item!
}

export async function leaveWaitlist(tx: DbOrTx, user: User): Promise<void> {
  if (lockActive(await getSetting(tx, 'signup_time'))) throw new Locked('The waitlist is locked until sign-ups open.')
  const removed = await tx.delete(waitlistEntries).where(eq(waitlistEntries.user_id, user.id)).returning({ id: waitlistEntries.id })
  if (removed.length === 0) throw new Conflict('You are not on the waitlist.')
}

/**
 * The fill rule (ARCHITECTURE §5): the longest-waiting entry whose preference is Any or this slot's squad, who
 * qualifies for the slot's role lock, is not banned and holds no slot, takes the open slot and leaves the waitlist.
 * Runs inside the caller's transaction. Returns the placement, or null when nobody fits (or while locked).
 */
export async function fillSlot(tx: DbOrTx, slotId: number): Promise<Placement | null> {
  const [{ waiting } = { waiting: false }] = await tx.execute<{ waiting: boolean }>(
    sql`select exists(select 1 from ${waitlistEntries}) as waiting`,
  )
  if (!waiting) return null
  if (lockActive(await getSetting(tx, 'signup_time'))) return null
  await lockFill(tx)

  const [slot] = await tx
    .select({ id: slots.id, role: slots.role, lock: slots.required_role_id, squad_id: slots.squad_id, squad_name: squads.name })
    .from(slots)
    .innerJoin(squads, eq(squads.id, slots.squad_id))
    .where(and(eq(slots.id, slotId), isNull(slots.user_id), isNull(slots.manual_username)))
    .limit(1)
  if (!slot || isSpacer(slot.role)) return null

  const roles = await eligibleRoleIds(tx)
  const candidates = await tx
    .select({
      entry_id: waitlistEntries.id,
      squad_id: waitlistEntries.squad_id,
      user_id: users.id,
      discord_id: users.discord_id,
      roles: users.discord_roles,
      name: sql<string>`coalesce(${members.ingame_name}, ${users.display_name}, ${users.username})`,
      banned: sql<boolean>`coalesce(${members.is_banned}, false)`,
      holds_slot: sql<boolean>`exists(select 1 from ${slots} s where s.user_id = ${users.id})`,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.user_id))
    .leftJoin(members, eq(members.discord_id, users.discord_id))
    .orderBy(asc(waitlistEntries.created_at), asc(waitlistEntries.id))

  for (const candidate of candidates) {
    if (candidate.squad_id !== null && candidate.squad_id !== slot.squad_id) continue
    if (candidate.banned || candidate.holds_slot) continue
    if (!qualifiesForLock(slot.lock, candidate.roles, roles)) continue
    // Remove the entry first: a concurrent sign-up of the same person locks the same row, so one of the two waits
    // for the other instead of both racing for the one-slot-per-person index.
    const removed = await tx.delete(waitlistEntries).where(eq(waitlistEntries.id, candidate.entry_id)).returning({ id: waitlistEntries.id })
    if (removed.length === 0) continue
    const placed = await tx
      .update(slots)
      .set({ user_id: candidate.user_id })
      .where(
        and(
          eq(slots.id, slot.id),
          isNull(slots.user_id),
          isNull(slots.manual_username),
          sql`not exists(select 1 from ${slots} s where s.user_id = ${candidate.user_id})`,
        ),
      )
      .returning({ id: slots.id })
    if (placed.length === 0) continue
    await recordAudit(tx, SYSTEM_ACTOR, 'Waitlist placement', `${candidate.name} was placed in ${slot.role} (${slot.squad_name}) from the waitlist.`)
    return { userName: candidate.name, slotRole: slot.role, squadName: slot.squad_name, discordId: candidate.discord_id }
  }
  return null
}

/** Fills every open slot from the waitlist, in ORBAT order. */
export async function fillOpenSlots(tx: DbOrTx): Promise<Placement[]> {
  const open = await tx
    .select({ id: slots.id, role: slots.role })
    .from(slots)
    .where(and(isNull(slots.user_id), isNull(slots.manual_username)))
    .orderBy(asc(slots.squad_id), asc(slots.team_order), asc(slots.slot_order), asc(slots.id))
  const placements: Placement[] = []
  for (const slot of open) {
    if (isSpacer(slot.role)) continue
    const placement = await fillSlot(tx, slot.id)
    if (placement) placements.push(placement)
  }
  return placements
}

/**
 * When the time lock has ended, the waitlist fill for that unlock runs once, before any direct sign-up is accepted
 * (ARCHITECTURE §5). Every sign-up calls this first; the unlock job calls it too. Cheap when already done.
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
