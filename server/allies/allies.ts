import crypto from 'node:crypto'
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import {
  ALLY_MESSAGES,
  allyMessage,
  type AlliedGuest,
  type AlliedUnitInput,
  type AlliedUnitItem,
  type JoinedAlly,
} from '#contracts/allies.ts'
import type { DbOrTx } from '#db/client.ts'
import { alliedGuests, alliedUnits, type AlliedUnitRow } from '#db/schema/allies.ts'
import { slots, squads } from '#db/schema/orbat.ts'
import { members } from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { recordAudit } from '../audit/audit.ts'
import type { Config } from '../config.ts'
import type { AppServices } from '../context.ts'
import { discordAvatarUrl } from '../discord/client.ts'
import { Conflict, Invalid, NotFound } from '../errors.ts'
import { guestUnitOf } from '../orbat/guests.ts'
import { inviteUrl } from '../orbat/ally-contacts.ts'
import { fillSlot } from '../orbat/waitlist/waitlist.ts'
import type { Placement } from '../orbat/waitlist/placement.ts'
import { runTransaction } from '../transaction.ts'

// Allied units and their guests (docs/rules/joint-operations.md): an admin adds, edits and deletes an allied unit,
// rotates its invite link and removes its guests; a person opens the link and becomes a guest. Each is one use case
// for the /api route and the page's action alike, audit-logged in its own transaction. Who may take which slot is
// decided by the sign-up's stored function (db/functions/orbat.sql allied_may_take).

/** An invite code: 18 random bytes, base64url (24 characters). */
function newInviteCode(): string {
  return crypto.randomBytes(18).toString('base64url')
}

function expiryOf(days: number | null): Date | null {
  return days === null ? null : new Date(Date.now() + days * 86_400_000)
}

// NOTE: the outer row named in full: drizzle writes a one-table select's columns unqualified, which a subquery would
// read as its own.
const guestCount = sql<number>`(select count(*)::int from allied_guests g where g.allied_unit_id = allied_units.id)`
const reservedCount = sql<number>`(
  select count(*)::int from slots s join squads q on q.id = s.squad_id
   where coalesce(s.reserved_for, s.team_reserved_for, q.reserved_for) = allied_units.id and s.role not like '---%')`
const released = sql<boolean>`not allied_reservation_holds(allied_units.id)`

function itemOf(
  config: Config,
  row: AlliedUnitRow & { guests: number; reserved_slots: number; released: boolean },
): AlliedUnitItem {
  return {
    id: row.id,
    name: row.name,
    tag: row.tag,
    discord_guild_id: row.discord_guild_id,
    contact_discord_id: row.contact_discord_id,
    release_hours_before: row.release_hours_before,
    guests_need_roles: row.guests_need_roles,
    invite_url: inviteUrl(config, row.invite_code),
    invite_expires_at: row.invite_expires_at?.toISOString() ?? null,
    guests: row.guests,
    reserved_slots: row.reserved_slots,
    released: row.released,
  }
}

function selectItems(db: DbOrTx) {
  return db.select({ unit: alliedUnits, guests: guestCount, reserved_slots: reservedCount, released }).from(alliedUnits)
}

export async function listAlliedUnits(db: DbOrTx, config: Config): Promise<AlliedUnitItem[]> {
  const rows = await selectItems(db).orderBy(asc(alliedUnits.name), asc(alliedUnits.id))
  return rows.map((r) => itemOf(config, { ...r.unit, ...r }))
}

export async function getAlliedUnit(db: DbOrTx, config: Config, id: number): Promise<AlliedUnitItem> {
  const [row] = await selectItems(db).where(eq(alliedUnits.id, id))
  if (!row) throw new NotFound(ALLY_MESSAGES.notFound)
  return itemOf(config, { ...row.unit, ...row })
}

async function unitRow(db: DbOrTx, id: number, lock = false): Promise<AlliedUnitRow> {
  const query = db.select().from(alliedUnits).where(eq(alliedUnits.id, id))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new NotFound(ALLY_MESSAGES.notFound)
  return row
}

/** Name and tag are unique, compared without case: "3cb" and "3CB" would read as one unit beside a name. */
async function checkUnique(db: DbOrTx, input: AlliedUnitInput, id?: number) {
  const others = id === undefined ? undefined : ne(alliedUnits.id, id)
  const [name] = await db
    .select({ id: alliedUnits.id })
    .from(alliedUnits)
    .where(and(sql`lower(${alliedUnits.name}) = lower(${input.name})`, others))
    .limit(1)
  if (name) throw new Conflict(ALLY_MESSAGES.nameTaken)
  const [tag] = await db
    .select({ id: alliedUnits.id })
    .from(alliedUnits)
    .where(and(sql`lower(${alliedUnits.tag}) = lower(${input.tag})`, others))
    .limit(1)
  if (tag) throw new Conflict(ALLY_MESSAGES.tagTaken)
}

/** What an admin sets of an allied unit (the invite link is made at create and by a rotation). */
function settable(input: AlliedUnitInput) {
  return {
    name: input.name,
    tag: input.tag,
    discord_guild_id: input.discord_guild_id,
    contact_discord_id: input.contact_discord_id,
    release_hours_before: input.release_hours_before,
    guests_need_roles: input.guests_need_roles,
  }
}

/** Releases and reservations change what the ORBAT shows: open pages refresh. */
const ORBAT_CHANGED = { changes: ['orbat'] as const }

export async function createAlliedUnit(
  services: AppServices,
  admin: User,
  input: AlliedUnitInput,
): Promise<{ id: number; invite_url: string }> {
  return runTransaction(
    services,
    async (tx) => {
      await checkUnique(tx, input)
      const [row] = await tx
        .insert(alliedUnits)
        .values({
          ...settable(input),
          invite_code: newInviteCode(),
          invite_expires_at: expiryOf(input.invite_expires_in_days),
        })
        .returning()
      await recordAudit(tx, admin, 'Allied unit added', `${row!.name} [${row!.tag}]`)
      return { id: row!.id, invite_url: inviteUrl(services.config, row!.invite_code) }
    },
    { name: 'allied unit create', changes: [] },
  )
}

export async function updateAlliedUnit(
  services: AppServices,
  admin: User,
  id: number,
  input: AlliedUnitInput,
): Promise<AlliedUnitItem> {
  return runTransaction(
    services,
    async (tx) => {
      const before = await unitRow(tx, id, true)
      await checkUnique(tx, input, id)
      await tx
        .update(alliedUnits)
        .set({
          ...settable(input),
          // The link's life is set again only when the edit names one.
          ...(input.invite_expires_in_days !== null
            ? { invite_expires_at: expiryOf(input.invite_expires_in_days) }
            : {}),
        })
        .where(eq(alliedUnits.id, id))
      await recordAudit(
        tx,
        admin,
        'Allied unit edited',
        before.name === input.name ? input.name : `${before.name} renamed ${input.name}`,
      )
      return getAlliedUnit(tx, services.config, id)
    },
    { name: 'allied unit update', ...ORBAT_CHANGED },
  )
}

/** The guests' slots and waitlist places go; the slots freed are offered to the waitlist. */
async function dropGuests(tx: DbOrTx, userIds: number[]): Promise<Placement[]> {
  const placements: Placement[] = []
  for (const userId of userIds) {
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.user_id, userId))
    const freed = await tx
      .update(slots)
      .set({ user_id: null })
      .where(eq(slots.user_id, userId))
      .returning({ id: slots.id })
    for (const slot of freed) {
      const placed = await fillSlot(tx, slot.id)
      if (placed) placements.push(placed)
    }
  }
  return placements
}

/** Deleting an allied unit ends its reservations (set null) and its guests (their slots freed first). */
export async function deleteAlliedUnit(services: AppServices, admin: User, id: number): Promise<void> {
  await runTransaction(
    services,
    async (tx) => {
      const row = await unitRow(tx, id, true)
      const guests = await tx
        .select({ user_id: alliedGuests.user_id })
        .from(alliedGuests)
        .where(eq(alliedGuests.allied_unit_id, id))
      const placements = await dropGuests(
        tx,
        guests.map((g) => g.user_id),
      )
      await tx.delete(alliedUnits).where(eq(alliedUnits.id, id))
      await recordAudit(
        tx,
        admin,
        'Allied unit deleted',
        `${row.name} [${row.tag}], ${guests.length} guest${guests.length === 1 ? '' : 's'}`,
      )
      return placements
    },
    { name: 'allied unit delete', ...ORBAT_CHANGED, syncRoles: (placed) => placed.map((p) => p.discordId) },
  )
}

export async function rotateInvite(
  services: AppServices,
  admin: User,
  id: number,
  days: number | null,
): Promise<{ invite_url: string }> {
  return runTransaction(
    services,
    async (tx) => {
      const row = await unitRow(tx, id, true)
      const code = newInviteCode()
      await tx
        .update(alliedUnits)
        .set({ invite_code: code, invite_expires_at: expiryOf(days) })
        .where(eq(alliedUnits.id, id))
      await recordAudit(tx, admin, 'Allied unit invite link rotated', row.name)
      return { invite_url: inviteUrl(services.config, code) }
    },
    { name: 'allied unit invite rotation', changes: [] },
  )
}

export async function listGuests(db: DbOrTx, id: number): Promise<AlliedGuest[]> {
  await unitRow(db, id)
  const rows = await db
    .select({
      user_id: users.id,
      name: sql<string>`coalesce(${users.display_name}, ${users.username})`,
      discord_id: users.discord_id,
      avatar: users.avatar,
      joined_at: alliedGuests.created_at,
      slot: sql<
        string | null
      >`(select s.role || ' (' || q.name || ')' from ${slots} s join ${squads} q on q.id = s.squad_id where s.user_id = ${users.id})`,
    })
    .from(alliedGuests)
    .innerJoin(users, eq(users.id, alliedGuests.user_id))
    .where(eq(alliedGuests.allied_unit_id, id))
    .orderBy(asc(alliedGuests.created_at), asc(users.id))
  return rows.map((r) => ({
    ...r,
    avatar: discordAvatarUrl(r.discord_id, r.avatar),
    joined_at: r.joined_at.toISOString(),
  }))
}

export async function removeGuest(services: AppServices, admin: User, id: number, userId: number): Promise<void> {
  await runTransaction(
    services,
    async (tx) => {
      const row = await unitRow(tx, id)
      const [guest] = await tx
        .delete(alliedGuests)
        .where(and(eq(alliedGuests.allied_unit_id, id), eq(alliedGuests.user_id, userId)))
        .returning({ user_id: alliedGuests.user_id })
      if (!guest) throw new NotFound(ALLY_MESSAGES.guestNotFound)
      const placements = await dropGuests(tx, [userId])
      const [user] = await tx
        .select({ name: sql<string>`coalesce(${users.display_name}, ${users.username})` })
        .from(users)
        .where(eq(users.id, userId))
      await recordAudit(tx, admin, 'Allied guest removed', `${user?.name ?? `User ${userId}`} from ${row.name}`)
      return placements
    },
    { name: 'allied guest removal', ...ORBAT_CHANGED, syncRoles: (placed) => placed.map((p) => p.discordId) },
  )
}

// Kept with the ORBAT's rights, which read it too (server/orbat sits a floor below).
export { guestUnitOf }

/** The allied unit of a live invite code, or null (unknown or expired). */
export async function unitOfInvite(
  db: DbOrTx,
  code: string,
): Promise<{ id: number; name: string; tag: string } | null> {
  const [row] = await db
    .select({ id: alliedUnits.id, name: alliedUnits.name, tag: alliedUnits.tag })
    .from(alliedUnits)
    .where(
      and(
        eq(alliedUnits.invite_code, code),
        sql`(${alliedUnits.invite_expires_at} is null or ${alliedUnits.invite_expires_at} > now())`,
      ),
    )
  return row ?? null
}

/**
 * A signed-in person joins the allied unit of an invite code as its guest. A roster member stays a member (409); a
 * guest of another allied unit moves to this one, giving up their slot and waitlist place (they were the other unit's).
 */
export async function joinByInvite(services: AppServices, user: User, code: string): Promise<JoinedAlly> {
  return runTransaction(
    services,
    async (tx) => {
      const unit = await unitOfInvite(tx, code)
      if (!unit) throw new Invalid(ALLY_MESSAGES.badCode)
      const [member] = await tx
        .select({ id: members.id })
        .from(members)
        .where(eq(members.discord_id, user.discord_id))
        .limit(1)
      if (member) throw new Conflict(ALLY_MESSAGES.isMember)
      const current = await guestUnitOf(tx, user.id)
      if (current?.id === unit.id)
        return { value: { allied_unit: unit, message: allyMessage(ALLY_MESSAGES.alreadyGuest, unit.name) }, placed: [] }
      const placed = current ? await dropGuests(tx, [user.id]) : []
      await tx
        .insert(alliedGuests)
        .values({ user_id: user.id, allied_unit_id: unit.id })
        .onConflictDoUpdate({ target: alliedGuests.user_id, set: { allied_unit_id: unit.id, created_at: new Date() } })
      await recordAudit(
        tx,
        user,
        'Allied guest joined',
        current ? `${unit.name} (was a guest of ${current.name})` : unit.name,
      )
      return { value: { allied_unit: unit, message: allyMessage(ALLY_MESSAGES.joined, unit.name) }, placed }
    },
    {
      name: 'allied guest join',
      changes: (result) => (result.placed.length ? ['orbat'] : []),
      syncRoles: (result) => result.placed.map((p) => p.discordId),
    },
  ).then((result) => result.value)
}
