import { asc, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '#db/client.ts'
import { platoons, squads } from '#db/schema/orbat.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import { Conflict, NotFound } from '../errors.ts'
import { announceChange } from './live.ts'

// Platoons (spec 1 §7 /api/admin/platoons): deleting one leaves its squads unassigned (FK on delete set null).

export interface PlatoonItem {
  id: number
  name: string
  discord_role_id: string
}

export const platoonInputSchema = z.object({
  name: z.string({ error: 'Platoon name is required.' }).trim().min(1, 'Platoon name is required.').max(100, 'Platoon name is too long (100 characters at most).'),
  discord_role_id: z
    .string({ error: 'Discord role ID is required.' })
    .trim()
    .min(1, 'Discord role ID is required.')
    .regex(/^\d{1,25}$/, 'The Discord role ID must contain digits only.'),
})
export type PlatoonInput = z.output<typeof platoonInputSchema>

export async function listPlatoons(db: DbOrTx): Promise<PlatoonItem[]> {
  return db
    .select({ id: platoons.id, name: platoons.name, discord_role_id: platoons.discord_role_id })
    .from(platoons)
    .orderBy(asc(platoons.name), asc(platoons.id))
}

export async function createPlatoon(tx: DbOrTx, admin: User, input: PlatoonInput): Promise<PlatoonItem> {
  const [taken] = await tx.select({ id: platoons.id }).from(platoons).where(eq(platoons.name, input.name)).limit(1)
  if (taken) throw new Conflict(`A platoon named "${input.name}" already exists.`)
  const [row] = await tx
    .insert(platoons)
    .values(input)
    .returning({ id: platoons.id, name: platoons.name, discord_role_id: platoons.discord_role_id })
  await recordAudit(tx, admin, 'Platoon created', `${input.name} (role ${input.discord_role_id})`)
  return row!
}

/** Returns how many squads became unassigned. */
export async function deletePlatoon(tx: DbOrTx, admin: User, id: number): Promise<{ unassignedSquads: number }> {
  const assigned = await tx.select({ id: squads.id }).from(squads).where(eq(squads.platoon_id, id))
  const [removed] = await tx.delete(platoons).where(eq(platoons.id, id)).returning()
  if (!removed) throw new NotFound('Platoon not found.')
  const n = assigned.length
  await recordAudit(tx, admin, 'Platoon deleted', `${removed.name}${n ? `; ${n} ${n === 1 ? 'squad' : 'squads'} unassigned` : ''}.`)
  if (n) await announceChange(tx)
  return { unassignedSquads: n }
}
