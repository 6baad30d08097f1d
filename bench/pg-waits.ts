// Samples what the app's PostgreSQL connections are doing (pg_stat_activity), to tell a slow database from a slow
// app: "in transaction, waiting for the app" means the backend has nothing to do until the app sends the next query.
import type postgres from 'postgres'

const CATEGORIES = [
  'running',
  'waiting for the app (in transaction)',
  'row/transaction lock wait',
  'WAL flush (commit)',
  'other wait',
  'idle (no transaction)',
] as const
type Category = (typeof CATEGORIES)[number]

export interface WaitSampler {
  stop: () => Promise<string>
}

export function sampleWaits(sql: postgres.Sql, everyMs = 20): WaitSampler {
  const counts = new Map<Category, number>()
  const others = new Map<string, number>()
  let samples = 0
  let running = true
  const loop = (async () => {
    while (running) {
      try {
        const rows = await sql<Array<{ state: string | null; type: string | null; event: string | null }>>`
          select state, wait_event_type as type, wait_event as event from pg_stat_activity
          where application_name = 'milsim-unit' and backend_type = 'client backend' and pid <> pg_backend_pid()
            and query not ilike 'listen%'`
        samples++
        for (const r of rows) {
          const category: Category =
            r.state === 'idle'
              ? 'idle (no transaction)'
              : r.state?.startsWith('idle in transaction')
                ? 'waiting for the app (in transaction)'
                : r.type === null
                  ? 'running'
                  : r.type === 'Lock'
                    ? 'row/transaction lock wait'
                    : r.event === 'WALSync' ||
                        r.event === 'WALWrite' ||
                        r.event === 'WALWriteLock' ||
                        r.event === 'WalSync'
                      ? 'WAL flush (commit)'
                      : 'other wait'
          counts.set(category, (counts.get(category) ?? 0) + 1)
          if (category === 'other wait')
            others.set(`${r.type}:${r.event}`, (others.get(`${r.type}:${r.event}`) ?? 0) + 1)
        }
      } catch {
        // the sampler never fails the bench
      }
      await new Promise((r) => setTimeout(r, everyMs))
    }
  })()
  return {
    stop: async () => {
      running = false
      await loop
      const total = [...counts.values()].reduce((s, n) => s + n, 0)
      if (!total) return 'no samples'
      return (
        CATEGORIES.filter((c) => counts.get(c))
          .map((c) => {
            const share = `${c} ${((100 * counts.get(c)!) / total).toFixed(0)}%`
            if (c !== 'other wait') return share
            const top = [...others]
              .sort((x, y) => y[1] - x[1])
              .slice(0, 2)
              .map(([name]) => name)
            return `${share} (${top.join(', ')})`
          })
          .join(', ') + ` (${samples} samples, ${(total / samples).toFixed(1)} connections on average)`
      )
    },
  }
}
