import { parseIdText } from '#contracts/fields.ts'
import type { Db } from '#db/client.ts'
import { Invalid } from '../errors.ts'
import { decided } from '../refusals.ts'
import { placementLine, type Placement } from './waitlist/placement.ts'
import type { CatalogText } from '../lib/i18n.ts'

// A member's own slot writes (docs/rules/orbat.md). Every rule (the time lock and the unlock fill first, banned, spacer,
// taken, the role lock, one slot per person with the move, the waitlist removal, the fill of the slot left behind,
// NOTIFY) is decided in PostgreSQL by one stored function, step by step and commented, in db/functions/orbat.sql: one
// round trip per sign-up. These call it and shape what it returns. The call goes through postgres.js itself, as a
// prepared statement: parsed and planned once per pooled connection, not once per press (drizzle's execute sends every
// statement unnamed).

/** Slot ids are PostgreSQL integers: anything larger is bad input, not a database error. */
const MAX_ID = 2_147_483_647

export function isValidId(id: number): boolean {
  return Number.isInteger(id) && id > 0 && id <= MAX_ID
}

/**
 * Who writes: a user id, and the session the write came with when there is one (the /api light path): the stored
 * function then checks in the same statement that the session is still live, so a logout on any instance stops
 * writes at once, whatever this instance's session cache still holds.
 */
export interface Writer {
  id: number
  sessionId?: string
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
  activity: CatalogText[]
  /** Whose slot changed (the member, anyone placed from the waitlist): their Discord roles follow after the commit. */
  discordIds: string[]
}

/** What orbat_sign_up and orbat_leave return: the member, the slot, and the waitlist placement they caused. */
interface SlotMove extends Record<string, unknown> {
  member_name: string
  member_discord_id: string
  slot_role: string
  squad_name: string
  placed_name: string | null
  placed_slot_role: string | null
  placed_squad_name: string | null
  placed_discord_id: string | null
  /** Set when the function refused before writing anything (server/refusals.ts). */
  refusal_code: string | null
  refusal_detail: string | null
}

function resultOf(slotId: number, move: SlotMove, line: 'signedUp' | 'left'): SlotActionResult {
  const said: CatalogText = {
    key: `channel.activity.${line}`,
    values: { name: move.member_name, role: move.slot_role, squad: move.squad_name },
  }
  const placement: Placement | null = move.placed_discord_id
    ? {
        userName: move.placed_name!,
        slotRole: move.placed_slot_role!,
        squadName: move.placed_squad_name!,
        discordId: move.placed_discord_id,
      }
    : null
  return {
    slotId,
    activity: placement ? [said, placementLine(placement)] : [said],
    discordIds: placement ? [move.member_discord_id, placement.discordId] : [move.member_discord_id],
  }
}

/**
 * A member takes an open slot; a slot they already hold is released (and offered to the waitlist) in the same step.
 * Refusals arrive as service errors (server/refusals.ts), UnlockFillPending among them.
 */
export async function signUpToSlot(db: Db, writer: Writer, slotId: number): Promise<SlotActionResult> {
  const [move] = await decided(
    db.$client<SlotMove[]>`select * from orbat_sign_up(${writer.id}, ${slotId}, ${writer.sessionId ?? null}::text)`,
  )
  return resultOf(slotId, move!, 'signedUp')
}

/** A member leaves their own slot; the freed slot goes to the longest-waiting qualified member. */
export async function leaveSlot(db: Db, writer: Writer, slotId: number): Promise<SlotActionResult> {
  const [move] = await decided(
    db.$client<SlotMove[]>`select * from orbat_leave(${writer.id}, ${slotId}, ${writer.sessionId ?? null}::text)`,
  )
  return resultOf(slotId, move!, 'left')
}
