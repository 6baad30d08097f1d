import postgres from 'postgres'

// Every table's rows as one checksum each: what the backup tests (tests/harness/backups.ts) and the backup bench
// (bench/backup.ts) compare before and after a restore. No test runner here: the bench imports it too.

/** Runs `work` on one connection to `url`, closed afterwards. */
export async function withSql<T>(url: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} })
  try {
    return await work(sql)
  } finally {
    await sql.end()
  }
}

/** Every table of the app's schemas with its columns, in order. */
export function tableColumns(url: string): Promise<Record<string, string[]>> {
  return withSql(url, async (sql) => {
    const rows = await sql<{ name: string; columns: string[] }[]>`
      select format('%I.%I', n.nspname, c.relname) as name,
             array_agg(quote_ident(a.attname) order by a.attnum) as columns
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
       where c.relkind = 'r' and n.nspname in ('public', 'drizzle') group by 1`
    return Object.fromEntries(rows.map((row) => [row.name, row.columns]))
  })
}

/**
 * Every table of the app's schemas with its row count and a checksum of its rows; with `columns`, of those columns
 * only (what an older version's database had, to compare it with the same data migrated forward).
 */
export function tableChecksums(url: string, columns?: Record<string, string[]>): Promise<Record<string, string>> {
  return withSql(url, async (sql) => {
    const tables = await sql<{ name: string }[]>`
      select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname in ('public', 'drizzle') order by 1`
    const sums: Record<string, string> = {}
    for (const { name } of tables) {
      const [row] = await sql.unsafe<[{ rows: number; sum: string | null }]>(
        `select count(*)::int as rows, md5(string_agg(t::text, E'\\n' order by t::text)) as sum
           from (select ${columns?.[name]?.join(', ') ?? '*'} from ${name}) t`,
      )
      sums[name] = `${row.rows}:${row.sum}`
    }
    return sums
  })
}
