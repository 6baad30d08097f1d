import { asc, eq } from 'drizzle-orm'
import type { PlatoonInput, PlatoonItem } from '#contracts/settings.ts'
import type { DbOrTx } from '#db/client.ts'
import { platoons, squads } from '#db/schema/orbat.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import type { AppServices } from '../context.ts'
import { NotFound } from '../errors.ts'
import { assertNameFree } from '../names.ts'
import { runTransaction } from '../transaction.ts'
import { discordNames } from '../discord/names.ts'
import { countOf } from '#contracts/plural.ts'

// Platoons (/api/admin/platoons; docs/rules/orbat.md): deleting one leaves its squads unassigned (FK on delete set
// null).

export async function listPlatoons(db: DbOrTx): Promise<PlatoonItem[]> {
  return db
    .select({ id: platoons.id, name: platoons.name, discord_role_id: platoons.discord_role_id })
    .from(platoons)
    .orderBy(asc(platoons.name), asc(platoons.id))
}

export async function createPlatoon(services: AppServices, admin: User, input: PlatoonInput): Promise<PlatoonItem> {
  const names = await discordNames(services, { roles: true })
  return runTransaction(
    services,
    async (tx) => {
      await assertNameFree(
        tx,
        { table: platoons, id: platoons.id, name: platoons.name },
        input.name,
        `A platoon named "${input.name}" already exists.`,
      )
      const [row] = await tx
        .insert(platoons)
        .values(input)
        .returning({ id: platoons.id, name: platoons.name, discord_role_id: platoons.discord_role_id })
      await recordAudit(tx, admin, 'Platoon created', `${input.name}, role ${names.role(input.discord_role_id)}`)
      return row!
    },
    // A new platoon holds no squad yet: nothing the ORBAT shows changed.
    { name: 'create platoon', changes: [] },
  )
}

/** Returns how many squads became unassigned. */
export function deletePlatoon(services: AppServices, admin: User, id: number): Promise<{ unassignedSquads: number }> {
  return runTransaction(
    services,
    async (tx) => {
      const assigned = await tx.select({ id: squads.id }).from(squads).where(eq(squads.platoon_id, id))
      const [removed] = await tx.delete(platoons).where(eq(platoons.id, id)).returning()
      if (!removed) throw new NotFound('Platoon not found.')
      const n = assigned.length
      await recordAudit(
        tx,
        admin,
        'Platoon deleted',
        `${removed.name}${n ? `; ${countOf(n, 'squad')} unassigned` : ''}.`,
      )
      return { unassignedSquads: n }
    },
    // The ORBAT shows a squad's platoon id (not the platoon's name): it changes only for the squads set free.
    { name: 'delete platoon', changes: ({ unassignedSquads }) => (unassignedSquads ? ['orbat'] : []) },
  )
}
