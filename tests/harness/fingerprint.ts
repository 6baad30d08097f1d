import { sql } from 'drizzle-orm'
import type { TestApp } from './app.ts'

/**
 * The whole database (every table but the login tables, which reads touch) and what the Discord stand-in was asked
 * to do, as one comparable string: equal before and after means a request changed nothing.
 */
export async function stateFingerprint(t: TestApp): Promise<string> {
  const db = t.database.db
  const tables = (await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('sessions', 'users') order by 1`,
  )) as unknown as Array<{ name: string }>
  const parts = (await db.execute<{ name: string; hash: string }>(
    sql.raw(tables.map((r) => `select '${r.name}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from "${r.name}" t`).join(' union all ')),
  )) as unknown as Array<{ name: string; hash: string }>
  // NOTE: union all returns the tables in no particular order.
  parts.sort((a, b) => a.name.localeCompare(b.name))
  const discord = t.discord.state
  return JSON.stringify([parts, discord.messages.length, discord.roleChanges.length, discord.channels.size])
}
