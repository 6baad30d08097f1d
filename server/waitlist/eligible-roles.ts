import { and, asc, eq, ne } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '#db/client.ts'
import { eligibleRoles, slots } from '#db/schema/orbat.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { waitlistEntries } from '#db/schema/waitlist.ts'
import { recordAudit } from '../audit/audit.ts'
import { Conflict, NotFound } from '../errors.ts'
import { announceChange } from '../orbat/live.ts'

// Eligible (waitlist) roles (spec 1 §7 /api/admin/waitlist-roles) and the Danger Zone purge (DELETE /api/admin/waitlist).

export interface EligibleRoleItem {
  id: number
  role_name: string
  role_id: string
  can_join_general_waitlist: boolean
}

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0', '']), z.null()], { error: 'Must be true or false.' })
  .optional()
  .transform((v) => v === true || v === 'true' || v === 'on' || v === '1')

export const eligibleRoleInputSchema = z.object({
  role_name: z
    .string({ error: 'Role name is required.' })
    .trim()
    .min(1, 'Role name is required.')
    .max(100, 'Role name is too long (100 characters at most).'),
  role_id: z
    .string({ error: 'Role ID(s) are required.' })
    .transform((v) => v.split(',').map((id) => id.trim()).filter(Boolean))
    .refine((ids) => ids.length > 0, 'Role ID(s) are required.')
    .refine((ids) => ids.every((id) => /^\d{1,25}$/.test(id)), 'Role IDs must be Discord ids (digits), separated by commas.')
    .refine((ids) => ids.length <= 50, 'Too many role IDs.')
    .transform((ids) => [...new Set(ids)].join(',')),
  can_join_general_waitlist: flag,
})
export type EligibleRoleInput = z.output<typeof eligibleRoleInputSchema>

function toItem(row: typeof eligibleRoles.$inferSelect): EligibleRoleItem {
  return { id: row.id, role_name: row.role_name, role_id: row.role_id, can_join_general_waitlist: row.can_join_general_waitlist }
}

export async function listEligibleRoles(db: DbOrTx): Promise<EligibleRoleItem[]> {
  const rows = await db.select().from(eligibleRoles).orderBy(asc(eligibleRoles.role_name), asc(eligibleRoles.id))
  return rows.map(toItem)
}

async function assertNameFree(tx: DbOrTx, name: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: eligibleRoles.id })
    .from(eligibleRoles)
    .where(exceptId === undefined ? eq(eligibleRoles.role_name, name) : and(eq(eligibleRoles.role_name, name), ne(eligibleRoles.id, exceptId)))
    .limit(1)
  if (taken) throw new Conflict(`An eligible role named "${name}" already exists.`)
}

function describe(input: EligibleRoleInput) {
  return `${input.role_name} (${input.role_id})${input.can_join_general_waitlist ? ', general waitlist' : ''}`
}

export async function addEligibleRole(tx: DbOrTx, admin: User, input: EligibleRoleInput): Promise<EligibleRoleItem> {
  await assertNameFree(tx, input.role_name)
  const [row] = await tx.insert(eligibleRoles).values(input).returning()
  await recordAudit(tx, admin, 'Eligible role added', describe(input))
  return toItem(row!)
}

/** Renaming a role carries the slot locks that name it along (slots store the lock by name). */
export async function updateEligibleRole(tx: DbOrTx, admin: User, id: number, input: EligibleRoleInput): Promise<EligibleRoleItem> {
  const [current] = await tx.select().from(eligibleRoles).where(eq(eligibleRoles.id, id)).for('update').limit(1)
  if (!current) throw new NotFound('Eligible role not found.')
  await assertNameFree(tx, input.role_name, id)
  const [row] = await tx.update(eligibleRoles).set(input).where(eq(eligibleRoles.id, id)).returning()
  if (current.role_name !== input.role_name) {
    await tx.update(slots).set({ required_role_id: input.role_name }).where(eq(slots.required_role_id, current.role_name))
    await announceChange(tx)
  }
  const renamed = current.role_name !== input.role_name ? ` (was ${current.role_name})` : ''
  await recordAudit(tx, admin, 'Eligible role updated', `${describe(input)}${renamed}`)
  return toItem(row!)
}

export async function deleteEligibleRole(tx: DbOrTx, admin: User, id: number): Promise<void> {
  const [removed] = await tx.delete(eligibleRoles).where(eq(eligibleRoles.id, id)).returning()
  if (!removed) throw new NotFound('Eligible role not found.')
  await recordAudit(tx, admin, 'Eligible role deleted', `${removed.role_name} (${removed.role_id})`)
}

/** Danger Zone: empties the waitlist. Returns how many entries were removed. */
export async function purgeWaitlist(tx: DbOrTx, admin: User): Promise<number> {
  const removed = await tx.delete(waitlistEntries).returning({ id: waitlistEntries.id })
  await recordAudit(tx, admin, 'Waitlist purged', `${removed.length} ${removed.length === 1 ? 'entry' : 'entries'} removed.`)
  await announceChange(tx)
  return removed.length
}
