import { eq } from 'drizzle-orm'
import type { DbOrTx } from '#db/client.ts'
import { alliedGuests, alliedUnits } from '#db/schema/allies.ts'

// Who is a guest of an allied unit (docs/rules/orbat.md, Reservations for allied units): what the ORBAT's rights and
// the allied units' use cases (server/allies, a floor above) both read.

export interface GuestUnit {
  id: number
  name: string
  tag: string
  /** Role locks bind the unit's guests too. */
  guests_need_roles: boolean
}

/** The allied unit a user is a guest of, or null. */
export async function guestUnitOf(db: DbOrTx, userId: number): Promise<GuestUnit | null> {
  const [row] = await db
    .select({
      id: alliedUnits.id,
      name: alliedUnits.name,
      tag: alliedUnits.tag,
      guests_need_roles: alliedUnits.guests_need_roles,
    })
    .from(alliedGuests)
    .innerJoin(alliedUnits, eq(alliedUnits.id, alliedGuests.allied_unit_id))
    .where(eq(alliedGuests.user_id, userId))
  return row ?? null
}
