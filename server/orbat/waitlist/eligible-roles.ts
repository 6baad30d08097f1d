import { asc, eq } from 'drizzle-orm'
import type { EligibleRoleInput, EligibleRoleItem } from '#contracts/settings.ts'
import type { DbOrTx } from '#db/client.ts'
import { eligibleRoles, slots } from '#db/schema/orbat.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { recordAudit } from '../../audit/audit.ts'
import type { AppServices } from '../../context.ts'
import { NotFound } from '../../errors.ts'
import { assertNameFree } from '../../names.ts'
import { runTransaction } from '../../transaction.ts'
import { countOf } from '#contracts/plural.ts'

// Eligible (waitlist) roles (/api/admin/waitlist-roles; docs/rules/orbat.md) and the Danger Zone purge (DELETE
// /api/admin/waitlist): one use case per admin action, for the settings pages and the /api routes alike.

const ROLE_NAMES = { table: eligibleRoles, id: eligibleRoles.id, name: eligibleRoles.role_name }
const nameTaken = (name: string) => `An eligible role named "${name}" already exists.`

function toItem(row: typeof eligibleRoles.$inferSelect): EligibleRoleItem {
  return {
    id: row.id,
    role_name: row.role_name,
    role_id: row.role_id,
    can_join_general_waitlist: row.can_join_general_waitlist,
  }
}

function describe(input: EligibleRoleInput) {
  return `${input.role_name} (${input.role_id})${input.can_join_general_waitlist ? ', general waitlist' : ''}`
}

export async function listEligibleRoles(db: DbOrTx): Promise<EligibleRoleItem[]> {
  const rows = await db.select().from(eligibleRoles).orderBy(asc(eligibleRoles.role_name), asc(eligibleRoles.id))
  return rows.map(toItem)
}

/** Adds a role, or (with `id`) edits it. Renaming a role carries the slot locks that name it along (slots store the lock by name). */
export function saveEligibleRole(
  services: AppServices,
  admin: User,
  input: EligibleRoleInput,
  id?: number,
): Promise<EligibleRoleItem> {
  return runTransaction(
    services,
    (tx) => (id === undefined ? addRole(tx, admin, input) : updateRole(tx, admin, id, input)),
    // The ORBAT shows slot locks by role name, and a role decides who may take them and join the waitlist.
    { name: 'save eligible role', changes: ['orbat'] },
  )
}

async function addRole(tx: DbOrTx, admin: User, input: EligibleRoleInput): Promise<EligibleRoleItem> {
  await assertNameFree(tx, ROLE_NAMES, input.role_name, nameTaken(input.role_name))
  const [row] = await tx.insert(eligibleRoles).values(input).returning()
  await recordAudit(tx, admin, 'Eligible role added', describe(input))
  return toItem(row!)
}

async function updateRole(tx: DbOrTx, admin: User, id: number, input: EligibleRoleInput): Promise<EligibleRoleItem> {
  const [current] = await tx.select().from(eligibleRoles).where(eq(eligibleRoles.id, id)).for('update').limit(1)
  if (!current) throw new NotFound('Eligible role not found.')
  await assertNameFree(tx, ROLE_NAMES, input.role_name, nameTaken(input.role_name), id)
  const [row] = await tx.update(eligibleRoles).set(input).where(eq(eligibleRoles.id, id)).returning()
  if (current.role_name !== input.role_name) {
    await tx
      .update(slots)
      .set({ required_role_id: input.role_name })
      .where(eq(slots.required_role_id, current.role_name))
  }
  const renamed = current.role_name !== input.role_name ? ` (was ${current.role_name})` : ''
  await recordAudit(tx, admin, 'Eligible role updated', `${describe(input)}${renamed}`)
  return toItem(row!)
}

export function deleteEligibleRole(services: AppServices, admin: User, id: number): Promise<void> {
  return runTransaction(
    services,
    async (tx) => {
      const [removed] = await tx.delete(eligibleRoles).where(eq(eligibleRoles.id, id)).returning()
      if (!removed) throw new NotFound('Eligible role not found.')
      await recordAudit(tx, admin, 'Eligible role deleted', `${removed.role_name} (${removed.role_id})`)
    },
    { name: 'delete eligible role', changes: ['orbat'] },
  )
}

/** Danger Zone: empties the waitlist. Returns how many entries were removed. */
export function purgeWaitlist(services: AppServices, admin: User): Promise<number> {
  return runTransaction(
    services,
    async (tx) => {
      const removed = await tx.delete(waitlistEntries).returning({ id: waitlistEntries.id })
      await recordAudit(tx, admin, 'Waitlist purged', `${countOf(removed.length, 'entry', 'entries')} removed.`)
      return removed.length
    },
    { name: 'purge waitlist', changes: (removed) => (removed ? ['orbat'] : []) },
  )
}
