import { sql } from 'drizzle-orm'
import { RESEAT_WHY, type Reseat, type ReseatReason, type VersionLayout } from '#contracts/orbat-history.ts'
import type { DbOrTx } from '#db/client.ts'
import { members } from '#db/schema/roster.ts'
import { users } from '#db/schema/users-sessions.ts'
import { isSpacer } from './orbat.ts'

// Who a restore puts back (docs/rules/orbat-history.md, Restore and Undo): a slot the version brings back (it is not in
// the ORBAT now, or it is and nobody holds it) gets back whoever held it in the version when that member holds no slot
// the restore keeps, is not banned, is on the roster and meets the slot's role lock. A slot someone holds now keeps
// them. The lock is judged by the sign-up's own rule, the stored
// function holds_lock_role of db/functions/orbat.sql, against the member's Discord roles as last read from Discord.
// A manual name is text (docs/rules/orbat.md, One slot per person) and comes back with its slot.

/** A slot as the ORBAT holds it now: its id, its member and its typed name. */
export interface PresentSlot {
  id: number
  user_id: number | null
  manual_username: string | null
}

export interface ReseatDecision extends Reseat {
  /** Slot id (the version's) -> the member put back in it. */
  seats: Map<number, { user_id: number | null; manual_username: string | null }>
}

interface Candidate {
  slot_id: number
  user_id: number
  lock: string | null
  /** The allied unit the slot was reserved for in the version (its own, its team's or its squad's), or null. */
  reserved: number | null
}

type Standing = {
  slot_id: number
  found: boolean
  on_roster: boolean
  banned: boolean
  meets_lock: boolean
  name: string | null
  /** A guest of an allied unit (docs/rules/joint-operations.md): their unit, and whether role locks bind them. */
  guest_unit: number | null
  guest_needs_roles: boolean
}

/**
 * Decides, for each held slot of the version that the restore brings back or finds empty, whether its member is put
 * back, from the slots as they stand (`present`: in the restore, read under the save's locks). A member whose present slot the
 * restore removes holds no slot after it, so is put back where they were.
 */
export async function decideReseats(
  db: DbOrTx,
  layout: VersionLayout,
  present: readonly PresentSlot[],
): Promise<ReseatDecision> {
  // The slots someone holds now (a member or a typed name): they keep their holder through the restore.
  const heldIds = new Set(present.flatMap((s) => (s.user_id !== null || s.manual_username !== null ? [s.id] : [])))
  const restoredIds = new Set(layout.slots.map((s) => s.id))
  // Members who hold a slot that stays after the restore.
  const seated = new Set(present.flatMap((s) => (s.user_id !== null && restoredIds.has(s.id) ? [s.user_id] : [])))
  const squadName = new Map(layout.squads.map((s) => [s.id, s.name]))
  const place = (slot: VersionLayout['slots'][number]) =>
    `${slot.role || 'a slot'} (${squadName.get(slot.squad_id) ?? 'a squad'})`
  const back = layout.slots.filter(
    (s) => !heldIds.has(s.id) && !isSpacer(s.role) && (s.user_id !== null || s.manual_username !== null),
  )
  const squadReserved = new Map(layout.squads.map((s) => [s.id, s.reserved_for ?? null]))
  const candidates: Candidate[] = back.flatMap((s) =>
    s.user_id === null
      ? []
      : [
          {
            slot_id: s.id,
            user_id: s.user_id,
            lock: s.required_role_id,
            reserved: s.reserved_for ?? s.team_reserved_for ?? squadReserved.get(s.squad_id) ?? null,
          },
        ],
  )
  const standing = new Map<number, Standing>()
  if (candidates.length) {
    const rows = await db.execute<Standing>(sql`
      select v.slot_id,
             ${users.id} is not null as found,
             ${members.id} is not null as on_roster,
             coalesce(${members.is_banned}, false) as banned,
             coalesce(holds_lock_role(v.lock, ${users.discord_roles}), false) as meets_lock,
             coalesce(${members.ingame_name}, ${users.display_name}, ${users.username}) as name,
             g.allied_unit_id as guest_unit, coalesce(a.guests_need_roles, false) as guest_needs_roles
        from jsonb_to_recordset(${JSON.stringify(candidates)}::jsonb) as v(slot_id int, user_id int, lock text)
        left join ${users} on ${users.id} = v.user_id
        left join ${members} on ${members.discord_id} = ${users.discord_id}
        left join allied_guests g on g.user_id = ${users.id}
        left join allied_units a on a.id = g.allied_unit_id`)
    for (const row of rows) standing.set(row.slot_id, row)
  }

  const decision: ReseatDecision = { put_back: [], not_put_back: [], seats: new Map() }
  for (const slot of back) {
    const where = place(slot)
    if (slot.user_id === null) {
      decision.put_back.push({ member: slot.manual_username!, slot: where })
      decision.seats.set(slot.id, { user_id: null, manual_username: slot.manual_username })
      continue
    }
    const person = standing.get(slot.id)
    const member = person?.name ?? slot.holder ?? 'A member'
    // A guest goes back to a slot the version reserved for their allied unit (role locks bind them only when their
    // unit says so); anyone else must still be on the roster.
    const reserved = candidates.find((c) => c.slot_id === slot.id)?.reserved ?? null
    const guest = person?.found && person.guest_unit !== null
    const reason: ReseatReason | null = !person?.found
      ? 'notOnRoster'
      : guest
        ? person.guest_unit !== reserved
          ? 'notReserved'
          : seated.has(slot.user_id)
            ? 'holdsSlot'
            : person.guest_needs_roles && !person.meets_lock
              ? 'lock'
              : null
        : !person.on_roster
          ? 'notOnRoster'
          : person.banned
            ? 'banned'
            : seated.has(slot.user_id)
              ? 'holdsSlot'
              : !person.meets_lock
                ? 'lock'
                : null
    if (reason) {
      decision.not_put_back.push({ member, slot: where, reason, why: RESEAT_WHY[reason](slot.required_role_id) })
      continue
    }
    decision.put_back.push({ member, slot: where })
    decision.seats.set(slot.id, { user_id: slot.user_id, manual_username: null })
  }
  return decision
}

/** The re-seat without its seats: what the answers and the confirms carry. */
export function reseatOf(decision: ReseatDecision): Reseat {
  return { put_back: decision.put_back, not_put_back: decision.not_put_back }
}
