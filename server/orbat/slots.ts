import { and, eq, isNull, sql } from 'drizzle-orm'
import { parseIdText } from '#contracts/fields.ts'
import type { DbOrTx } from '#db/client.ts'
import { slots, squads } from '#db/schema/orbat.ts'
import { members } from '#db/schema/roster.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { Conflict, Forbidden, Invalid, Locked, NotFound } from '../errors.ts'
import { getSetting, lockActive } from '../settings/settings.ts'
import { fillSlot, placementLine } from '../waitlist/waitlist.ts'
import { lockMember } from './locks.ts'
import { eligibleRoleIds, isSpacer, qualifiesForLock } from './orbat.ts'

/** Slot ids are PostgreSQL integers: anything larger is bad input, not a database error. */
const MAX_ID = 2_147_483_647

export function isValidId(id: number): boolean {
  return Number.isInteger(id) && id > 0 && id <= MAX_ID
}

/** A slot id as a URL or a form sends it: canonical decimal digits (parseIdText), else 400 (never '0xc9' for 201). */
export function slotIdOf(value: FormDataEntryValue | null | undefined): number {
  const id = typeof value === 'string' ? parseIdText(value) : null
  if (id === null) throw new Invalid('Invalid slot id.')
  return id
}

export interface SlotActionResult {
  slotId: number
  /** Names and places for the activity channel. */
  activity: string[]
  /** Whose slot changed (the member, anyone placed from the waitlist): their Discord roles follow after the commit. */
  discordIds: string[]
}

async function slotWithSquad(tx: DbOrTx, slotId: number) {
  const [slot] = await tx
    .select({
      id: slots.id,
      role: slots.role,
      lock: slots.required_role_id,
      user_id: slots.user_id,
      manual_username: slots.manual_username,
      squad_id: slots.squad_id,
      squad_name: squads.name,
    })
    .from(slots)
    .innerJoin(squads, eq(squads.id, slots.squad_id))
    .where(eq(slots.id, slotId))
    .limit(1)
  return slot
}

/** The roster side of a user in one read: banned or not, and the name the ORBAT shows (in-game name preferred). */
async function memberOf(tx: DbOrTx, user: User): Promise<{ banned: boolean; name: string }> {
  const [member] = await tx
    .select({ name: members.ingame_name, banned: members.is_banned })
    .from(members)
    .where(eq(members.discord_id, user.discord_id))
    .limit(1)
  return { banned: member?.banned ?? false, name: member?.name ?? user.display_name ?? user.username }
}

/**
 * A member takes an open slot (ARCHITECTURE §5). One transaction: a slot they already hold is released (and offered
 * to the waitlist), they leave the waitlist, and the conditional update takes the slot only if it is still open.
 * The unique index on slots.user_id and the conditional update keep every burst correct: never two people in a slot,
 * never one person in two.
 */
export async function signUpToSlot(tx: DbOrTx, user: User, slotId: number): Promise<SlotActionResult> {
  if (!isValidId(slotId)) throw new Invalid('Invalid slot id.')
  await lockMember(tx, user.id)
  if (lockActive(await getSetting(tx, 'signup_time'))) throw new Locked('Sign-ups are locked.')
  const member = await memberOf(tx, user)
  if (member.banned) throw new Forbidden('Banned members cannot sign up.')

  const slot = await slotWithSquad(tx, slotId)
  if (!slot) throw new NotFound('Slot not found.')
  if (isSpacer(slot.role)) throw new Invalid('This row is a heading, not a slot.')
  if (slot.user_id === user.id) throw new Conflict('You are already signed up to this slot.')
  if (slot.user_id !== null || slot.manual_username !== null) throw new Conflict('This slot is already taken.')
  if (slot.lock && !qualifiesForLock(slot.lock, user.discord_roles, await eligibleRoleIds(tx))) {
    throw new Forbidden(`This slot is locked to ${slot.lock}. You do not have the required Discord role.`)
  }

  // NOTE: order matters under concurrency: the waitlist row first (a concurrent fill of this person waits on it),
  // then the old slot, then the new one.
  await tx.delete(waitlistEntries).where(eq(waitlistEntries.user_id, user.id))
  const released = await tx.update(slots).set({ user_id: null }).where(eq(slots.user_id, user.id)).returning({ id: slots.id, role: slots.role })
  const taken = await tx
    .update(slots)
    .set({ user_id: user.id })
    .where(and(eq(slots.id, slotId), isNull(slots.user_id), isNull(slots.manual_username), sql`${slots.role} not like '---%'`))
    .returning({ id: slots.id })
  if (taken.length === 0) throw new Conflict('This slot is already taken.')

  const activity = [`${member.name} signed up for ${slot.role} (${slot.squad_name}).`]
  const discordIds = [user.discord_id]
  for (const old of released) {
    const placement = await fillSlot(tx, old.id)
    if (placement) activity.push(placementLine(placement))
    if (placement) discordIds.push(placement.discordId)
  }
  return { slotId, activity, discordIds }
}

/** A member leaves their own slot; the freed slot goes to the longest-waiting qualified member. */
export async function leaveSlot(tx: DbOrTx, user: User, slotId: number): Promise<SlotActionResult> {
  if (!isValidId(slotId)) throw new Invalid('Invalid slot id.')
  const freed = await tx
    .update(slots)
    .set({ user_id: null })
    .where(and(eq(slots.id, slotId), eq(slots.user_id, user.id)))
    .returning({ id: slots.id })
  if (freed.length === 0) {
    const slot = await slotWithSquad(tx, slotId)
    if (!slot) throw new NotFound('Slot not found.')
    throw new Forbidden('You can only leave your own slot.')
  }
  const slot = (await slotWithSquad(tx, slotId))!
  const activity = [`${(await memberOf(tx, user)).name} left ${slot.role} (${slot.squad_name}).`]
  const placement = await fillSlot(tx, slotId)
  if (placement) activity.push(placementLine(placement))
  return { slotId, activity, discordIds: placement ? [user.discord_id, placement.discordId] : [user.discord_id] }
}
