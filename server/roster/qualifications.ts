import { asc, eq, ne, and } from 'drizzle-orm'
import { z } from 'zod'
import type { DbOrTx } from '#db/client.ts'
import { qualifications } from '#db/schema/roster.ts'
import { tests } from '#db/schema/tests.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import { Conflict, NotFound } from '../errors.ts'

// Qualifications (spec 2 §2 Qualifications tab, §5: name required; description and Discord role ID optional).

const optionalText = (max: number, message: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v ?? '').trim() || null)
    .refine((v) => v === null || v.length <= max, message)

export const qualificationInputSchema = z.object({
  name: z.string({ error: 'Qualification name is required.' }).trim().min(1, 'Qualification name is required.').max(100, 'Qualification names are limited to 100 characters.'),
  description: optionalText(2000, 'The description is limited to 2,000 characters.'),
  discord_role_id: optionalText(25, 'The Discord role ID is too long.').refine((v) => v === null || /^\d+$/.test(v), 'The Discord role ID must contain digits only.'),
})
export type QualificationInput = z.output<typeof qualificationInputSchema>

export interface QualificationItem {
  id: number
  name: string
  description: string | null
  discord_role_id: string | null
}

export async function listQualifications(db: DbOrTx): Promise<QualificationItem[]> {
  return db
    .select({ id: qualifications.id, name: qualifications.name, description: qualifications.description, discord_role_id: qualifications.discord_role_id })
    .from(qualifications)
    .orderBy(asc(qualifications.name))
}

/** GET /api/roster/qualifications/public: for the public roster's filter. */
export async function listPublicQualifications(db: DbOrTx): Promise<Array<{ id: number; name: string }>> {
  return db.select({ id: qualifications.id, name: qualifications.name }).from(qualifications).orderBy(asc(qualifications.name))
}

async function assertNameFree(tx: DbOrTx, name: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: qualifications.id })
    .from(qualifications)
    .where(exceptId === undefined ? eq(qualifications.name, name) : and(eq(qualifications.name, name), ne(qualifications.id, exceptId)))
    .limit(1)
  if (taken) throw new Conflict(`A qualification named "${name}" already exists.`)
}

export async function createQualification(tx: DbOrTx, admin: User, input: QualificationInput): Promise<QualificationItem> {
  await assertNameFree(tx, input.name)
  const [row] = await tx.insert(qualifications).values(input).returning()
  await recordAudit(tx, admin, 'Qualification added', input.name)
  return { id: row!.id, name: row!.name, description: row!.description, discord_role_id: row!.discord_role_id }
}

export async function updateQualification(tx: DbOrTx, admin: User, id: number, input: QualificationInput): Promise<QualificationItem> {
  const [before] = await tx.select().from(qualifications).where(eq(qualifications.id, id)).for('update').limit(1)
  if (!before) throw new NotFound('Qualification not found.')
  await assertNameFree(tx, input.name, id)
  const [row] = await tx.update(qualifications).set(input).where(eq(qualifications.id, id)).returning()
  await recordAudit(tx, admin, 'Qualification updated', before.name === input.name ? input.name : `${before.name} -> ${input.name}`)
  return { id: row!.id, name: row!.name, description: row!.description, discord_role_id: row!.discord_role_id }
}

export async function deleteQualification(tx: DbOrTx, admin: User, id: number): Promise<void> {
  const usedBy = await tx.select({ name: tests.name }).from(tests).where(eq(tests.qualification_id, id)).orderBy(asc(tests.name))
  if (usedBy.length) {
    throw new Conflict(`This qualification is granted by the test${usedBy.length > 1 ? 's' : ''} ${usedBy.map((t) => `"${t.name}"`).join(', ')}. Change or delete ${usedBy.length > 1 ? 'them' : 'it'} first.`)
  }
  const [removed] = await tx.delete(qualifications).where(eq(qualifications.id, id)).returning({ name: qualifications.name })
  if (!removed) throw new NotFound('Qualification not found.')
  await recordAudit(tx, admin, 'Qualification deleted', removed.name)
}
