// The demo's joint operation (docs/rules/joint-operations.md): the allied 3rd Commando Brigade [3CB] with the second
// helicopter (Raven 1-2) reserved for it, and its two guests, one of them already in the reserved pilot's seat. The
// linked operations of the demo are past, so the reservation holds until an admin links an upcoming one.
import crypto from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { Tx } from '../client.ts'
import { alliedGuests, alliedUnits } from '../schema/allies.ts'
import { slots, squads } from '../schema/orbat.ts'
import { users } from '../schema/users-sessions.ts'
import { DEMO_ALLIES } from './demo-guild.ts'

const DAY_MS = 86_400_000

export async function seedAllies(tx: Tx, now: Date): Promise<void> {
  const [ally] = await tx
    .insert(alliedUnits)
    .values({
      name: '3rd Commando Brigade',
      tag: '3CB',
      contact_discord_id: DEMO_ALLIES[0]!.id,
      release_hours_before: 24,
      invite_code: crypto.randomBytes(18).toString('base64url'),
    })
    .returning({ id: alliedUnits.id })
  const guests = await tx
    .insert(users)
    .values(
      DEMO_ALLIES.map((u, i) => ({
        discord_id: u.id,
        username: u.username,
        display_name: u.global_name,
        roles_refreshed_at: now,
        created_at: new Date(now.getTime() - (10 - i) * DAY_MS),
        last_login_at: new Date(now.getTime() - DAY_MS),
      })),
    )
    .returning({ id: users.id })
  await tx.insert(alliedGuests).values(guests.map((g) => ({ user_id: g.id, allied_unit_id: ally!.id })))
  const [raven] = await tx.select({ id: squads.id }).from(squads).where(eq(squads.name, 'Raven (Air)'))
  if (!raven) throw new Error('seed: no Raven (Air) squad')
  const team = and(eq(slots.squad_id, raven.id), eq(slots.team, 'Raven 1-2'))
  await tx.update(slots).set({ team_reserved_for: ally!.id }).where(team)
  await tx
    .update(slots)
    .set({ user_id: guests[0]!.id })
    .where(and(team, eq(slots.role, 'Pilot')))
}
