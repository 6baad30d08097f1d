import { and, eq, ne } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '#db/client.ts'
import { Conflict } from './errors.ts'

// Named things an admin creates (eligible roles, presets, platoons, qualifications) are told apart by their name.

interface NamedTable {
  table: PgTable
  id: PgColumn
  name: PgColumn
}

/** Throws Conflict(`message`) when another row (not `exceptId`) already has the name. */
export async function assertNameFree(
  tx: DbOrTx,
  { table, id, name }: NamedTable,
  value: string,
  message: string,
  exceptId?: number,
): Promise<void> {
  const [taken] = await tx
    .select({ id })
    .from(table)
    .where(exceptId === undefined ? eq(name, value) : and(eq(name, value), ne(id, exceptId)))
    .limit(1)
  if (taken) throw new Conflict(message)
}
