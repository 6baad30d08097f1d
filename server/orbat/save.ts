import type { AppServices } from '../context.ts'
import { EVERYONE } from '../role-sync/queue.ts'
import { runTransaction } from '../transaction.ts'
import { emitWebhook } from '../webhooks/emit.ts'
import { emitSlotChanges, heldSlotsBefore } from '../webhooks/slots.ts'
import { placementLine } from './waitlist/placement.ts'
import { alliesToTell, reservedSlotCounts, tellAllyContacts, type AllyToTell } from './ally-contacts.ts'
import { postActivity } from '../discord/activity-channel.ts'
import { and, asc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm'
import type { OrbatSaveInput } from '#contracts/orbat.ts'
import { separateCards, squadCardSize, type CardRows } from '#contracts/orbat-layout.ts'
import type { DbOrTx } from '#db/client.ts'
import {
  orbatEdges,
  orbatNodeId,
  orbatPaxCounters,
  orbatWaypoints,
  platoons,
  slots,
  SPACER_MARK,
  squads,
} from '#db/schema/orbat.ts'
import { alliedUnits } from '#db/schema/allies.ts'
import { members } from '#db/schema/roster.ts'
import { users, type User } from '#db/schema/users-sessions.ts'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { recordAudit } from '../audit/audit.ts'
import { Conflict, Invalid } from '../errors.ts'
import { getSetting, lockActive } from '../unit/settings.ts'
import type { Placement } from './waitlist/placement.ts'
import { fillOpenSlots } from './waitlist/waitlist.ts'
import { lockFill } from './locks.ts'
import { isSpacer, loadOrbat } from './orbat.ts'
import { recordVersion } from './history.ts'
import { notify } from '../notifications/outbox.ts'
import { inEveryLanguage } from '../notifications/texts.ts'
import type { VersionVia } from '#contracts/orbat-history.ts'

// PUT /api/admin/orbat/save (docs/rules/orbat.md, Saving the ORBAT): the editor's whole diagram in one transaction.
//
// Ids: a positive id that names a stored row updates that row; any other id is a new row: none, a number <= 0 (the
// editor's temporary ids), an unknown number, or a text id (e.g. @xyflow/react's node ids). Rows the save does not mention are deleted. Slots name their squad by squadName (squad names are
// unique); edges name their ends by node id (`squad-<id>`, `waypoint-<id>`, `pax-<id>`) with the ids of this payload.
//
// Sign-ups made while an admin edits are never silently dropped (docs/decisions/012). The editor tells the server what
// it saw: `base_slots` lists every stored slot as loaded ({id, user_id}); a slot may also carry `base_user_id`. For
// each stored slot that holds a member now:
//   - unchanged since the editor loaded it: the editor's value wins (an admin may clear or move people);
//   - changed since (someone signed up, moved or was placed from the waitlist): the member is kept if the editor did
//     not touch that slot's assignment, and the save is refused with 409 if it did, or if it deletes the slot.
// A caller that sends no base is treated as having seen what it sends: a member it does not show is kept, and
// deleting their slot is refused. So no path drops a sign-up the caller did not see.
//
// The body's schema is contracts/orbat.ts `orbatSaveSchema` (the editor builds the same shape).

/** How a save came about, for its version (docs/rules/orbat-history.md): the editor's own unless told. */
export interface SaveVersionOptions {
  via?: VersionVia
  /** Goes before the version's counts: "Preset "Night ops" loaded", "Restored version 12". */
  note?: string
}

export interface SaveResult {
  /** The version this save wrote. */
  version: number
  squads: number
  slots: number
  /** Members kept in their slot because they signed up after the editor loaded. */
  kept: string[]
  /** Members whose slot the save removed or cleared (the admin saw them there). */
  removed: string[]
  /** Squads the save moved so that no two cards overlap. */
  moved: string[]
  placements: Placement[]
  /** Allied units the save left more reserved slots than they had: their contacts are told after the commit. */
  allies: AllyToTell[]
}

/** `---TEXT---` in upper case for a spacer row (docs/rules/orbat.md, Heading (spacer) rows); other roles as given. */
function normaliseRole(role: string): string {
  if (!isSpacer(role)) return role
  const text = role.replace(/^-{3}/, '').replace(/-{3}$/, '').trim().toUpperCase()
  return `${SPACER_MARK}${text}${SPACER_MARK}`
}

interface StoredSlot {
  id: number
  role: string
  squad: string
  user_id: number | null
  manual_username: string | null
  team: string
  reserved_for: number | null
  team_reserved_for: number | null
  holder: string | null
}

function where(slot: StoredSlot) {
  return `${slot.role || 'a slot'} (${slot.squad})`
}

type RowId = number | string | undefined
type SaveSlot = OrbatSaveInput['slots'][number]

/** Whether a row's id names a stored row (any other id, or none, is a new row). */
const storedId = (id: RowId, stored: { has: (id: number) => boolean }): id is number =>
  typeof id === 'number' && id > 0 && stored.has(id)

/** The node id an edge end uses for a row (`squad-3`, `squad-new-1`); a row without an id has none. */
const nodeKey = (kind: 'squad' | 'waypoint' | 'pax', id: RowId) => (id === undefined ? null : `${kind}-${id}`)

/** Checks the payload's own consistency (no database needed). Throws Invalid naming the row and field. */
function checkShape(input: OrbatSaveInput) {
  const names = new Map<string, number>()
  const squadIds = new Set<number | string>()
  input.squads.forEach((squad, i) => {
    if (names.has(squad.name))
      throw new Invalid(`squads[${i}].name: Two squads are named "${squad.name}". Squad names must be unique.`)
    if (squad.id !== undefined && squadIds.has(squad.id))
      throw new Invalid(`squads[${i}].id: Two squads have the id ${squad.id}.`)
    names.set(squad.name, i)
    if (squad.id !== undefined) squadIds.add(squad.id)
  })
  const slotIds = new Set<number | string>()
  input.slots.forEach((slot, i) => {
    if (!names.has(slot.squadName))
      throw new Invalid(`slots[${i}].squadName: A slot names the squad "${slot.squadName}", which is not in the save.`)
    if (slot.id !== undefined && slotIds.has(slot.id))
      throw new Invalid(`slots[${i}].id: Two slots have the id ${slot.id}.`)
    if (slot.id !== undefined) slotIds.add(slot.id)
    if (isSpacer(slot.role) && (slot.user_id !== null || slot.manual_username !== null)) {
      throw new Invalid(`slots[${i}].role: The heading row ${slot.role} in ${slot.squadName} cannot hold a person.`)
    }
  })
  for (const [list, field, kind] of [
    [input.waypoints, 'waypoints', 'waypoint'],
    [input.pax_counters, 'pax_counters', 'pax'],
  ] as const) {
    const ids = new Set<number | string>()
    list.forEach((point, i) => {
      if (point.id !== undefined && ids.has(point.id))
        throw new Invalid(
          `${field}[${i}].id: Two ${kind === 'pax' ? 'pax counters' : 'waypoints'} have the id ${point.id}.`,
        )
      if (point.id !== undefined) ids.add(point.id)
    })
  }
  const nodeIds = new Set<string | null>([
    ...input.squads.map((s) => nodeKey('squad', s.id)),
    ...input.waypoints.map((w) => nodeKey('waypoint', w.id)),
    ...input.pax_counters.map((p) => nodeKey('pax', p.id)),
  ])
  input.edges.forEach((edge, i) => {
    for (const end of ['source', 'target'] as const) {
      if (!nodeIds.has(edge[end]))
        throw new Invalid(`edges[${i}].${end}: An edge ends at ${edge[end]}, which is not in the save.`)
    }
  })
}

/**
 * The people the payload assigns by user_id: each exists, is not banned, and holds one slot only (one person, one
 * slot: the editor assigns a linked roster member by user_id). Errors name the row, the person and both slots.
 */
async function checkAssignedPeople(tx: DbOrTx, input: OrbatSaveInput) {
  const assignedUsers = [...new Set(input.slots.flatMap((s) => (s.user_id === null ? [] : [s.user_id])))]
  if (!assignedUsers.length) return
  const people = new Map(
    (
      await tx
        .select({
          id: users.id,
          name: sql<string>`coalesce(${members.ingame_name}, ${users.display_name}, ${users.username})`,
          banned: sql<boolean>`coalesce(${members.is_banned}, false)`,
        })
        .from(users)
        .leftJoin(members, eq(members.discord_id, users.discord_id))
        .where(inArray(users.id, assignedUsers))
    ).map((u) => [u.id, u]),
  )
  const slotName = (slot: SaveSlot) => `${slot.role || 'a slot'} (${slot.squadName})`
  const firstSlot = new Map<number, SaveSlot>()
  input.slots.forEach((slot, i) => {
    if (slot.user_id === null) return
    const person = people.get(slot.user_id)
    if (!person) throw new Invalid(`slots[${i}].user_id: User ${slot.user_id} does not exist.`)
    // NOTE: the database refuses a banned member in a slot too (UB001, migration 0002); checked here to say so plainly.
    if (person.banned)
      throw new Invalid(`slots[${i}].user_id: ${person.name} is banned and cannot hold a slot (${slotName(slot)}).`)
    const other = firstSlot.get(slot.user_id)
    if (other) {
      throw new Invalid(
        `slots[${i}].user_id: The same member is assigned to two slots. ${person.name} is in ${slotName(other)} and ${slotName(slot)}: one person holds one slot, clear one of them.`,
      )
    }
    firstSlot.set(slot.user_id, slot)
  })
}

/**
 * The squads with their cards kept apart (docs/rules/orbat.md, Cards never overlap): a card overlapping another moves
 * the shortest way to free space. Cards the save leaves where they were stay first (the older squad first), then the
 * ones it moves, then new ones, in the payload's order; so a squad dropped or added on top of another is the one
 * that moves. Sizes are the diagrams' own (contracts/orbat-layout.ts).
 */
function keepCardsApart(
  input: OrbatSaveInput,
  stored: ReadonlyArray<{ id: number; pos_x: number; pos_y: number }>,
): { squads: OrbatSaveInput['squads']; moved: string[] } {
  const rows = new Map<string, CardRows & { teamNames: Set<string> }>()
  for (const slot of input.slots) {
    let card = rows.get(slot.squadName)
    if (!card) rows.set(slot.squadName, (card = { teams: 0, slots: 0, spacers: 0, teamNames: new Set() }))
    card.teamNames.add(slot.team)
    card.teams = card.teamNames.size
    if (isSpacer(slot.role)) card.spacers++
    else card.slots++
  }
  const storedAt = new Map(stored.map((s) => [s.id, s]))
  const rank = (squad: OrbatSaveInput['squads'][number]) => {
    const before = typeof squad.id === 'number' ? storedAt.get(squad.id) : undefined
    if (!before) return 2
    return before.pos_x === squad.pos_x && before.pos_y === squad.pos_y ? 0 : 1
  }
  const cards = input.squads
    .map((squad, index) => ({
      key: index,
      rank: rank(squad),
      id: typeof squad.id === 'number' ? squad.id : 0,
      x: squad.pos_x,
      y: squad.pos_y,
      ...squadCardSize(rows.get(squad.name) ?? { teams: 0, slots: 0, spacers: 0 }),
    }))
    .sort((a, b) => a.rank - b.rank || (a.rank === 0 ? a.id - b.id : a.key - b.key))
  const moves = separateCards(cards)
  return {
    squads: input.squads.map((squad, index) => {
      const to = moves.get(index)
      return to ? { ...squad, pos_x: to.x, pos_y: to.y } : squad
    }),
    moved: input.squads.filter((_, index) => moves.has(index)).map((s) => s.name),
  }
}

/**
 * Members whose slot the save changed hear of it (docs/rules/notifications.md, slot_changed): moved to another slot,
 * removed from theirs, or put in one. A member kept where they were (the same slot, renamed or not) hears nothing, nor
 * does the admin of their own changes; the waitlist's placements after the save are told by the fill. The version
 * names the event.
 */
async function tellMovedMembers(
  tx: DbOrTx,
  admin: User,
  version: number,
  stored: StoredSlot[],
  saved: SaveSlot[],
  holderOf: (slot: SaveSlot) => number | null,
) {
  const before = new Map(stored.flatMap((s) => (s.user_id === null ? [] : [[s.user_id, s] as const])))
  const after = new Map<number, { id: RowId; place: string }>()
  for (const slot of saved) {
    const user = isSpacer(slot.role) ? null : holderOf(slot)
    if (user !== null) after.set(user, { id: slot.id, place: `${slot.role || 'a slot'} (${slot.squadName})` })
  }
  for (const user of new Set([...before.keys(), ...after.keys()])) {
    if (user === admin.id) continue
    const was = before.get(user)
    const now = after.get(user)
    if (was && now && was.id === now.id) continue
    const body = !now
      ? inEveryLanguage('notifications.slotChanged.removed', { from: where(was!) })
      : was
        ? inEveryLanguage('notifications.slotChanged.moved', { from: where(was), to: now.place })
        : inEveryLanguage('notifications.slotChanged.put', { to: now.place })
    await notify(
      tx,
      { userId: user },
      {
        kind: 'slot_changed',
        event: `slot-changed:${version}`,
        title: inEveryLanguage('notifications.slotChanged.title'),
        body,
        url: '/orbat',
      },
    )
  }
}

/**
 * Replaces the ORBAT with the editor's diagram and writes its version. Run inside one transaction (saveOrbatLayout
 * below; a restore runs it in its own).
 */
type SaveSquad = OrbatSaveInput['squads'][number]

/**
 * The reservations for allied units the save writes (docs/rules/joint-operations.md): a squad's, a team's and a slot's
 * as the body says; left out, a stored row keeps its own (a new slot joining a reserved team takes the team's). A
 * reservation naming an allied unit that does not exist is refused with its row.
 */
async function decideReservations(
  tx: DbOrTx,
  input: OrbatSaveInput,
  storedSquads: { id: number; reserved_for: number | null }[],
  storedSlots: {
    id: number
    squad: string
    team: string
    reserved_for: number | null
    team_reserved_for: number | null
  }[],
) {
  const named: [string, number | null | undefined][] = [
    ...input.squads.map((s, i) => [`squads[${i}].reserved_for`, s.reserved_for] as [string, number | null | undefined]),
    ...input.slots.flatMap((s, i) => [
      [`slots[${i}].reserved_for`, s.reserved_for] as [string, number | null | undefined],
      [`slots[${i}].team_reserved_for`, s.team_reserved_for] as [string, number | null | undefined],
    ]),
    ...(input.teams ?? []).map(
      (t, i) => [`teams[${i}].reserved_for`, t.reserved_for] as [string, number | null | undefined],
    ),
  ]
  const asked = [...new Set(named.flatMap(([, id]) => (typeof id === 'number' ? [id] : [])))]
  const known = new Set(
    asked.length
      ? (await tx.select({ id: alliedUnits.id }).from(alliedUnits).where(inArray(alliedUnits.id, asked))).map(
          (a) => a.id,
        )
      : [],
  )
  for (const [field, id] of named)
    if (typeof id === 'number' && !known.has(id)) throw new Invalid(`${field}: Allied unit ${id} does not exist.`)

  const squadStored = new Map(storedSquads.map((s) => [s.id, s.reserved_for]))
  const slotStored = new Map(storedSlots.map((s) => [s.id, s]))
  const teamKey = (squadName: string, team: string) => `${squadName}\u0000${team}`
  const teamStored = new Map(storedSlots.map((s) => [teamKey(s.squad, s.team), s.team_reserved_for]))
  const teamListed =
    input.teams && new Map(input.teams.map((t) => [teamKey(t.squadName, t.team), t.reserved_for ?? null]))
  const storedOf = (id: SaveSquad['id']) => (typeof id === 'number' ? id : -1)
  return {
    squad: (s: SaveSquad) =>
      s.reserved_for !== undefined ? s.reserved_for : (squadStored.get(storedOf(s.id)) ?? null),
    slot: (s: SaveSlot) =>
      s.reserved_for !== undefined ? s.reserved_for : (slotStored.get(storedOf(s.id))?.reserved_for ?? null),
    team: (s: SaveSlot) => {
      if (teamListed) return teamListed.get(teamKey(s.squadName, s.team)) ?? null
      if (s.team_reserved_for !== undefined) return s.team_reserved_for
      const stored = slotStored.get(storedOf(s.id))
      if (stored && stored.squad === s.squadName && stored.team === s.team) return stored.team_reserved_for
      return teamStored.get(teamKey(s.squadName, s.team)) ?? null
    },
  }
}

export async function saveOrbat(
  tx: DbOrTx,
  admin: User,
  body: OrbatSaveInput,
  options: SaveVersionOptions = {},
): Promise<SaveResult> {
  checkShape(body)
  // Saves serialise with each other and with waitlist fills; sign-ups wait on the slot row locks below.
  await lockFill(tx)
  const reservedBefore = await reservedSlotCounts(tx)

  const storedSquads = await tx
    .select({ id: squads.id, pos_x: squads.pos_x, pos_y: squads.pos_y, reserved_for: squads.reserved_for })
    .from(squads)
  const apart = keepCardsApart(body, storedSquads)
  const input: OrbatSaveInput = { ...body, squads: apart.squads }
  const storedSlots: StoredSlot[] = await tx
    .select({
      id: slots.id,
      role: slots.role,
      squad: squads.name,
      user_id: slots.user_id,
      manual_username: slots.manual_username,
      team: slots.team,
      reserved_for: slots.reserved_for,
      team_reserved_for: slots.team_reserved_for,
      holder: sql<string | null>`coalesce(${members.ingame_name}, ${users.display_name}, ${users.username})`,
    })
    .from(slots)
    .innerJoin(squads, eq(squads.id, slots.squad_id))
    .leftJoin(users, eq(users.id, slots.user_id))
    .leftJoin(members, eq(members.discord_id, users.discord_id))
    .orderBy(asc(slots.id))
    .for('update', { of: slots })
  // Who holds which slot, read under the rows' locks: a sign-up that commits before them tells its own slot.taken.
  const heldBefore = await heldSlotsBefore(tx)

  const platoonIds = new Set((await tx.select({ id: platoons.id }).from(platoons)).map((p) => p.id))
  input.squads.forEach((squad, i) => {
    if (squad.platoon_id !== null && !platoonIds.has(squad.platoon_id)) {
      throw new Invalid(
        `squads[${i}].platoon_id: Squad "${squad.name}" names platoon ${squad.platoon_id}, which does not exist.`,
      )
    }
  })
  await checkAssignedPeople(tx, input)
  const reservations = await decideReservations(tx, input, storedSquads, storedSlots)

  // --- Decide each stored member's fate (see the header comment).
  const storedSquadIds = new Set(storedSquads.map((s) => s.id))
  const storedSlotById = new Map(storedSlots.map((s) => [s.id, s]))
  const payloadSlotById = new Map<number, SaveSlot>()
  for (const slot of input.slots) if (storedId(slot.id, storedSlotById)) payloadSlotById.set(slot.id, slot)
  const baseById = new Map((input.base_slots ?? []).map((b) => [b.id, b.user_id]))
  // What the caller saw in a stored slot: base_slots, else the slot's base_user_id, else what it sends (no base at
  // all for a slot it deletes).
  const baseOf = (id: number, mine: SaveSlot | undefined): number | null | undefined => {
    if (baseById.has(id)) return baseById.get(id)!
    if (mine?.base_user_id !== undefined) return mine.base_user_id
    return mine ? mine.user_id : undefined
  }
  const finalUser = new Map<number, number | null>()
  const finalManual = new Map<number, string | null>()
  const kept: string[] = []
  const removed: string[] = []
  for (const stored of storedSlots) {
    const mine = payloadSlotById.get(stored.id)
    const current = stored.user_id
    const base = baseOf(stored.id, mine)
    if (mine) {
      finalUser.set(stored.id, mine.user_id)
      finalManual.set(stored.id, mine.manual_username)
      if (current === null || current === base || current === mine.user_id) {
        if (current !== null && mine.user_id !== current) removed.push(`${stored.holder} (${where(stored)})`)
        continue
      }
      // The slot's member changed after the editor loaded it.
      if (mine.user_id === (base ?? null) && mine.manual_username === (stored.manual_username ?? null)) {
        finalUser.set(stored.id, current)
        kept.push(`${stored.holder} (${where(stored)})`)
        continue
      }
      throw new Conflict(
        `${stored.holder} signed up to ${where(stored)} after you loaded the editor, and your changes would replace them. Discard Changes to reload the ORBAT, then make your edit again.`,
      )
    }
    if (current === null) continue
    if (base === current) {
      removed.push(`${stored.holder} (${where(stored)})`)
      continue
    }
    throw new Conflict(
      `${stored.holder} signed up to ${where(stored)} after you loaded the editor, and your save would delete that slot. Discard Changes to reload the ORBAT, then make your edit again.`,
    )
  }
  // A kept member may also be assigned elsewhere by the editor: one person, one slot.
  const holders = new Set<number>()
  for (const slot of input.slots) {
    const user = storedId(slot.id, storedSlotById) ? finalUser.get(slot.id)! : slot.user_id
    if (user === null) continue
    if (holders.has(user)) {
      // checkShape refused duplicates in the payload, so one of the two is a member kept by the rule above.
      const keptSlot = storedSlots.find((s) => s.user_id === user)
      const assignedTo = input.slots.find((s) => s.user_id === user)
      const second = assignedTo ? `, ${assignedTo.role || 'a slot'} (${assignedTo.squadName})` : ''
      throw new Conflict(
        `${keptSlot?.holder ?? 'A member'} signed up to ${keptSlot ? where(keptSlot) : 'a slot'} after you loaded the editor, and your save assigns them to a second slot${second}. Discard Changes to reload the ORBAT, then make your edit again.`,
      )
    }
    holders.add(user)
  }

  // --- Squads: delete the missing, park the kept under temporary names (renames may swap names), then write.
  const keptSquads = input.squads.flatMap((s) => (storedId(s.id, storedSquadIds) ? [{ ...s, id: s.id }] : []))
  const newSquads = input.squads.filter((s) => !storedId(s.id, storedSquadIds))
  const keptSquadIds = keptSquads.map((s) => s.id)
  const keptSlotIds = [...payloadSlotById.keys()]
  // Slots first: their rows are locked, and a removed squad cascades to its slots anyway.
  await tx.delete(slots).where(keptSlotIds.length ? notInArray(slots.id, keptSlotIds) : undefined)
  await tx.delete(squads).where(keptSquadIds.length ? notInArray(squads.id, keptSquadIds) : undefined)
  if (keptSquads.length) {
    await tx
      .update(squads)
      .set({ name: sql`chr(1) || ${squads.id}::text` })
      .where(inArray(squads.id, keptSquadIds))
    const rows = keptSquads.map((s) => ({
      id: s.id,
      name: s.name,
      pos_x: s.pos_x,
      pos_y: s.pos_y,
      is_primary: s.can_be_primary_waitlist,
      platoon_id: s.platoon_id,
      reserved_for: reservations.squad(s),
    }))
    await tx.execute(sql`
      update ${squads} as s
      set name = v.name, pos_x = v.pos_x, pos_y = v.pos_y, can_be_primary_waitlist = v.is_primary, platoon_id = v.platoon_id,
          reserved_for = v.reserved_for, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as v(id int, name text, pos_x double precision, pos_y double precision, is_primary boolean, platoon_id int, reserved_for int)
      where s.id = v.id`)
  }
  const squadIdByName = new Map<string, number>(keptSquads.map((s) => [s.name, s.id]))
  if (newSquads.length) {
    const inserted = await tx
      .insert(squads)
      .values(
        newSquads.map((s) => ({
          name: s.name,
          pos_x: s.pos_x,
          pos_y: s.pos_y,
          can_be_primary_waitlist: s.can_be_primary_waitlist,
          platoon_id: s.platoon_id,
          reserved_for: reservations.squad(s),
        })),
      )
      .returning({ id: squads.id, name: squads.name })
    for (const row of inserted) squadIdByName.set(row.name, row.id)
  }

  // --- Slots: clear the kept slots' people first (a member may move between two of them), then write.
  const slotRow = (slot: SaveSlot, user: number | null, manual: string | null) => ({
    squad_id: squadIdByName.get(slot.squadName)!,
    team: slot.team,
    team_order: slot.team_order,
    slot_order: slot.slot_order,
    role: normaliseRole(slot.role),
    user_id: isSpacer(slot.role) ? null : user,
    manual_username: isSpacer(slot.role) ? null : manual,
    required_role_id: slot.required_role_id,
    reserved_for: reservations.slot(slot),
    team_reserved_for: reservations.team(slot),
  })
  if (keptSlotIds.length) {
    await tx
      .update(slots)
      .set({ user_id: null })
      .where(and(inArray(slots.id, keptSlotIds), isNotNull(slots.user_id)))
    const rows = [...payloadSlotById].map(([id, s]) => ({
      id,
      ...slotRow(s, finalUser.get(id)!, finalManual.get(id)!),
    }))
    await tx.execute(sql`
      update ${slots} as s
      set squad_id = v.squad_id, team = v.team, team_order = v.team_order, slot_order = v.slot_order, role = v.role,
          user_id = v.user_id, manual_username = v.manual_username, required_role_id = v.required_role_id,
          reserved_for = v.reserved_for, team_reserved_for = v.team_reserved_for, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as v(id int, squad_id int, team text, team_order int, slot_order int, role text, user_id int, manual_username text,
             required_role_id text, reserved_for int, team_reserved_for int)
      where s.id = v.id`)
  }
  const newSlots = input.slots.filter((s) => !storedId(s.id, storedSlotById))
  if (newSlots.length) await tx.insert(slots).values(newSlots.map((s) => slotRow(s, s.user_id, s.manual_username)))

  // --- Waypoints and pax counters keep their ids where they can (open pages keep their nodes), then the edges.
  const nodeMap = new Map<string, string>()
  for (const s of input.squads) {
    const key = nodeKey('squad', s.id)
    if (key) nodeMap.set(key, orbatNodeId.squad(squadIdByName.get(s.name)!))
  }
  for (const [table, list, kind, node] of [
    [orbatWaypoints, input.waypoints, 'waypoint', orbatNodeId.waypoint],
    [orbatPaxCounters, input.pax_counters, 'pax', orbatNodeId.paxCounter],
  ] as const) {
    const stored = new Set((await tx.select({ id: table.id }).from(table)).map((r) => r.id))
    const keptPoints = list.flatMap((p) => (storedId(p.id, stored) ? [{ ...p, id: p.id }] : []))
    await tx.delete(table).where(
      keptPoints.length
        ? notInArray(
            table.id,
            keptPoints.map((p) => p.id),
          )
        : undefined,
    )
    for (const p of keptPoints) {
      await tx.update(table).set({ pos_x: p.pos_x, pos_y: p.pos_y }).where(eq(table.id, p.id))
      nodeMap.set(node(p.id), node(p.id))
    }
    const fresh = list.filter((p) => !storedId(p.id, stored))
    if (fresh.length) {
      const inserted = await tx
        .insert(table)
        .values(fresh.map((p) => ({ pos_x: p.pos_x, pos_y: p.pos_y })))
        .returning({ id: table.id })
      fresh.forEach((p, i) => {
        const key = nodeKey(kind, p.id)
        if (key) nodeMap.set(key, node(inserted[i]!.id))
      })
    }
  }
  // Edges: an unchanged edge keeps its row (and id); the rest are replaced.
  const storedEdges = await tx.select().from(orbatEdges).orderBy(asc(orbatEdges.id))
  const edgeKey = (e: { source: string; target: string; source_handle: string | null; target_handle: string | null }) =>
    `${e.source}|${e.target}|${e.source_handle ?? ''}|${e.target_handle ?? ''}`
  const unmatched = new Map<string, number[]>()
  for (const e of storedEdges) unmatched.set(edgeKey(e), [...(unmatched.get(edgeKey(e)) ?? []), e.id])
  const edgeRows = input.edges
    .filter((e) => e.source !== e.target)
    .map((e) => ({
      source: nodeMap.get(e.source)!,
      target: nodeMap.get(e.target)!,
      source_handle: e.sourceHandle,
      target_handle: e.targetHandle,
      type: 'smoothstep',
    }))
  const freshEdges = edgeRows.filter((e) => {
    const ids = unmatched.get(edgeKey(e))
    return !ids?.shift()
  })
  const staleEdgeIds = [...unmatched.values()].flat()
  if (staleEdgeIds.length) await tx.delete(orbatEdges).where(inArray(orbatEdges.id, staleEdgeIds))
  if (freshEdges.length) await tx.insert(orbatEdges).values(freshEdges)

  // Members the admin placed leave the waitlist; then slots left open go to the waitlist (fill rule).
  const placed = [...holders.keys()]
  if (placed.length) await tx.delete(waitlistEntries).where(inArray(waitlistEntries.user_id, placed))
  // The members the save put in or took out of a slot, as their own sign-ups and leaves are told; then the waitlist's
  // fills, which tell their own (waitlist.promoted).
  await emitSlotChanges(tx, heldBefore)
  const placements = lockActive(await getSetting(tx, 'signup_time')) ? [] : await fillOpenSlots(tx)

  const slotCount = input.slots.filter((s) => !isSpacer(s.role)).length
  const details = [
    `${input.squads.length} squads, ${slotCount} slots, ${edgeRows.length} edges, ${input.waypoints.length} waypoints, ${input.pax_counters.length} pax counters.`,
    kept.length ? `Kept sign-ups made during the edit: ${kept.join(', ')}.` : '',
    removed.length ? `Removed from their slot: ${removed.join(', ')}.` : '',
    apart.moved.length ? `Moved so that no cards overlap: ${apart.moved.join(', ')}.` : '',
  ]
    .filter(Boolean)
    .join(' ')
  const via = options.via ?? 'editor'
  const version = await recordVersion(tx, admin, via, options.note)
  await recordAudit(tx, admin, 'ORBAT saved', details)
  await tellMovedMembers(tx, admin, version.id, storedSlots, input.slots, (slot) =>
    storedId(slot.id, storedSlotById) ? finalUser.get(slot.id)! : slot.user_id,
  )
  // The ORBAT as GET /api/orbat answers it after the save (the editor, a preset, a restore, an import alike).
  await emitWebhook(tx, 'orbat.saved', () => loadOrbat(tx))
  return {
    version: version.id,
    squads: input.squads.length,
    slots: slotCount,
    kept,
    removed,
    moved: apart.moved,
    placements,
    allies: await alliesToTell(tx, reservedBefore),
  }
}

/**
 * The admin editor's Save (PUT /api/admin/orbat/save): the whole diagram in one transaction (server/orbat/save.ts),
 * then the waitlist placements it made posted to the activity channel. `options.via` says how the layout came (the
 * editor, a loaded preset, an import) for its version.
 */
export async function saveOrbatLayout(
  services: AppServices,
  admin: User,
  input: OrbatSaveInput,
  options: SaveVersionOptions = {},
): Promise<SaveResult> {
  return runTransaction(services, (tx) => saveOrbat(tx, admin, input, options), {
    name: 'save ORBAT',
    changes: ['orbat'],
    // A save may move, clear or re-platoon anyone: the reconcile finds who gains and loses squad roles.
    syncRoles: () => [EVERYONE],
    after: async (result) => {
      postActivity(services, result.placements.map(placementLine))
      await tellAllyContacts(services, result.allies)
    },
  })
}
