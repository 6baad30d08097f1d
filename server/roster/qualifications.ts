import type { AppServices } from '../context.ts'
import { runTransaction } from '../transaction.ts'
import { and, asc, eq, ne } from 'drizzle-orm'
import type { QualificationInput } from '#contracts/roster.ts'
import type { QualificationItem } from '#contracts/roster-types.ts'
import type { DbOrTx } from '#db/client.ts'
import { qualifications } from '#db/schema/roster.ts'
import { tests } from '#db/schema/assessments.ts'
import type { User } from '#db/schema/users-sessions.ts'
import { recordAudit } from '../audit/audit.ts'
import { Conflict, NotFound } from '../errors.ts'
import { plural } from '#contracts/plural.ts'

// Qualifications (docs/rules/roster.md; name required, description and Discord role ID optional): the reads, the writes
// inside a use case's transaction, and the use cases below. The schema is in contracts/roster.ts.

const columns = {
  id: qualifications.id,
  name: qualifications.name,
  description: qualifications.description,
  discord_role_id: qualifications.discord_role_id,
}

export async function listQualifications(db: DbOrTx): Promise<QualificationItem[]> {
  return db.select(columns).from(qualifications).orderBy(asc(qualifications.name))
}

/** GET /api/roster/qualifications/public: for the public roster's filter. */
export async function listPublicQualifications(db: DbOrTx): Promise<Array<{ id: number; name: string }>> {
  return db
    .select({ id: qualifications.id, name: qualifications.name })
    .from(qualifications)
    .orderBy(asc(qualifications.name))
}

async function assertNameFree(tx: DbOrTx, name: string, exceptId?: number) {
  const [taken] = await tx
    .select({ id: qualifications.id })
    .from(qualifications)
    .where(
      exceptId === undefined
        ? eq(qualifications.name, name)
        : and(eq(qualifications.name, name), ne(qualifications.id, exceptId)),
    )
    .limit(1)
  if (taken) throw new Conflict(`A qualification named "${name}" already exists.`)
}

async function createQualification(tx: DbOrTx, admin: User, input: QualificationInput): Promise<QualificationItem> {
  await assertNameFree(tx, input.name)
  const [row] = await tx.insert(qualifications).values(input).returning(columns)
  await recordAudit(tx, admin, 'Qualification added', input.name)
  return row!
}

async function updateQualification(
  tx: DbOrTx,
  admin: User,
  id: number,
  input: QualificationInput,
): Promise<QualificationItem> {
  const [before] = await tx.select().from(qualifications).where(eq(qualifications.id, id)).for('update').limit(1)
  if (!before) throw new NotFound('Qualification not found.')
  await assertNameFree(tx, input.name, id)
  const [row] = await tx.update(qualifications).set(input).where(eq(qualifications.id, id)).returning(columns)
  await recordAudit(
    tx,
    admin,
    'Qualification updated',
    before.name === input.name ? input.name : `${before.name} -> ${input.name}`,
  )
  return row!
}

async function deleteQualification(tx: DbOrTx, admin: User, id: number): Promise<void> {
  const usedBy = await tx
    .select({ name: tests.name })
    .from(tests)
    .where(eq(tests.qualification_id, id))
    .orderBy(asc(tests.name))
  if (usedBy.length) {
    throw new Conflict(
      `This qualification is granted by the ${plural(usedBy.length, 'test', 'tests')} ${usedBy.map((t) => `"${t.name}"`).join(', ')}. Change or delete ${plural(usedBy.length, 'it', 'them')} first.`,
    )
  }
  const [removed] = await tx
    .delete(qualifications)
    .where(eq(qualifications.id, id))
    .returning({ name: qualifications.name })
  if (!removed) throw new NotFound('Qualification not found.')
  await recordAudit(tx, admin, 'Qualification deleted', removed.name)
}

export function addQualification(
  services: AppServices,
  admin: User,
  input: QualificationInput,
): Promise<QualificationItem> {
  return runTransaction(services, (tx) => createQualification(tx, admin, input), {
    name: 'add qualification',
    changes: [],
  })
}

export function editQualification(
  services: AppServices,
  admin: User,
  id: number,
  input: QualificationInput,
): Promise<QualificationItem> {
  return runTransaction(services, (tx) => updateQualification(tx, admin, id, input), {
    name: 'edit qualification',
    changes: [],
  })
}

export function removeQualification(services: AppServices, admin: User, id: number): Promise<void> {
  return runTransaction(services, (tx) => deleteQualification(tx, admin, id), {
    name: 'remove qualification',
    // The public roster filters by qualification held: the holders of a deleted one no longer match.
    changes: ['roster'],
  })
}
