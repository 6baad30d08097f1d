import { lt, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { cursorAfter, type ListCursor } from '#contracts/paging.ts'

// What the event and training lists share: pages walked backwards in time over an index on (start, id), each asked
// for with one row more than it shows, so the page knows whether an older one exists without counting
// (docs/decisions/033-stored-counts-and-keyset-pages.md).

/** Rows that start before the cursor: a row comparison the (start, id) index answers as a range. */
export function startsBefore(start: PgColumn, id: PgColumn, cursor: ListCursor): SQL {
  if (cursor.id === null) return lt(start, cursor.start)
  return sql`(${start}, ${id}) < (${cursor.start.toISOString()}::timestamptz, ${cursor.id}::int)`
}

/** A page of past items, newest first, and the cursor of the next (older) page when there is one. */
export interface PastPage<T> {
  past: T[]
  older: string | null
}

/** `rows`: up to `size + 1` rows, newest first; the extra one only says that an older page exists. */
export function pastPage<T extends { id: number; date: string }>(rows: T[], size: number): PastPage<T> {
  const past = rows.slice(0, size)
  return { past, older: rows.length > size ? cursorAfter(past.at(-1)!) : null }
}
